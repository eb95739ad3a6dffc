import { PAGE_LIMIT_MAX, type TApiScope } from '@lantern/contracts';
import { z } from 'zod';

/** A route of the public API with the scope a token needs, and its list field if it pages. */
export interface PublicRoute {
  method: string;
  url: string;
  scope: TApiScope | 'any';
  listKey: string | undefined;
}

export const LIST_LIMIT_DEFAULT = 50;

export const ZPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  cursor: z.string().max(1000).optional(),
});
interface Cursor {
  /** The last item's key (hash or id) and its position, for when it has gone since. */
  k: string | number | null;
  i: number;
}
export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
export function decodeCursor(text: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    return Number.isInteger(c.i) && c.i >= 0 ? c : null;
  } catch {
    return null;
  }
}
export const itemKey = (item: unknown): string | number | null => {
  if (!item || typeof item !== 'object') return null;
  const o = item as Record<string, unknown>;
  for (const k of ['hash', 'id', 'key']) {
    if (typeof o[k] === 'string' || typeof o[k] === 'number') return o[k] as string | number;
  }
  return null;
};

/**
 * The array field of a list answer: an object whose only field is an array. Answers that page
 * themselves (`nextCursor`, the admin and vendor tables) and detail answers are not lists.
 */
export function listKeyOf(schema: unknown): string | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const keys = Object.keys(schema.shape);
  const [only] = keys;
  if (keys.length !== 1 || !only) return undefined;
  return schema.shape[only] instanceof z.ZodArray ? only : undefined;
}

/** One page of a list answer after the cursor, and the cursor of the next page if any. */
export function pageOf<T>(items: T[], limit: number, cursor: string | undefined) {
  let start = 0;
  const after = cursor ? decodeCursor(cursor) : null;
  if (after) {
    const at = after.k === null ? -1 : items.findIndex((item) => itemKey(item) === after.k);
    start = at >= 0 ? at + 1 : Math.min(after.i + 1, items.length);
  }
  const page = items.slice(start, start + limit);
  const last = start + page.length - 1;
  const next = last < items.length - 1 ? encodeCursor({ k: itemKey(items[last]), i: last }) : null;
  return { page, next };
}
