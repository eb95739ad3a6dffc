import { MESSAGES, REFERRAL_TEXTS as R } from '@lantern/contracts';
import { users } from '@lantern/db';
import { ADMIN_API, addDays } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../src/features/staff/reports/days.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

let t: TestApp;
let ops: SignedIn;
let support: SignedIn;
let referrer: SignedIn;
let agent: SignedIn;
let customer: SignedIn;
let stranger: SignedIn;
let txProperty: string;
let today: string;

beforeAll(async () => {
  t = await buildTestApp();
  ops = await signUpUser(t.app, 'ref-ops');
  support = await signUpUser(t.app, 'ref-support');
  referrer = await signUpUser(t.app, 'ref-referrer');
  agent = await signUpUser(t.app, 'ref-agent');
  customer = await signUpUser(t.app, 'ref-customer');
  stranger = await signUpUser(t.app, 'ref-stranger');
  await giveStaffRole(t.app, ops.userId, 'operations');
  await giveStaffRole(t.app, support.userId, 'support');
  await giveVendorKinds(t.app, referrer.userId, ['referrer']);
  await giveVendorKinds(t.app, agent.userId, ['agent']);
  txProperty = (await addProperty(t.app, customer.userId, 'seller', { state: 'TX' })).hash;
  today = dayIn(t.app.config.businessTimeZone, new Date());
});
afterAll(() => t.close());

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  who = ops,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
const hashOf = async (who: SignedIn) =>
  (await t.app.db.select({ hash: users.hash }).from(users).where(eq(users.id, who.userId)))[0]
    ?.hash as string;

async function record(extra: object = {}) {
  const res = await send('POST', ADMIN_API.referrals, {
    referrerEmail: referrer.email,
    customerEmail: customer.email.toUpperCase(),
    property: txProperty,
    feeCents: 25_050,
    notes: 'Met at the open house',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { hash: string; status: string; feeCents: number; payable: boolean };
}

describe('referrals', () => {
  it('records a referral to the cent, with the customer as they signed up', async () => {
    const row = await record();
    expect(row).toMatchObject({
      status: 'pending',
      feeCents: 25_050,
      payable: false,
      referrer: { email: referrer.email },
      customer: { email: customer.email },
      property: { hash: txProperty, state: 'TX' },
    });
  });

  it('refuses a referrer who is not one, an unknown customer, oneself and another’s property', async () => {
    const cases: Array<[object, string, string]> = [
      [{ referrerEmail: agent.email }, 'referrerEmail', R.referrerNotVendor],
      [{ referrerEmail: 'nobody@example.com' }, 'referrerEmail', R.referrerUnknown],
      [{ customerEmail: 'nobody@example.com' }, 'customerEmail', R.customerUnknown],
      [{ customerEmail: referrer.email, property: null }, 'customerEmail', R.selfReferral],
      [{ customerEmail: stranger.email }, 'property', R.propertyNotCustomers],
      [{ feeCents: 12.5 }, 'feeCents', R.fee],
      [{ feeCents: 10_000_001 }, 'feeCents', R.feeTooBig],
    ];
    for (const [extra, field, message] of cases) {
      const res = await send('POST', ADMIN_API.referrals, {
        referrerEmail: referrer.email,
        customerEmail: customer.email,
        property: txProperty,
        feeCents: 100,
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json().errors?.[field], JSON.stringify(extra)).toEqual([message]);
    }
  });

  it('moves pending → earned → paid only, and pays only under a license valid today in the property’s state', async () => {
    const { hash } = await record();
    const paid = (reference = 'Check 1042') =>
      send('POST', ADMIN_API.referralPaid(hash), { reference });
    // Not earned yet.
    expect((await paid()).json()).toEqual({ message: R.notEarned });
    expect((await send('POST', ADMIN_API.referralEarned(hash))).json()).toMatchObject({
      status: 'earned',
    });
    expect((await send('POST', ADMIN_API.referralEarned(hash))).statusCode).toBe(409);
    // No license on file for TX: refused, and nothing changes.
    const refused = await paid();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: R.noLicense('TX') });
    // A license in another state does not count; one that expired yesterday cannot be filed.
    const licenses = ADMIN_API.userLicenses(await hashOf(referrer));
    expect(
      (await send('PUT', licenses, { state: 'ok', number: 'OK-1', expiresOn: addDays(today, 30) }))
        .statusCode,
    ).toBe(200);
    expect((await paid()).statusCode).toBe(409);
    const expired = await send('PUT', licenses, {
      state: 'TX',
      number: 'TX-9',
      expiresOn: addDays(today, -1),
    });
    expect(expired.json().errors).toEqual({ expiresOn: [R.licenseExpired] });
    // Valid through today: paid, with the license it was paid under.
    const filed = await send('PUT', licenses, {
      state: 'tx',
      number: 'TX-0123456',
      expiresOn: today,
    });
    expect(filed.json().licenses).toContainEqual({
      state: 'TX',
      number: 'TX-0123456',
      expiresOn: today,
      valid: true,
    });
    const done = await paid();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'paid',
      feeCents: 25_050,
      paidReference: 'Check 1042',
      paidLicense: `TX TX-0123456 (valid through ${today})`,
    });
    expect((await paid()).statusCode).toBe(409);
    expect((await send('DELETE', ADMIN_API.referral(hash))).json()).toEqual({
      message: R.notPending,
    });
  });

  it('lets only one of two staff acting at once move a referral', async () => {
    const { hash } = await record();
    const answers = await Promise.all([
      send('POST', ADMIN_API.referralEarned(hash)),
      send('POST', ADMIN_API.referralEarned(hash)),
      send('DELETE', ADMIN_API.referral(hash)),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200 || c === 204)).toHaveLength(1);
    // Whichever came first under the row lock decides what the others find: an earned referral
    // (409 for both) or none at all once the delete won (404 for both moves).
    expect(codes.filter((c) => c !== 200 && c !== 204)).toEqual(
      codes.includes(204) ? [404, 404] : [409, 409],
    );
  });

  it('deletes a pending referral, lists by state and searches', async () => {
    const { hash } = await record({ notes: 'typo' });
    expect((await send('DELETE', ADMIN_API.referral(hash))).statusCode).toBe(204);
    expect((await send('DELETE', ADMIN_API.referral(hash))).json()).toEqual({
      message: MESSAGES.notFound,
    });
    const paidOnes = await send(
      'GET',
      `${ADMIN_API.referrals}?status=paid&search=${referrer.email}`,
    );
    expect(paidOnes.json().rows.length).toBeGreaterThan(0);
    expect(paidOnes.json().rows.every((r: { status: string }) => r.status === 'paid')).toBe(true);
  });

  it('is for roles with the referrals permission only', async () => {
    expect((await send('GET', ADMIN_API.referrals, undefined, support)).statusCode).toBe(403);
    expect((await send('GET', ADMIN_API.referrals, undefined, referrer)).statusCode).toBe(403);
    const licenses = ADMIN_API.userLicenses(await hashOf(referrer));
    expect((await send('GET', licenses, undefined, support)).statusCode).toBe(403);
    expect((await send('GET', ADMIN_API.userLicenses('nobody'))).statusCode).toBe(404);
  });
});
