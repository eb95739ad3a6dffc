import { type Db, newHash, type SiteMediaRow, type SiteMediaVariant, siteMedia } from '@lantern/db';
import type { TSiteMediaKind } from '@lantern/domain';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';

export type NewSiteMedia = Omit<
  typeof siteMedia.$inferInsert,
  'id' | 'position' | 'createdAt' | 'updatedAt' | 'published'
> & { variants: Record<string, SiteMediaVariant> };

/** What staff may change of a photo. */
export interface SiteMediaChange {
  alt?: string;
  caption?: string | null;
  published?: boolean;
}

/** Takes the kind's order for the rest of the transaction (adds and moves wait in turn). */
const lockKind = (tx: Pick<Db, 'execute'>, kind: TSiteMediaKind) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site_media:${kind}`}))`);

/** Moving and removing photos, which renumber their kind's order. */
function orderChanges(db: Db) {
  return {
    /**
     * Swap a photo with its neighbour before (`up`) or after (`down`) it. The row, or undefined
     * when there is no such photo; a photo already first or last stays where it is.
     */
    async move(hash: string, direction: 'up' | 'down') {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(siteMedia).where(eq(siteMedia.hash, hash));
        if (!row) return undefined;
        await lockKind(tx, row.kind);
        const rows = await tx
          .select({ id: siteMedia.id, hash: siteMedia.hash })
          .from(siteMedia)
          .where(eq(siteMedia.kind, row.kind))
          .orderBy(asc(siteMedia.position));
        const at = rows.findIndex((r) => r.hash === hash);
        const to = direction === 'up' ? at - 1 : at + 1;
        if (to < 0 || to >= rows.length) return { from: at, to: at };
        [rows[at], rows[to]] = [
          rows[to] as (typeof rows)[number],
          rows[at] as (typeof rows)[number],
        ];
        // Positions made 0…n-1 again at the same time, so gaps never build up.
        for (const [position, r] of rows.entries()) {
          await tx
            .update(siteMedia)
            .set({ position, updatedAt: new Date() })
            .where(eq(siteMedia.id, r.id));
        }
        return { from: at, to };
      });
    },

    /** Remove a photo and close the gap in its kind's order; the removed row. */
    async remove(hash: string): Promise<SiteMediaRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(siteMedia).where(eq(siteMedia.hash, hash)).returning();
        if (!row) return undefined;
        await tx
          .update(siteMedia)
          .set({ position: sql`${siteMedia.position} - 1` })
          .where(and(eq(siteMedia.kind, row.kind), gt(siteMedia.position, row.position)));
        return row;
      });
    },
  };
}

/** Site media rows (docs/decisions/081-site-media.md): each kind in its own order. */
export function createSiteMediaRepository(db: Db) {
  return {
    newHash: () => newHash(),

    /** Every photo of a kind in order; `publishedOnly` for the public site. */
    list(kind: TSiteMediaKind, publishedOnly = false): Promise<SiteMediaRow[]> {
      const where = publishedOnly
        ? and(eq(siteMedia.kind, kind), eq(siteMedia.published, true))
        : eq(siteMedia.kind, kind);
      return db.select().from(siteMedia).where(where).orderBy(asc(siteMedia.position));
    },

    async find(hash: string): Promise<SiteMediaRow | undefined> {
      const [row] = await db.select().from(siteMedia).where(eq(siteMedia.hash, hash));
      return row;
    },

    /** Add at the end of its kind, unpublished; 'full' when the kind already holds `max`. */
    add(row: NewSiteMedia, max: number): Promise<SiteMediaRow | 'full'> {
      return db.transaction(async (tx) => {
        await lockKind(tx, row.kind);
        const [held] = await tx
          .select({ n: count(), last: sql<number>`coalesce(max(${siteMedia.position}), -1)` })
          .from(siteMedia)
          .where(eq(siteMedia.kind, row.kind));
        if ((held?.n ?? 0) >= max) return 'full';
        const [added] = await tx
          .insert(siteMedia)
          .values({ ...row, position: Number(held?.last ?? -1) + 1 })
          .returning();
        return added as SiteMediaRow;
      });
    },

    /** Change alt text, caption or published; the row before and after, or undefined. */
    async update(hash: string, change: SiteMediaChange) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(siteMedia)
          .where(eq(siteMedia.hash, hash))
          .for('update');
        if (!before) return undefined;
        const [after] = await tx
          .update(siteMedia)
          .set({ ...change, updatedAt: new Date() })
          .where(eq(siteMedia.id, before.id))
          .returning();
        return { before, after: after as SiteMediaRow };
      });
    },

    ...orderChanges(db),
  };
}
export type SiteMediaRepository = ReturnType<typeof createSiteMediaRepository>;
