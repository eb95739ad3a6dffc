import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminOrderRepository,
  ORDER_SEARCH_SORT_CAP,
} from '../src/features/orders/admin-orders.repository.ts';
import { createTestDatabase } from './helpers/build-test-app.ts';
import { seedAtScale } from './helpers/query-plans.ts';

/**
 * Staff's order search (decision 088): a few matches are found through trigram indexes and
 * sorted; many are found by walking the list's order. Both must answer what the search means:
 * the customer's email, the address ("street city") or the product, newest first.
 */
const ROWS = ORDER_SEARCH_SORT_CAP + 200;

describe('staff’s order search', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const page = (search: string, extra: Record<string, unknown> = {}) =>
    createAdminOrderRepository(db.database.db).page({
      limit: 25,
      dir: 'desc',
      status: 'all',
      search,
      ...extra,
    } as never);
  const hashes = (p: Awaited<ReturnType<typeof page>>) => p.rows.map((r) => r.order.hash);

  beforeAll(async () => {
    db = await createTestDatabase();
    // Order g: customer personG@example.com, property "G Elm St" in one of five cities.
    await seedAtScale(db.database.db, ROWS);
  }, 300_000);
  afterAll(() => db?.drop());

  it('finds an order by part of its customer’s email', async () => {
    expect(hashes(await page('PERSON17@'))).toEqual(['o17']);
  });

  it('finds orders by street and city together, newest first', async () => {
    // Every street ending in 7 is in Houston (g % 5 = 2): 7, 17, 27, … — a few matches, sorted.
    const first = await page('7 Elm St Houston');
    expect(hashes(first)).toEqual(Array.from({ length: 25 }, (_, i) => `o${10 * i + 7}`));
    expect(hashes(await page('7 Elm St Dallas'))).toEqual([]);
  });

  it('finds orders by product name', async () => {
    const [one] = (await page('7 Elm St Houston')).rows;
    const name = one?.productName ?? '';
    const found = await page(name.toUpperCase());
    expect(found.rows.length).toBe(25);
    for (const row of found.rows)
      expect(row.productName.toLowerCase()).toContain(name.toLowerCase());
  });

  it('walks the order when the matches are many, page after page', async () => {
    const first = await page('Elm St');
    expect(hashes(first)).toEqual(Array.from({ length: 25 }, (_, i) => `o${i + 1}`));
    const next = await page('Elm St', { cursor: first.nextCursor });
    expect(hashes(next)[0]).toBe('o26');
  });

  it('pages through a few matches with a status', async () => {
    // g % 5 = 2 is completed in the seed, as every street ending in 7 is.
    const first = await page('7 Elm St Houston', { status: 'completed', limit: 2 });
    expect(hashes(first)).toEqual(['o7', 'o17']);
    const next = await page('7 Elm St Houston', {
      status: 'completed',
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(hashes(next)).toEqual(['o27', 'o37']);
    expect(hashes(await page('7 Elm St Houston', { status: 'confirmed' }))).toEqual([]);
  });

  it('says nothing matches when nothing does', async () => {
    const none = await page('no such street');
    expect(none.rows).toEqual([]);
    expect(none.nextCursor).toBeNull();
  });

  it('treats % and _ as letters', async () => {
    expect(hashes(await page('%'))).toEqual([]);
  });
});
