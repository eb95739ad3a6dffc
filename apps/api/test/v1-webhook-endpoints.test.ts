import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type TWebhookDeliveryRow,
  type TWebhookEndpoint,
  WEBHOOK_API,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_V1_API,
} from '@lantern/contracts';
import { auditLog, webhookEndpoints } from '@lantern/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../src/features/webhooks/signature.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { apiTokenFor } from './helpers/v1-tokens.ts';

/**
 * Issue 48: webhook endpoints through /api/v1 with a token — CRUD, scopes, another person's
 * endpoint, a test event a real receiver verifies, and a rotated secret signing beside the new
 * one for 24 hours, then not.
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let t: TestApp;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let alice: SignedIn;
let bob: SignedIn;
const tokens = { write: '', read: '', other: '', bob: '' };

const v1 = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload ? { payload } : {}),
  });

async function create(token: string, path: string) {
  const res = await v1('POST', WEBHOOK_V1_API.endpoints, token, {
    url: `${receiverUrl}${path}`,
    events: ['order.paid'],
    description: 'Back office',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ endpoint: TWebhookEndpoint; secret: string }>();
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  alice = await signUpUser(t.app, 'v1hook-alice');
  bob = await signUpUser(t.app, 'v1hook-bob');
  tokens.write = await apiTokenFor(t.app, alice, ['webhooks:write']);
  tokens.read = await apiTokenFor(t.app, alice, ['webhooks:read']);
  tokens.other = await apiTokenFor(t.app, alice, ['properties:write']);
  tokens.bob = await apiTokenFor(t.app, bob, ['webhooks:write']);
});
afterAll(async () => {
  await t.close();
  receiver.close();
});
beforeEach(() => {
  received.length = 0;
});

describe('webhook endpoints through /api/v1', () => {
  it('adds, lists, reads, changes and deletes an endpoint with a token', async () => {
    const { endpoint, secret } = await create(tokens.write, '/crud');
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ description: 'Back office', enabled: true, scope: 'own' });
    expect(endpoint.previousSecretExpiresAt).toBeNull();

    const list = await v1('GET', WEBHOOK_V1_API.endpoints, tokens.read);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['api-version']).toBe('v1');
    expect(list.json().endpoints.map((e: TWebhookEndpoint) => e.hash)).toContain(endpoint.hash);

    const one = await v1('GET', WEBHOOK_V1_API.endpoint(endpoint.hash), tokens.read);
    expect(one.json()).toMatchObject({ hash: endpoint.hash, url: `${receiverUrl}/crud` });

    const changed = await v1('PATCH', WEBHOOK_V1_API.endpoint(endpoint.hash), tokens.write, {
      enabled: false,
      events: ['order.paid', 'message.received'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ enabled: false, disabledReason: 'owner' });

    const gone = await v1('DELETE', WEBHOOK_V1_API.endpoint(endpoint.hash), tokens.write);
    expect(gone.statusCode).toBe(204);
    const after = await v1('GET', WEBHOOK_V1_API.endpoint(endpoint.hash), tokens.read);
    expect(after.statusCode).toBe(404);
    expect(after.headers['content-type']).toContain('application/problem+json');

    // Each change wrote its activity row.
    const rows = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.recordType, 'webhook_endpoint'), eq(auditLog.recordId, endpoint.hash)),
      );
    expect(rows.map((r) => r.action).sort()).toEqual(
      ['webhook.create', 'webhook.delete', 'webhook.update'].sort(),
    );
  });

  it('pages the list by limit and cursor', async () => {
    const bobs = [await create(tokens.bob, '/p1'), await create(tokens.bob, '/p2')];
    const first = await v1('GET', `${WEBHOOK_V1_API.endpoints}?limit=1`, tokens.bob);
    expect(first.json().endpoints).toHaveLength(1);
    expect(first.headers.link).toContain('rel="next"');
    const next = await v1(
      'GET',
      `${WEBHOOK_V1_API.endpoints}?limit=1&cursor=${first.headers['next-cursor']}`,
      tokens.bob,
    );
    expect(next.json().endpoints[0].hash).toBe(bobs[1]?.endpoint.hash);
    for (const b of bobs) await v1('DELETE', WEBHOOK_V1_API.endpoint(b.endpoint.hash), tokens.bob);
  });

  it('needs webhooks:write to change and webhooks:* to read', async () => {
    const denied = await v1('POST', WEBHOOK_V1_API.endpoints, tokens.read, {
      url: `${receiverUrl}/nope`,
      events: ['order.paid'],
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'insufficient_scope', scope: 'webhooks:write' });
    const other = await v1('GET', WEBHOOK_V1_API.endpoints, tokens.other);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ scope: 'webhooks:read' });
  });

  it('answers 404 for another person’s endpoint on every route', async () => {
    const { endpoint } = await create(tokens.write, '/mine');
    const url = WEBHOOK_V1_API.endpoint(endpoint.hash);
    for (const [method, path, body] of [
      ['GET', url, undefined],
      ['PATCH', url, { description: 'taken' }],
      ['DELETE', url, undefined],
      ['POST', WEBHOOK_V1_API.test(endpoint.hash), undefined],
      ['POST', WEBHOOK_V1_API.rotateSecret(endpoint.hash), undefined],
    ] as const) {
      const res = await v1(method, path, tokens.bob, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(received).toHaveLength(0);
    expect((await v1('GET', url, tokens.read)).json().description).toBe('Back office');
  });

  it('shows the secret once: a retried create with the same key is refused', async () => {
    const headers = { 'idempotency-key': 'hook-create-1' };
    const payload = { url: `${receiverUrl}/idem`, events: ['order.paid'] };
    const first = await v1('POST', WEBHOOK_V1_API.endpoints, tokens.write, payload, headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await v1('POST', WEBHOOK_V1_API.endpoints, tokens.write, payload, headers);
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain('whsec_');
  });
});

describe('test event and secret rotation', () => {
  async function sendTest(hash: string) {
    const res = await v1('POST', WEBHOOK_V1_API.test(hash), tokens.write);
    expect(res.statusCode, res.body).toBe(200);
    expect(received).toHaveLength(1);
    const got = received[0] as Received;
    received.length = 0;
    return { delivery: res.json<TWebhookDeliveryRow>(), got };
  }
  const signatureOf = (got: Received) => got.headers['lantern-signature'] as string;

  it('delivers a signed webhook.test to the endpoint, listed with its deliveries', async () => {
    const { endpoint, secret } = await create(tokens.write, '/test-event');
    const { delivery, got } = await sendTest(endpoint.hash);
    expect(delivery).toMatchObject({
      eventType: WEBHOOK_TEST_EVENT,
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 200,
    });
    expect(verifyWebhookSignature(signatureOf(got), got.body, secret).ok).toBe(true);
    expect(got.headers['lantern-event-type']).toBe(WEBHOOK_TEST_EVENT);
    expect(JSON.parse(got.body)).toMatchObject({
      type: WEBHOOK_TEST_EVENT,
      data: { endpoint: { hash: endpoint.hash, url: `${receiverUrl}/test-event` } },
    });
    // The endpoint subscribes to order.paid only; the test event still goes, and is listed.
    const list = await t.app.inject({
      method: 'GET',
      url: WEBHOOK_API.deliveries(endpoint.hash),
      headers: { ...BROWSER, cookie: alice.cookie },
    });
    expect(list.json().rows.map((r: TWebhookDeliveryRow) => r.hash)).toEqual([delivery.hash]);

    await v1('PATCH', WEBHOOK_V1_API.endpoint(endpoint.hash), tokens.write, { enabled: false });
    const off = await v1('POST', WEBHOOK_V1_API.test(endpoint.hash), tokens.write);
    expect(off.statusCode).toBe(409);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const { endpoint, secret: old } = await create(tokens.write, '/rotate');
    const res = await v1('POST', WEBHOOK_V1_API.rotateSecret(endpoint.hash), tokens.write);
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json<{ endpoint: TWebhookEndpoint; secret: string }>();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(old);
    const until = Date.parse(rotated.endpoint.previousSecretExpiresAt ?? '');
    expect(Math.abs(until - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);

    const within = (await sendTest(endpoint.hash)).got;
    expect(signatureOf(within).match(/v1=/g)).toHaveLength(2);
    expect(verifyWebhookSignature(signatureOf(within), within.body, old).ok).toBe(true);
    expect(verifyWebhookSignature(signatureOf(within), within.body, rotated.secret).ok).toBe(true);

    // 24 hours on: the stored expiry moved back rather than waiting.
    await t.app.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(webhookEndpoints.hash, endpoint.hash));
    const later = (await sendTest(endpoint.hash)).got;
    expect(signatureOf(later).match(/v1=/g)).toHaveLength(1);
    expect(verifyWebhookSignature(signatureOf(later), later.body, old)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyWebhookSignature(signatureOf(later), later.body, rotated.secret).ok).toBe(true);
    const shown = await v1('GET', WEBHOOK_V1_API.endpoint(endpoint.hash), tokens.read);
    expect(shown.json().previousSecretExpiresAt).toBeNull();

    const rows = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.recordId, endpoint.hash));
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['webhook.rotate_secret', 'webhook.test']),
    );
  });

  it('offers the same through Account Settings', async () => {
    const { endpoint, secret: old } = await create(tokens.write, '/browser');
    const headers = { ...BROWSER, cookie: alice.cookie };
    const rotate = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_API.rotateSecret(endpoint.hash),
      headers,
    });
    expect(rotate.statusCode, rotate.body).toBe(200);
    const test = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_API.test(endpoint.hash),
      headers,
    });
    expect(test.statusCode, test.body).toBe(200);
    const got = received[0] as Received;
    expect(verifyWebhookSignature(signatureOf(got), got.body, old).ok).toBe(true);
    expect(verifyWebhookSignature(signatureOf(got), got.body, rotate.json().secret).ok).toBe(true);
  });
});
