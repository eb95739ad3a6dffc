import { MESSAGES, SUPPORT_API, SUPPORT_TEXTS } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { mailsTo } from './helpers/mls-listing-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let agent: SignedIn;
let compliance: SignedIn;
let aliceProperty: string;
let bobProperty: string;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'ticket-a');
  bob = await signUpUser(t.app, 'ticket-b');
  agent = await signUpUser(t.app, 'ticket-support');
  compliance = await signUpUser(t.app, 'ticket-compliance');
  await giveStaffRole(t.app, agent.userId, 'support');
  await giveStaffRole(t.app, compliance.userId, 'compliance');
  aliceProperty = (await addProperty(t.app, alice.userId, 'seller', { street: '7 Help St' })).hash;
  bobProperty = (await addProperty(t.app, bob.userId, 'seller', { street: '9 Other St' })).hash;
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

async function open(who: SignedIn, extra: object = {}) {
  const res = await send('POST', SUPPORT_API.tickets, who, {
    subject: 'My photos look dark',
    body: 'Can the photographer come back?',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { hash: string; state: string };
}

describe('support tickets', () => {
  it('opens a ticket about one of the customer’s properties, never another’s', async () => {
    const ticket = await open(alice, { property: aliceProperty });
    expect(ticket).toMatchObject({ state: 'open', property: { hash: aliceProperty } });
    const other = await send('POST', SUPPORT_API.tickets, alice, {
      subject: 'x',
      body: 'y',
      property: bobProperty,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ property: [SUPPORT_TEXTS.property] });
    const empty = await send('POST', SUPPORT_API.tickets, alice, { subject: ' ', body: '' });
    expect(empty.json().errors).toMatchObject({
      subject: [SUPPORT_TEXTS.subject],
      body: [SUPPORT_TEXTS.body],
    });
  });

  it('shows a customer only their own tickets: another’s is a 404 everywhere', async () => {
    const { hash } = await open(alice);
    expect((await send('GET', SUPPORT_API.ticket(hash), bob)).json()).toEqual({
      message: MESSAGES.notFound,
    });
    const reply = await send('POST', SUPPORT_API.replies(hash), bob, { body: 'me too' });
    expect(reply.statusCode).toBe(404);
    const mine = (await send('GET', SUPPORT_API.tickets, bob)).json().tickets as Array<{
      hash: string;
    }>;
    expect(mine.some((x) => x.hash === hash)).toBe(false);
    expect((await send('GET', SUPPORT_API.tickets, alice)).json().tickets).toContainEqual(
      expect.objectContaining({ hash }),
    );
  });

  it('runs open → waiting → solved → open, with mail both ways', async () => {
    const { hash } = await open(alice);
    // Support takes it and answers; the customer gets the answer by mail.
    const taken = await send('PUT', SUPPORT_API.adminTicket(hash), agent, { assignee: 'me' });
    expect(taken.json().assignee).toMatchObject({ email: agent.email });
    const answered = await send('POST', SUPPORT_API.adminReplies(hash), agent, {
      body: 'Yes, we will book a second visit.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ state: 'waiting' });
    expect(await mailsTo(t.app, alice.email)).toContain('Re: My photos look dark');
    // The customer sees the answer as the company's.
    const seen = (await send('GET', SUPPORT_API.ticket(hash), alice)).json();
    expect(seen.messages.map((m: { fromStaff: boolean }) => m.fromStaff)).toEqual([false, true]);
    expect(seen.messages[1].author).toBe(t.app.config.siteName);
    // Solved; a reply from the customer opens it again and tells the handler.
    await send('PUT', SUPPORT_API.adminTicket(hash), agent, { state: 'solved' });
    const again = await send('POST', SUPPORT_API.replies(hash), alice, { body: 'Still dark.' });
    expect(again.json()).toMatchObject({ state: 'open' });
    expect(await mailsTo(t.app, agent.email)).toContain(
      `${alice.email} replied: My photos look dark`,
    );
  });

  it('lists the queue by state and handler for staff who answer customers only', async () => {
    const { hash } = await open(bob);
    const nobody = await send(
      'GET',
      `${SUPPORT_API.adminTickets}?assigned=nobody&state=open&search=${encodeURIComponent(bob.email)}`,
      agent,
    );
    expect(nobody.json().rows.map((r: { hash: string }) => r.hash)).toContain(hash);
    expect((await send('GET', SUPPORT_API.adminTickets, compliance)).statusCode).toBe(403);
    expect((await send('GET', SUPPORT_API.adminTickets, bob)).statusCode).toBe(403);
    expect((await send('GET', SUPPORT_API.adminTicket('nope'), agent)).statusCode).toBe(404);
  });
});
