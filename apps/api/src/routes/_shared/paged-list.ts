import type { FastifyRequest } from 'fastify';
import type { PageWindow } from '../../lib/keyset.ts';

/**
 * A list that grows with the data (decision 086): the whole list for the browser, one page read
 * in the database under /api/v1, whose next cursor the api-tokens plugin turns into headers.
 */
export async function wholeOrPage<R>(
  request: FastifyRequest,
  whole: () => Promise<R[]>,
  page: (window: PageWindow) => Promise<{ rows: R[]; nextCursor: string | null }>,
): Promise<R[]> {
  const window = request.listWindow;
  if (!window) return whole();
  const { rows, nextCursor } = await page(window);
  request.listNext = nextCursor;
  return rows;
}
