import { type Db, jobs } from '@lantern/db';
import { and, desc, eq, ne, sql } from 'drizzle-orm';

/**
 * The rows of one job kind that the public-site rebuild (features/public-site/site-rebuild.ts)
 * reads and adjusts beyond what the runner does: its coalescing key and whether another run is on.
 */
export function createSiteRebuildJobRepository(db: Db, kind: string) {
  return {
    /** Free the job's dedupe key once it starts, so a save made now queues the next rebuild. */
    async releaseDedupeKey(id: number): Promise<void> {
      await db.update(jobs).set({ dedupeKey: null }).where(eq(jobs.id, id));
    },
    /** Whether another job of the kind holds a lease now (a rebuild running on some instance). */
    async otherRunning(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, kind),
            ne(jobs.id, id),
            eq(jobs.status, 'pending'),
            sql`${jobs.lockedUntil} > now()`,
          ),
        )
        .limit(1);
      return !!row;
    },
    /** The newest job of the kind, with whether it is running now. */
    async latest() {
      const [row] = await db
        .select({
          status: jobs.status,
          createdAt: jobs.createdAt,
          finishedAt: jobs.finishedAt,
          running: sql<boolean>`(${jobs.status} = 'pending' and coalesce(${jobs.lockedUntil} > now(), false))`,
        })
        .from(jobs)
        .where(eq(jobs.kind, kind))
        .orderBy(desc(jobs.id))
        .limit(1);
      return row;
    },
  };
}
export type SiteRebuildJobRepository = ReturnType<typeof createSiteRebuildJobRepository>;
