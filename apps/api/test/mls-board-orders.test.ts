import { ORDER_MESSAGES } from '@lantern/contracts';
import { auditLog, taxRates } from '@lantern/db';
import { MLS_LISTING_API } from '@lantern/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { addWyomingBoards } from './helpers/mls-listing-fixtures.ts';

/**
 * Decision 056: an MLS listing is ordered once per board. A second order for a board the
 * property is already listed on is 409 in words; where several boards cover the county, a
 * listing on another one can be added.
 */
let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'boards');
  await addWyomingBoards(t.app, [
    ['pair-east-mls', 'East Pair MLS', ['Pair County', 'Single County']],
    ['pair-west-mls', 'West Pair MLS', ['Pair']],
  ]);
  await t.app.db.insert(taxRates).values({ state: 'WY', rateBasisPoints: 0 }).onConflictDoNothing();
});
afterAll(() => t.close());

const order = (property: string, product: string, board?: string, who = owner) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dashboard/orders',
    headers: { ...BROWSER, cookie: who.cookie },
    payload: { property, product, ...(board ? { board } : {}) },
  });
const choices = (property: string, who = owner) =>
  t.app.inject({
    url: `/api/dashboard/orders/mls-boards?property=${property}`,
    headers: { cookie: who.cookie },
  });
const home = (county: string, street: string) =>
  addProperty(t.app, owner.userId, 'seller', { state: 'WY', county, street });

describe('one MLS listing per board', () => {
  it('refuses a second order where one board covers the county, whichever product', async () => {
    const p = await home('Single County', '1 Single St');
    const first = await order(p.hash, 'mls-listing-local');
    expect(first.statusCode).toBe(201);
    expect(first.json().order.board).toBe('East Pair MLS');
    for (const product of ['mls-listing-state', 'mls-listing-local']) {
      const again = await order(p.hash, product);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: ORDER_MESSAGES.mlsOneBoard });
    }
    expect((await choices(p.hash)).json()).toMatchObject({ ordered: true, canAdd: false });
  });

  it('refuses the flat-fee listing twice where no board covers the county yet', async () => {
    const p = await home('Lone County', '2 Lone St');
    expect((await order(p.hash, 'mls-listing-state')).statusCode).toBe(201);
    const again = await order(p.hash, 'mls-listing-state');
    expect(again.statusCode).toBe(409);
  });

  it('adds a listing on another board covering the county, never the same one twice', async () => {
    const p = await home('Pair County', '3 Pair St');
    const first = await order(p.hash, 'mls-listing-state');
    expect(first.statusCode).toBe(201);
    expect(first.json().order.board).toBeNull();
    // The first listing's board is not chosen yet: choose it before adding another.
    const early = await order(p.hash, 'mls-listing-local', 'pair-west-mls');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ORDER_MESSAGES.mlsChooseFirst);

    const location = await t.app.inject({
      method: 'PUT',
      url: MLS_LISTING_API.location,
      headers: { ...BROWSER, cookie: owner.cookie },
      payload: {
        property: p.hash,
        propertyType: 'Residential',
        propertySubType: 'SingleFamilyResidence',
        board: 'pair-east-mls',
      },
    });
    expect(location.statusCode).toBe(200);
    expect((await choices(p.hash)).json()).toEqual({
      boards: [
        { slug: 'pair-east-mls', name: 'East Pair MLS', shortName: 'East', listed: true },
        { slug: 'pair-west-mls', name: 'West Pair MLS', shortName: 'West', listed: false },
      ],
      ordered: true,
      canAdd: true,
    });

    const same = await order(p.hash, 'mls-listing-local', 'pair-east-mls');
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ message: ORDER_MESSAGES.mlsSameBoard('East Pair MLS') });
    const unnamed = await order(p.hash, 'mls-listing-local');
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().errors).toEqual({ board: [ORDER_MESSAGES.mlsBoardRequired] });

    const added = await order(p.hash, 'mls-listing-local', 'pair-west-mls');
    expect(added.statusCode).toBe(201);
    expect(added.json().order.board).toBe('West Pair MLS');
    const listed = await t.app.inject({
      url: `/api/dashboard/orders?property=${p.hash}`,
      headers: { cookie: owner.cookie },
    });
    expect(listed.json().orders.map((o: { board: string | null }) => o.board)).toEqual([
      'West Pair MLS',
      'East Pair MLS',
    ]);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.place'), eq(auditLog.recordId, p.hash)));
    const entry = entries.find(
      (e) => (e.after as { order?: string } | null)?.order === added.json().order.hash,
    );
    expect(entry?.after).toMatchObject({
      product: 'mls-listing-local',
    });

    const full = await order(p.hash, 'mls-listing-state', 'pair-west-mls');
    expect(full.statusCode).toBe(409);
    expect((await choices(p.hash)).json()).toMatchObject({ canAdd: false });
  });

  it('places one of two orders for the same board sent at once', async () => {
    const p = await home('Pair County', '4 Race St');
    const both = await Promise.all([
      order(p.hash, 'mls-listing-local', 'pair-west-mls'),
      order(p.hash, 'mls-listing-state', 'pair-west-mls'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a board that does not cover the county, and another user’s property is 404', async () => {
    const p = await home('Single County', '5 Other St');
    const wrong = await order(p.hash, 'mls-listing-local', 'pair-west-mls');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ board: [ORDER_MESSAGES.mlsBoardNotForCounty] });
    const stranger = await signUpUser(t.app, 'boards-x');
    expect((await choices(p.hash, stranger)).statusCode).toBe(404);
  });
});
