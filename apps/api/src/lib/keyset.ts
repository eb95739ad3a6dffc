import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Keyset paging for every admin and vendor list (issue 15): a page is "the next N rows after
 * this (sort value, id)", so page 500 costs what page 1 does and rows added meanwhile never shift
 * a page. The cursor carries the sort value as PostgreSQL printed it (`::text`), so a timestamp
 * keeps its microseconds and compares exactly when cast back.
 */
export type SortType = 'text' | 'timestamptz' | 'bigint' | 'date';

export interface KeysetSort {
  expr: SQLWrapper;
  type: SortType;
  dir: 'asc' | 'desc';
}

export class BadCursorError extends Error {
  constructor() {
    super('bad cursor');
    this.name = 'BadCursorError';
  }
}

interface Cursor {
  v: string;
  id: number;
}

export function encodeCursor(value: string, id: number): string {
  return Buffer.from(JSON.stringify({ v: value, id })).toString('base64url');
}

export function decodeCursor(cursor: string): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const { v, id } = parsed as Partial<Cursor>;
    if (typeof v === 'string' && Number.isSafeInteger(id)) return { v, id: id as number };
  } catch {
    // fall through
  }
  throw new BadCursorError();
}

const CAST: Record<SortType, SQL> = {
  text: sql`text`,
  timestamptz: sql`timestamptz`,
  bigint: sql`bigint`,
  // A calendar day prints as YYYY-MM-DD, so a cursor of a day sorted as text reads the same.
  date: sql`date`,
};

/** The condition "after the cursor" in the list's order; undefined for the first page. */
export function afterCursor(
  sort: KeysetSort,
  id: SQLWrapper,
  cursor: string | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  const c = decodeCursor(cursor);
  return afterValues(sort, id, c.v, c.id);
}

function afterValues(sort: KeysetSort, id: SQLWrapper, value: unknown, keyId: unknown): SQL {
  const op = sort.dir === 'asc' ? sql`>` : sql`<`;
  return sql`(${sort.expr}, ${id}) ${op} (${value}::${CAST[sort.type]}, ${keyId})`;
}

/**
 * afterCursor for a prepared statement (preparedShapes): the cursor's value and id are the
 * placeholders `cursorValue` and `cursorId`, which cursorValues() fills.
 */
export function afterCursorSlot(sort: KeysetSort, id: SQLWrapper): SQL {
  return afterValues(sort, id, sql.placeholder('cursorValue'), sql.placeholder('cursorId'));
}

/** The placeholders afterCursorSlot reads, from a cursor we made (else BadCursorError). */
export function cursorValues(cursor: string): { cursorValue: string; cursorId: number } {
  const c = decodeCursor(cursor);
  return { cursorValue: c.v, cursorId: c.id };
}

/**
 * Prepared statements kept per query shape (issue 46, decision 087). A staff list's SQL differs
 * only by which filters are set and its order; built per request through drizzle it cost more
 * CPU than the query itself. Each shape is built once, named by its shape (one name is one text,
 * as node-postgres requires on each connection), and PostgreSQL parses and plans it once per
 * connection; the values travel as placeholders.
 */
export function preparedShapes<S extends Record<string, string | boolean>, Q>(
  prefix: string,
  build: (shape: S, name: string) => Q,
) {
  const kept = new Map<string, Q>();
  return (shape: S): Q => {
    // The shape's values in a fixed order, "desc,1,0,…": short, for PostgreSQL's 63-byte names.
    const key = Object.keys(shape)
      .sort()
      .map((k) => (typeof shape[k] === 'boolean' ? Number(shape[k]) : shape[k]))
      .join(',');
    let query = kept.get(key);
    if (!query) {
      query = build(shape, `${prefix}:${key}`);
      kept.set(key, query);
    }
    return query;
  };
}

export function keysetOrder(sort: KeysetSort, id: SQLWrapper): SQL[] {
  const dir = sort.dir === 'asc' ? sql`asc` : sql`desc`;
  return [sql`${sort.expr} ${dir}`, sql`${id} ${dir}`];
}

/** Select this beside the row: the sort value as text, for the next cursor. */
export function sortText(sort: KeysetSort): SQL<string> {
  return sql<string>`(${sort.expr})::text`;
}

/**
 * Fetch `limit + 1` rows and pass them here: the extra row only says whether a next page
 * exists. Rows carry `sortKey` (sortText) and `keyId` (the id used in afterCursor).
 */
export function toPage<R extends { sortKey: string; keyId: number }>(
  rows: R[],
  limit: number,
): { rows: R[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { rows: page, nextCursor: more && last ? encodeCursor(last.sortKey, last.keyId) : null };
}

/**
 * One page of a list asked for through /api/v1 (decision 086): the size and the cursor of the
 * previous page's last row, checked by the api-tokens plugin before the handler runs.
 */
export interface PageWindow {
  limit: number;
  cursor: string | undefined;
}

/** Whether a cursor is one of ours, for the 422 before any query. */
export function isKeysetCursor(cursor: string): boolean {
  try {
    decodeCursor(cursor);
    return true;
  } catch {
    return false;
  }
}

/**
 * For a list sorted by its id alone: "after the cursor" as one comparison, which an index ending
 * in the id seeks to (a row comparison of the id with itself would only filter).
 */
export function afterIdCursor(
  id: SQLWrapper,
  dir: 'asc' | 'desc',
  cursor: string | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  const c = decodeCursor(cursor);
  return dir === 'asc' ? sql`${id} > ${c.id}` : sql`${id} < ${c.id}`;
}
