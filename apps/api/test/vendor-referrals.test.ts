import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import {
  VENDOR_REFERRAL_API as API,
  REFERRAL_TEXTS,
  VENDOR_REFERRAL_TEXTS as V,
} from '@lantern/contracts';
import { invoices, newHash, orders, products, referralInvitations } from '@lantern/db';
import { ADMIN_API, addDays, REFERRAL_PAGES } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutgoingMail } from '../src/features/mail/index.ts';
import { dayIn } from '../src/features/staff/reports/days.ts';
import { BROWSER, buildTestApp, type TestApp, uniqueEmail } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

let t: TestApp;
const sent: OutgoingMail[] = [];
let ops: SignedIn;
let referrer: SignedIn;
let agent: SignedIn;
let field: SignedIn;

beforeAll(async () => {
  // A stand-in for the built SPA, for the signed-out invitation page.
  const spa = mkdtempSync(joinPath(tmpdir(), 'lantern-spa-'));
  mkdirSync(joinPath(spa, 'spa'));
  writeFileSync(
    joinPath(spa, 'index.html'),
    '<!doctype html><title>Dashboard</title><!--app-config-->',
  );
  t = await buildTestApp({ dashboardDist: spa });
  vi.spyOn(t.app.mailer, 'send').mockImplementation(async (mail) => {
    sent.push(mail);
  });
  ops = await signUpUser(t.app, 'vr-ops');
  referrer = await signUpUser(t.app, 'vr-referrer');
  agent = await signUpUser(t.app, 'vr-agent');
  field = await signUpUser(t.app, 'vr-field');
  await giveStaffRole(t.app, ops.userId, 'operations');
  await giveVendorKinds(t.app, referrer.userId, ['referrer']);
  await giveVendorKinds(t.app, agent.userId, ['referral_agent', 'agent']);
  await giveVendorKinds(t.app, field.userId, ['field']);
});
afterAll(() => t.close());

const send = (
  who: SignedIn,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

const invite = (who: SignedIn, email: string, extra: object = {}) =>
  send(who, 'POST', API.invitations, { name: 'Pat Doe', email, ...extra });

/** The token from the newest referral invitation mailed to `email`. */
function tokenFor(email: string): string {
  const link = new RegExp(`${REFERRAL_PAGES.invitation}#token=([\\w-]+)`);
  const mail = sent.filter((m) => m.to === email && link.test(m.text)).at(-1);
  const m = mail && link.exec(mail.text);
  if (!m?.[1]) throw new Error(`no referral invitation mailed to ${email}`);
  return m[1];
}

const accept = (who: SignedIn, token: string) => send(who, 'POST', API.accept, { token });

async function signUpAs(email: string): Promise<SignedIn> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/account/sign-up',
    headers: BROWSER,
    payload: { email, password: 'a long and unusual passphrase' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const user = await t.app.users.findByEmail(email);
  if (!user) throw new Error('no user');
  const cookie = res.cookies.find((c) => c.name === 'lantern_session');
  return { cookie: `lantern_session=${cookie?.value}`, userId: user.id, hash: user.hash, email };
}

describe('referral invitations', () => {
  it('serves the invitation page signed out', async () => {
    const page = await t.app.inject({ method: 'GET', url: REFERRAL_PAGES.invitation });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('app-config');
  });

  it('mails a single-use link (only its digest kept); the invitee signs up, accepts, and is followed step by step', async () => {
    const email = uniqueEmail('vr-invitee');
    const res = await invite(referrer, email.toUpperCase(), { note: 'You will like them.' });
    expect(res.statusCode, res.body).toBe(201);
    const invitation = res.json();
    expect(invitation).toMatchObject({
      name: 'Pat Doe',
      state: 'waiting',
      note: 'You will like them.',
      progress: { signedUp: null, propertyAdded: null, ordered: null, paid: null },
    });
    // The invitation, by its address: a sign-up's confirmation mail may still arrive after it.
    const mail = sent.filter((m) => m.to === email.toUpperCase()).at(-1);
    expect(mail?.subject).toContain('recommends');
    expect(mail?.text).toContain('You will like them.');
    const token = tokenFor(email.toUpperCase());
    const stored = await t.app.db.select().from(referralInvitations);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Someone else signed in cannot use it; the invited address can, once.
    const other = await signUpUser(t.app, 'vr-other');
    expect((await accept(other, token)).json()).toMatchObject({
      errors: { token: [V.invitationOtherEmail] },
    });
    const invitee = await signUpAs(email);
    const ok = await accept(invitee, token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().referrer).toBe(referrer.email);
    expect((await accept(invitee, token)).json()).toMatchObject({
      errors: { token: [V.invitationInvalid] },
    });

    const one = async () => (await send(referrer, 'GET', API.invitation(invitation.hash))).json();
    expect(await one()).toMatchObject({ state: 'linked', progress: { propertyAdded: null } });
    expect((await one()).progress.signedUp).not.toBeNull();

    // Progress from real records: a property, an order, a paid invoice.
    const property = await addProperty(t.app, invitee.userId, 'seller', { state: 'TX' });
    expect((await one()).progress).toMatchObject({ ordered: null, paid: null });
    expect((await one()).progress.propertyAdded).not.toBeNull();
    const [product] = await t.app.db
      .select()
      .from(products)
      .where(eq(products.slug, 'photography'));
    if (!product) throw new Error('no product');
    const [order] = await t.app.db
      .insert(orders)
      .values({
        hash: newHash(),
        propertyId: property.id,
        productId: product.id,
        userId: invitee.userId,
        priceCents: 19_900,
        status: 'confirmed',
      })
      .returning();
    if (!order) throw new Error('no order');
    expect((await one()).progress.ordered).not.toBeNull();
    expect((await one()).progress.paid).toBeNull();
    await t.app.db.insert(invoices).values({
      hash: newHash(),
      orderId: order.id,
      propertyId: property.id,
      userId: invitee.userId,
      status: 'paid',
      subtotalCents: 19_900,
      totalCents: 19_900,
      dueDate: '2026-01-01',
      paidAt: new Date(),
    });
    expect((await one()).progress.paid).not.toBeNull();

    // Staff cannot record this customer's referral under another referrer.
    const elsewhere = await send(ops, 'POST', ADMIN_API.referrals, {
      referrerEmail: agent.email,
      customerEmail: invitee.email,
      feeCents: 100,
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.customerEmail).toEqual([
      REFERRAL_TEXTS.customerLinkedElsewhere(referrer.email),
    ]);
    expect(
      (
        await send(ops, 'POST', ADMIN_API.referrals, {
          referrerEmail: referrer.email,
          customerEmail: invitee.email,
          feeCents: 100,
        })
      ).statusCode,
    ).toBe(201);

    const list = (await send(referrer, 'GET', `${API.invitations}?state=linked`)).json();
    expect(list.rows.map((r: { hash: string }) => r.hash)).toContain(invitation.hash);
  });

  it('refuses, in words: oneself, a second waiting invitation, a customer someone else referred, an empty name', async () => {
    expect((await invite(referrer, referrer.email)).json()).toMatchObject({
      errors: { email: [V.self] },
    });
    const email = uniqueEmail('vr-twice');
    expect((await invite(referrer, email)).statusCode).toBe(201);
    expect((await invite(referrer, email)).json()).toMatchObject({
      errors: { email: [V.alreadyInvited] },
    });
    // Another referrer may invite the same new address; whoever is accepted first wins.
    expect((await invite(agent, email)).statusCode).toBe(201);

    // A customer staff recorded as referred by the referral agent (decision 035).
    const customer = await signUpUser(t.app, 'vr-theirs');
    const recorded = await send(ops, 'POST', ADMIN_API.referrals, {
      referrerEmail: agent.email,
      customerEmail: customer.email,
      feeCents: 10_000,
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect((await invite(referrer, customer.email)).json()).toMatchObject({
      errors: { email: [V.referredByOther] },
    });
    expect((await invite(agent, customer.email)).json()).toMatchObject({
      errors: { email: [V.alreadyYours] },
    });
    const blank = await invite(referrer, uniqueEmail('vr-blank'), { name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.name).toEqual([V.name]);
  });

  it('links a person to one referrer only, even when two accept at once', async () => {
    const email = uniqueEmail('vr-race');
    expect((await invite(referrer, email)).statusCode).toBe(201);
    const first = tokenFor(email);
    expect((await invite(agent, email)).statusCode).toBe(201);
    const second = tokenFor(email);
    expect(second).not.toBe(first);
    const person = await signUpAs(email);
    const answers = await Promise.all([accept(person, first), accept(person, second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const refused = answers.find((a) => a.statusCode === 422);
    expect(refused?.json().errors.token).toEqual([V.acceptedOther]);
    const linked = await t.app.db
      .select()
      .from(referralInvitations)
      .where(eq(referralInvitations.customerId, person.userId));
    expect(linked).toHaveLength(1);
    // And now neither referrer may invite them again as new.
    const by = linked[0]?.referrerId === referrer.userId ? agent : referrer;
    expect((await invite(by, email)).json()).toMatchObject({
      errors: { email: [V.referredByOther] },
    });
  });

  it('withdraws a waiting invitation; not one taken up; another referrer’s is a 404 everywhere', async () => {
    const waiting = (await invite(referrer, uniqueEmail('vr-withdraw'))).json();
    expect((await send(agent, 'GET', API.invitation(waiting.hash))).statusCode).toBe(404);
    expect((await send(agent, 'DELETE', API.invitation(waiting.hash))).statusCode).toBe(404);
    const agentList = (await send(agent, 'GET', API.invitations)).json();
    expect(agentList.rows.map((r: { hash: string }) => r.hash)).not.toContain(waiting.hash);
    expect((await send(referrer, 'DELETE', API.invitation(waiting.hash))).statusCode).toBe(204);
    expect((await send(referrer, 'GET', API.invitation(waiting.hash))).statusCode).toBe(404);
    // The link dies with it.
    const email = uniqueEmail('vr-dead');
    const dead = (await invite(referrer, email)).json();
    const token = tokenFor(email);
    await send(referrer, 'DELETE', API.invitation(dead.hash));
    const person = await signUpAs(email);
    expect((await accept(person, token)).json()).toMatchObject({
      errors: { token: [V.invitationInvalid] },
    });

    const email2 = uniqueEmail('vr-kept');
    const keptRes = await invite(referrer, email2);
    expect(keptRes.statusCode, keptRes.body).toBe(201);
    const kept = keptRes.json();
    const person2 = await signUpAs(email2);
    expect((await accept(person2, tokenFor(email2))).statusCode).toBe(200);
    const refused = await send(referrer, 'DELETE', API.invitation(kept.hash));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(V.notPending);
  });

  it('is for referrers and referral agents only', async () => {
    expect((await send(field, 'GET', API.invitations)).statusCode).toBe(403);
    expect((await invite(field, uniqueEmail('vr-x'))).statusCode).toBe(403);
    expect((await send(agent, 'GET', API.summary)).statusCode).toBe(200);
  });
});

describe('referral fees in the vendor area', () => {
  it('lists only one’s own fees, without staff notes, and sums them by state; paid only under a license', async () => {
    const fresh = await signUpUser(t.app, 'vr-fees');
    await giveVendorKinds(t.app, fresh.userId, ['referrer']);
    const customerA = await signUpUser(t.app, 'vr-fee-a');
    const customerB = await signUpUser(t.app, 'vr-fee-b');
    const propA = await addProperty(t.app, customerA.userId, 'seller', { state: 'TX' });
    const record = async (customer: SignedIn, property: string, feeCents: number) => {
      const res = await send(ops, 'POST', ADMIN_API.referrals, {
        referrerEmail: fresh.email,
        customerEmail: customer.email,
        property,
        feeCents,
        notes: 'Internal: met at a meetup',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().hash as string;
    };
    const a = await record(customerA, propA.hash, 25_050);
    const propB = await addProperty(t.app, customerB.userId, 'seller', { state: 'IL' });
    const b = await record(customerB, propB.hash, 10_001);
    expect((await send(ops, 'POST', ADMIN_API.referralEarned(a))).statusCode).toBe(200);

    const summary = async () => (await send(fresh, 'GET', API.summary)).json();
    expect((await summary()).totals).toEqual({
      pendingCents: 10_001,
      earnedCents: 25_050,
      payableCents: 0,
      heldCents: 25_050,
      paidCents: 0,
      totalCents: 35_051,
      count: 2,
    });
    expect((await summary()).licenses).toEqual([]);

    // A Texas license valid today makes the earned fee payable; staff pay it.
    const today = dayIn(t.app.config.businessTimeZone, new Date());
    const put = await send(ops, 'PUT', ADMIN_API.userLicenses(fresh.hash), {
      state: 'TX',
      number: 'TX-123',
      expiresOn: addDays(today, 30),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await summary()).totals).toMatchObject({ payableCents: 25_050, heldCents: 0 });
    expect((await summary()).licenses).toEqual([
      { state: 'TX', number: 'TX-123', expiresOn: addDays(today, 30), valid: true },
    ]);
    const paid = await send(ops, 'POST', ADMIN_API.referralPaid(a), { reference: 'Check 77' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await summary()).totals).toMatchObject({
      paidCents: 25_050,
      earnedCents: 0,
      pendingCents: 10_001,
    });

    const fees = (await send(fresh, 'GET', API.fees)).json();
    expect(fees.rows.map((r: { hash: string }) => r.hash).sort()).toEqual([a, b].sort());
    expect(JSON.stringify(fees)).not.toContain('Internal');
    const paidRow = (await send(fresh, 'GET', API.fee(a))).json();
    expect(paidRow).toMatchObject({
      status: 'paid',
      feeCents: 25_050,
      paidReference: 'Check 77',
      property: { state: 'TX' },
    });
    expect(paidRow.paidLicense).toContain('TX TX-123');
    const pendingOnly = (await send(fresh, 'GET', `${API.fees}?status=pending`)).json();
    expect(pendingOnly.rows.map((r: { hash: string }) => r.hash)).toEqual([b]);

    // Another referrer sees none of it.
    expect((await send(referrer, 'GET', API.fee(a))).statusCode).toBe(404);
    const theirs = (await send(referrer, 'GET', API.fees)).json();
    expect(theirs.rows.map((r: { hash: string }) => r.hash)).not.toContain(a);
  });
});

describe('throttle', () => {
  it('refuses the 21st invitation in an hour from one referrer', async () => {
    const busy = await signUpUser(t.app, 'vr-busy');
    await giveVendorKinds(t.app, busy.userId, ['referrer']);
    for (let i = 0; i < 20; i++)
      expect((await invite(busy, uniqueEmail(`vr-many${i}`))).statusCode).toBe(201);
    expect((await invite(busy, uniqueEmail('vr-many-last'))).statusCode).toBe(429);
  });
});
