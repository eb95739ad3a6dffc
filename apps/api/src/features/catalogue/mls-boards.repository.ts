import { type Db, type MlsBoard, mlsBoards } from '@lantern/db';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

export interface MlsBoardsQuery {
  sort: 'name';
  search?: string | undefined;
  dir: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

/** What staff set on a board (everything but its slug and timestamps). */
export interface MlsBoardFields {
  name: string;
  shortName: string;
  states: string[];
  counties: string[] | null;
  region: string | null;
  website: string;
  sourceName: string;
  sourceUrl: string;
  notes: string | null;
  listingFeeCents: number | null;
  rules: string | null;
}

/**
 * The MLS and board-of-realtors dataset as staff edit it (issue 20). Local MLS listing reads the
 * same table on every request (features/catalogue/products.repository.ts), so a save changes availability at once.
 */
export function createMlsBoardRepository(db: Db) {
  async function bySlug(slug: string, tx: Pick<Db, 'select'> = db): Promise<MlsBoard | undefined> {
    const [row] = await tx.select().from(mlsBoards).where(eq(mlsBoards.slug, slug));
    return row;
  }
  return {
    bySlug,
    async page(q: MlsBoardsQuery) {
      const sort: KeysetSort = { expr: sql`lower(${mlsBoards.name})`, type: 'text', dir: q.dir };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const state = q.search?.trim().toUpperCase();
      const rows = await db
        .select({ board: mlsBoards, sortKey: sortText(sort), keyId: mlsBoards.id })
        .from(mlsBoards)
        .where(
          and(
            term
              ? or(
                  sql`${mlsBoards.name} ilike ${term}`,
                  sql`${mlsBoards.shortName} ilike ${term}`,
                  sql`${mlsBoards.slug} ilike ${term}`,
                  state && /^[A-Z]{2}$/.test(state)
                    ? sql`${state} = any(${mlsBoards.states})`
                    : undefined,
                )
              : undefined,
            afterCursor(sort, mlsBoards.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, mlsBoards.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },
    /** Every board, by name: what the public /mls and city pages show, read on each visit. */
    async all(): Promise<MlsBoard[]> {
      return db.select().from(mlsBoards).orderBy(asc(mlsBoards.name));
    },
    /** A new board; undefined when the slug is taken. */
    async create(slug: string, fields: MlsBoardFields): Promise<MlsBoard | undefined> {
      const [row] = await db
        .insert(mlsBoards)
        .values({ slug, ...fields })
        .onConflictDoNothing({ target: mlsBoards.slug })
        .returning();
      return row;
    },
    /** Change a board under a row lock; answers before and after, or undefined. */
    async update(slug: string, fields: MlsBoardFields) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(mlsBoards)
          .where(eq(mlsBoards.slug, slug))
          .for('update');
        if (!before) return undefined;
        const [after] = await tx
          .update(mlsBoards)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(mlsBoards.id, before.id))
          .returning();
        return after ? { before, after } : undefined;
      });
    },
  };
}
export type MlsBoardRepository = ReturnType<typeof createMlsBoardRepository>;
