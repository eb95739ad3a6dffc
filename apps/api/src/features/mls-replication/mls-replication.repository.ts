import { auditLog, type Db, mlsReplications, type NewAuditEntry } from '@lantern/db';
import type { ClosedSale } from '@lantern/valuation';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { ClosedSaleRepository, SaleRights } from '../sales/closed-sales.repository.ts';

export type MlsReplicationRow = typeof mlsReplications.$inferSelect;
export interface SkippedRecord {
  key: string | null;
  reason: string;
}

/** One page's work, stored in one transaction with where the replication then stands. */
export interface PageResult {
  source: string;
  today: string;
  /** The page's sales by their rights (each record carries its own display right). */
  groups: readonly { rights: SaleRights; sales: readonly ClosedSale[] }[];
  /** Keys whose records are no longer Closed: their sales leave the store. */
  gone: readonly string[];
  cursor: { at: Date; key: string } | null;
  nextLink: string | null;
  /** Records this page held, and of them skipped. */
  read: number;
  skipped: number;
  /** The run's skipped records so far, at most 20, this page's included. */
  skippedList: SkippedRecord[];
}

/**
 * Where replication from an MLS stands (the `mls_replications` row, one per source) and the
 * page-by-page store into `closed_sales` (issue 49; docs/decisions/097-mls-replication.md).
 */
export function createMlsReplicationRepository(db: Db, sales: ClosedSaleRepository) {
  return {
    async state(source: string): Promise<MlsReplicationRow | undefined> {
      const [row] = await db
        .select()
        .from(mlsReplications)
        .where(eq(mlsReplications.source, source));
      return row;
    },

    /**
     * Start a run unless one is going: the row is taken when no run started, the last one
     * finished, or it started longer ago than `staleMs` (its process died). The run's counts
     * start at zero; the cursor and next link stay. Undefined when another run holds it.
     */
    async begin(source: string, staleMs: number): Promise<MlsReplicationRow | undefined> {
      await db.insert(mlsReplications).values({ source }).onConflictDoNothing();
      const [row] = await db
        .update(mlsReplications)
        .set({
          startedAt: sql`now()`,
          finishedAt: null,
          recordsRead: 0,
          recordsStored: 0,
          recordsSkipped: 0,
          skipped: [],
          error: null,
        })
        .where(
          and(
            eq(mlsReplications.source, source),
            or(
              isNull(mlsReplications.startedAt),
              isNotNull(mlsReplications.finishedAt),
              lt(
                mlsReplications.startedAt,
                sql`now() - ${`${Math.round(staleMs / 1000)} seconds`}::interval`,
              ),
            ),
          ),
        )
        .returning();
      return row;
    },

    /**
     * A page's sales written and its reverted sales removed, with their ZIPs' coverage, the
     * cursor and the next link, in one transaction: a run that stops resumes after this page.
     */
    async savePage(p: PageResult): Promise<{ written: number; removed: number }> {
      return db.transaction(async (tx) => {
        const zips = new Set<string>();
        let written = 0;
        for (const g of p.groups) {
          const stored = await sales.upsertMany(tx, g.sales, g.rights);
          written += stored.written;
          for (const z of stored.zips) zips.add(z);
        }
        const gone = await sales.removeMany(tx, p.source, p.gone);
        for (const z of gone.zips) zips.add(z);
        await sales.refreshCoverage(p.today, [...zips], tx);
        await tx
          .update(mlsReplications)
          .set({
            ...(p.cursor ? { cursorTimestamp: p.cursor.at, cursorKey: p.cursor.key } : {}),
            nextLink: p.nextLink,
            recordsRead: sql`${mlsReplications.recordsRead} + ${p.read}`,
            recordsStored: sql`${mlsReplications.recordsStored} + ${written}`,
            recordsSkipped: sql`${mlsReplications.recordsSkipped} + ${p.skipped}`,
            skipped: p.skippedList,
          })
          .where(eq(mlsReplications.source, p.source));
        return { written, removed: gone.removed };
      });
    },

    /** The run's end, with its activity entry when it changed something or failed. */
    async finish(source: string, error: string | null, audit: NewAuditEntry | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(mlsReplications)
          .set({ finishedAt: sql`now()`, error })
          .where(eq(mlsReplications.source, source));
        if (audit) await tx.insert(auditLog).values(audit);
      });
    },
  };
}
export type MlsReplicationRepository = ReturnType<typeof createMlsReplicationRepository>;
