import { gunzipSync } from 'node:zlib';
import { IDEMPOTENCY_MESSAGES, SUPPORT_API, type TApiTokenCreated } from '@lantern/contracts';
import { auditLog, idempotencyKeys, supportTickets } from '@lantern/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_LEASE_MS } from '../src/features/idempotency/idempotency.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';

/**
 * Retries never duplicate (issue 40; docs/decisions/067-idempotency-keys.md): on PGlite by
 * default, on PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let owner: SignedIn;
let n = 0;
const newKey = () => `test-key-${Date.now()}-${n++}`;
const ticket = (subject: string) => ({ subject, body: 'The lockbox code does not work.' });

function openTicket(cookie: string, key: string | undefined, body = ticket('Lockbox')) {
  return t.app.inject({
    method: 'POST',
    url: SUPPORT_API.tickets,
    headers: { ...BROWSER, cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}
async function ticketCount(userId: number, subject: string) {
  const rows = await t.app.db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(and(eq(supportTickets.userId, userId), eq(supportTickets.subject, subject)));
  return rows.length;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'idem');
});
afterAll(() => t.close());

describe('Idempotency-Key', () => {
  it('replays the first answer to a retry with the same body: one ticket, one log entry', async () => {
    const key = newKey();
    const first = await openTicket(owner.cookie, key, ticket('Replay me'));
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await openTicket(owner.cookie, key, ticket('Replay me'));
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toMatch(/^application\/json/);
    expect(retry.json()).toEqual(first.json());
    expect(await ticketCount(owner.userId, 'Replay me')).toBe(1);
    const entries = await t.app.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, owner.userId), eq(auditLog.url, SUPPORT_API.tickets)));
    expect(entries).toHaveLength(1);
    // Without a key every POST is its own request, as before.
    await openTicket(owner.cookie, undefined, ticket('No key'));
    await openTicket(owner.cookie, undefined, ticket('No key'));
    expect(await ticketCount(owner.userId, 'No key')).toBe(2);
  });

  it('keeps the JSON, not the compressed stream, of a large answer sent gzipped', async () => {
    const key = newKey();
    const body = { subject: 'Long one', body: 'The lockbox code does not work. '.repeat(60) };
    const send = (encoding: string) =>
      t.app.inject({
        method: 'POST',
        url: SUPPORT_API.tickets,
        headers: {
          ...BROWSER,
          cookie: owner.cookie,
          'idempotency-key': key,
          'accept-encoding': encoding,
        },
        payload: body,
      });
    const first = await send('gzip');
    expect(first.headers['content-encoding']).toBe('gzip');
    const retry = await send('identity');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(JSON.parse(gunzipSync(first.rawPayload).toString('utf8')));
  });

  it('refuses the same key with another body with 422 in words, and does nothing', async () => {
    const key = newKey();
    expect((await openTicket(owner.cookie, key, ticket('First body'))).statusCode).toBe(201);
    const other = await openTicket(owner.cookie, key, ticket('Second body'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      message: IDEMPOTENCY_MESSAGES.keyReused,
      errors: { 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.keyReused] },
    });
    expect(await ticketCount(owner.userId, 'Second body')).toBe(0);
  });

  it('answers 409 to a retry while the first still runs, and lets a dead one go after its lease', async () => {
    const key = newKey();
    const body = ticket('Still running');
    // The first request has taken the key and is working (or its process died).
    const begun = await t.app.idempotency.begin({
      scope: t.app.idempotency.userScope(owner.userId),
      userId: owner.userId,
      key,
      method: 'POST',
      url: SUPPORT_API.tickets,
      body: { ...body, property: null },
    });
    expect(begun.outcome).toBe('run');
    const busy = await openTicket(owner.cookie, key, body);
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.inProgress });
    expect(await ticketCount(owner.userId, 'Still running')).toBe(0);

    // Past the lease the request is taken for dead: the retry runs, once.
    await t.app.db
      .update(idempotencyKeys)
      .set({ lockedAt: sql`now() - ${`${IDEMPOTENCY_LEASE_MS + 1000} milliseconds`}::interval` })
      .where(eq(idempotencyKeys.key, key));
    const taken = await openTicket(owner.cookie, key, body);
    expect(taken.statusCode).toBe(201);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    expect((await openTicket(owner.cookie, key, body)).headers['idempotent-replayed']).toBe('true');
    expect(await ticketCount(owner.userId, 'Still running')).toBe(1);
  });

  it('makes one ticket of simultaneous duplicates: the rest are 409 or the replay', async () => {
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => openTicket(owner.cookie, key, ticket('Double click'))),
    );
    expect(await ticketCount(owner.userId, 'Double click')).toBe(1);
    const made = answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']);
    expect(made).toHaveLength(1);
    for (const a of answers) {
      expect(a.statusCode === 409 || a.statusCode === 201, `status ${a.statusCode}`).toBe(true);
    }
  });

  it('keeps each user’s keys apart: another user with the same key gets a request of their own', async () => {
    const key = newKey();
    const other = await signUpUser(t.app, 'idem-other');
    const mine = await openTicket(owner.cookie, key, ticket('Same key'));
    const theirs = await openTicket(other.cookie, key, ticket('Same key'));
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().hash).not.toBe(mine.json().hash);
    expect(await ticketCount(other.userId, 'Same key')).toBe(1);
  });

  it('keys an API token to its owner under /api/v1', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/account/api-tokens',
      headers: { ...BROWSER, cookie: owner.cookie },
      payload: { name: 'Back office', expiresInDays: 30, scopes: ['messages:write'] },
    });
    const { token } = created.json<TApiTokenCreated>();
    const key = newKey();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/dashboard/support-tickets',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
        payload: ticket('Over the API'),
      });
    expect((await send()).statusCode).toBe(201);
    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await ticketCount(owner.userId, 'Over the API')).toBe(1);
  });

  it('refuses a key that is not printable ASCII or is too long, in words', async () => {
    for (const bad of ['x'.repeat(256), 'clé']) {
      const res = await openTicket(owner.cookie, bad, ticket('Bad key'));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(IDEMPOTENCY_MESSAGES.keyInvalid);
    }
    expect(await ticketCount(owner.userId, 'Bad key')).toBe(0);
  });

  it('forgets a key after 24 hours: the cleanup job removes it and the key runs anew', async () => {
    const key = newKey();
    expect((await openTicket(owner.cookie, key, ticket('Yesterday'))).statusCode).toBe(201);
    await t.app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    expect(await t.app.idempotency.removeExpired()).toBeGreaterThanOrEqual(1);
    const again = await openTicket(owner.cookie, key, ticket('Yesterday'));
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await ticketCount(owner.userId, 'Yesterday')).toBe(2);
  });
});

describe('answers that carry a secret', () => {
  it('keeps nothing of a new API token and refuses its retry with 409', async () => {
    const key = newKey();
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/api-tokens',
        headers: { ...BROWSER, cookie: owner.cookie, 'idempotency-key': key },
        payload: { name: 'Once', expiresInDays: 30, scopes: ['properties:read'] },
      });
    const first = await create();
    expect(first.statusCode).toBe(201);
    const { token } = first.json<TApiTokenCreated>();
    const retry = await create();
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.secretAnswered });
    expect(retry.body).not.toContain(token);
    const [row] = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({ state: 'done', secret: true, body: null });
    const everything = await t.app.db.select().from(idempotencyKeys);
    expect(JSON.stringify(everything)).not.toContain(token);
  });

  it('scopes a visitor’s key to their browser session: a sign-in retry is 409, another visitor runs', async () => {
    const key = newKey();
    const login = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/account/login',
        headers: { ...BROWSER, 'idempotency-key': key, ...(cookie ? { cookie } : {}) },
        payload: { email: owner.email, password: 'a long and unusual passphrase' },
      });
    const first = await login();
    expect(first.statusCode).toBe(200);
    const visitor = first.cookies.find((c) => c.name === 'lantern_visitor');
    expect(visitor?.httpOnly).toBe(true);
    const retry = await login(`lantern_visitor=${visitor?.value}`);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.secretAnswered });
    expect(retry.cookies.find((c) => c.name === 'lantern_session')).toBeUndefined();
    // Another browser with the same key signs in: its key is its own.
    const elsewhere = await login('lantern_visitor=another-browser');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.cookies.find((c) => c.name === 'lantern_session')).toBeDefined();
  });
});
