import { z } from 'zod';
import { singleLineText } from '../text.ts';

/** The biggest page a list answers; CSV exports stream every row in batches instead. */
export const PAGE_LIMIT_MAX = 100;
export const EXPORT_BATCH = 1000;

/** What every admin and vendor list takes: a page size, the keyset cursor, a search box. */
export const ZListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(25),
  cursor: singleLineText().max(1000).optional(),
  search: singleLineText().trim().max(200, 'Keep the search under 200 characters.').optional(),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type TListQuery = z.infer<typeof ZListQuerySchema>;

/** A page of rows and the cursor of the next page (null on the last one). */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), nextCursor: z.string().nullable() });
}
export interface TPage<T> {
  rows: T[];
  nextCursor: string | null;
}

export const LIST_TEXTS = {
  badCursor: 'This page of the list is no longer available. Go back to the first page.',
} as const;
