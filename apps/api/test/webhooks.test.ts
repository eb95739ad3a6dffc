import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MAIL_TEMPLATES,
  SHOWINGS_API,
  type TWebhookDeliveryDetail,
  type TWebhookDeliveryRow,
  type TWebhookEndpoint,
  WEBHOOK_API,
  WEBHOOK_EXAMPLES,
  WEBHOOK_SENT_TYPES,
  WEBHOOK_TEXTS,
  webhookEventSchema,
} from '@lantern/contracts';
import { jobs, webhookDeliveries, webhookEndpoints } from '@lantern/db';
import { ADMIN_API, FSBO_LISTING_API, localDateTime } from '@lantern/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLE_SECRET } from '../src/features/webhooks/openapi.ts';
import { createSecretBox } from '../src/features/webhooks/secret-box.ts';
import { verifyWebhookSignature } from '../src/features/webhooks/signature.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';
import { mailsTo } from './helpers/mls-listing-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * A receiver as a customer would write it from docs/api.md: it recomputes the HMAC over the raw
 * body with its own crypto calls (not our signing code) and checks the timestamp's age.
 */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
}
function verify(header: string | undefined, raw: string, secret: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2)));
  const t = Number(parts.t);
  if (!parts.v1 || !Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let t: TestApp;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** The status the receiver answers with, per path. */
const answers = new Map<string, number>();
const secrets = new Map<string, string>();

let alice: SignedIn;
let bob: SignedIn;
let staff: SignedIn;
let aliceHome: { hash: string; id: number };
let bobHome: { hash: string; id: number };

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const secret = secrets.get(path) ?? '';
      received.push({
        path,
        headers: req.headers,
        body,
        verified: verify(req.headers['lantern-signature'] as string | undefined, body, secret),
      });
      const status = answers.get(path) ?? 200;
      res
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status < 300 ? 'ok thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // Jobs run only when the test says (no timer, no immediate run after an enqueue).
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  alice = await signUpUser(t.app, 'hook-alice');
  bob = await signUpUser(t.app, 'hook-bob');
  staff = await signUpUser(t.app, 'hook-staff');
  await giveStaffRole(t.app, staff.userId, 'owner');
  aliceHome = await addProperty(t.app, alice.userId, 'seller', { street: '5 Hook Lane' });
  bobHome = await addProperty(t.app, bob.userId, 'seller', { street: '7 Other Road' });
});
afterAll(async () => {
  await t.close();
  receiver.close();
});
beforeEach(() => {
  received.length = 0;
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: SignedIn,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

async function register(who: SignedIn, path: string, events: string[], extra: object = {}) {
  const res = await call('POST', WEBHOOK_API.endpoints, who, {
    url: `${receiverUrl}${path}`,
    events,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { endpoint, secret } = res.json() as { endpoint: TWebhookEndpoint; secret: string };
  secrets.set(path, secret);
  return endpoint;
}

const runWebhooks = () => t.app.jobs.runDue(['webhook.deliver']);

/** Make every pending webhook job due now (the clock moved past its backoff). */
async function makeDue() {
  await t.app.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.status, 'pending')));
}

async function deliveries(who: SignedIn, endpoint: string) {
  const res = await call('GET', WEBHOOK_API.deliveries(endpoint), who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows as TWebhookDeliveryRow[];
}

const message = (who: SignedIn, property: string, body: string) =>
  call('POST', '/api/messages', who, { property, body });

describe('registering endpoints', () => {
  it('shows the secret at creation and to its owner only; another person gets 404', async () => {
    const endpoint = await register(alice, '/reg', ['order.paid']);
    expect(endpoint).toMatchObject({ scope: 'own', enabled: true, events: ['order.paid'] });
    const secret = await call('GET', WEBHOOK_API.secret(endpoint.hash), alice);
    expect(secret.json()).toEqual({ secret: secrets.get('/reg') });
    expect(secrets.get('/reg')).toMatch(/^whsec_/);
    // Stored encrypted, not as it is shown.
    const [row] = await t.app.db
      .select({ sealed: webhookEndpoints.secretEncrypted })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.hash, endpoint.hash));
    expect(row?.sealed).not.toContain(secrets.get('/reg')?.slice(6));
    for (const [method, url] of [
      ['GET', WEBHOOK_API.secret(endpoint.hash)],
      ['GET', WEBHOOK_API.deliveries(endpoint.hash)],
      ['PATCH', WEBHOOK_API.endpoint(endpoint.hash)],
      ['DELETE', WEBHOOK_API.endpoint(endpoint.hash)],
    ] as const) {
      const res = await call(method, url, bob, method === 'PATCH' ? { enabled: false } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', WEBHOOK_API.endpoints, bob)).json()).toEqual({
      endpoints: [],
      canReceiveAll: false,
    });
    const removed = await call('DELETE', WEBHOOK_API.endpoint(endpoint.hash), alice);
    expect(removed.statusCode).toBe(204);
  });

  it('refuses no events, a bad address, and every property’s events to a customer', async () => {
    const none = await call('POST', WEBHOOK_API.endpoints, alice, {
      url: `${receiverUrl}/x`,
      events: [],
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ events: [WEBHOOK_TEXTS.events] });
    const ftp = await call('POST', WEBHOOK_API.endpoints, alice, {
      url: 'ftp://example.com/x',
      events: ['order.paid'],
    });
    expect(ftp.json().errors).toEqual({
      url: ['The address must start with https:// or http://.'],
    });
    const all = await call('POST', WEBHOOK_API.endpoints, alice, {
      url: `${receiverUrl}/x`,
      events: ['order.paid'],
      scope: 'all',
    });
    expect(all.statusCode).toBe(403);
    expect((await call('GET', WEBHOOK_API.endpoints, staff)).json().canReceiveAll).toBe(true);
  });
});

describe('deliveries', () => {
  it('signs each event; a customer hears only of their own properties, staff with webhooks.all of all', async () => {
    const mine = await register(alice, '/alice', ['message.received']);
    const bobs = await register(bob, '/bob', ['message.received', 'order.paid']);
    const every = await register(staff, '/staff', ['message.received'], { scope: 'all' });
    expect((await message(alice, aliceHome.hash, 'Is the sign up yet?')).statusCode).toBe(201);
    await runWebhooks();

    const paths = received.map((r) => r.path).sort();
    expect(paths).toEqual(['/alice', '/staff']);
    for (const r of received) {
      expect(r.verified, r.path).toBe(true);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['lantern-event-type']).toBe('message.received');
    }
    const event = JSON.parse(received[0]?.body ?? '{}');
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: 'message.received',
      version: 1,
      created: expect.any(Number),
      data: {
        property: { hash: aliceHome.hash, address: '5 Hook Lane, Springfield, IL 62701' },
        message: { body: 'Is the sign up yet?', fromStaff: false },
      },
    });
    // The body is what the contracts (and the OpenAPI document) describe.
    expect(() => webhookEventSchema('message.received').parse(event)).not.toThrow();
    // Both endpoints got the same event (one id), each signed with its own secret.
    expect(JSON.parse(received[1]?.body ?? '{}').id).toBe(event.id);
    expect(received[0]?.headers['lantern-signature']).not.toBe(
      received[1]?.headers['lantern-signature'],
    );

    const listed = await deliveries(alice, mine.hash);
    expect(listed).toEqual([
      expect.objectContaining({
        eventId: event.id,
        eventType: 'message.received',
        status: 'succeeded',
        attempts: 1,
        lastStatusCode: 200,
        nextAttemptAt: null,
      }),
    ]);
    const detail = (
      await call('GET', WEBHOOK_API.delivery(mine.hash, listed[0]?.hash ?? ''), alice)
    ).json() as TWebhookDeliveryDetail;
    expect(detail.body).toBe(received.find((r) => r.path === '/alice')?.body);
    expect(detail.tries).toEqual([
      expect.objectContaining({ statusCode: 200, responseBody: 'ok thanks', error: null }),
    ]);
    // Bob's endpoint heard nothing of Alice's home; his own message reaches him and staff only.
    expect(await deliveries(bob, bobs.hash)).toEqual([]);
    received.length = 0;
    await message(bob, bobHome.hash, 'Hello');
    await runWebhooks();
    expect(received.map((r) => r.path).sort()).toEqual(['/bob', '/staff']);
    expect(await deliveries(alice, mine.hash)).toHaveLength(1);
    // Staff who lose webhooks.all stop hearing of others' properties.
    await giveStaffRole(t.app, staff.userId, 'support');
    received.length = 0;
    await message(alice, aliceHome.hash, 'Again');
    await runWebhooks();
    expect(received.map((r) => r.path)).toEqual(['/alice']);
    await giveStaffRole(t.app, staff.userId, 'owner');
    for (const [who, e] of [
      [alice, mine],
      [bob, bobs],
      [staff, every],
    ] as const) {
      await call('DELETE', WEBHOOK_API.endpoint(e.hash), who);
    }
  });

  it('sends order.paid when staff record the payment in full', async () => {
    const endpoint = await register(alice, '/paid', ['order.paid']);
    const order = await call('POST', '/api/dashboard/orders', alice, {
      property: aliceHome.hash,
      product: 'mls-listing-state',
    });
    expect(order.statusCode, order.body).toBe(201);
    const invoice = order.json().order.invoice as string;
    const paid = await call('POST', ADMIN_API.invoicePayments(invoice), staff, {
      amountCents: 14_900,
      method: 'check',
      reference: '77',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await runWebhooks();
    expect(received).toHaveLength(1);
    expect(received[0]?.verified).toBe(true);
    expect(JSON.parse(received[0]?.body ?? '{}').data).toMatchObject({
      property: { hash: aliceHome.hash },
      invoice: { hash: invoice, kind: 'order', paidCents: 14_900 },
    });
    await call('DELETE', WEBHOOK_API.endpoint(endpoint.hash), alice);
  });

  it('sends listing.status_changed on publish and unpublish, and showing.requested without the buyer’s details', async () => {
    const endpoint = await register(alice, '/listing', [
      'listing.status_changed',
      'showing.requested',
    ]);
    const { property, listing } = await publishedFsboListing(t.app, alice, '11 Listing Way');
    await runWebhooks();
    expect(received.map((r) => r.verified)).toEqual([true]);
    const published = JSON.parse(received[0]?.body ?? '{}');
    expect(published).toMatchObject({
      type: 'listing.status_changed',
      data: {
        property: { hash: property.hash },
        listing: { kind: 'fsbo', status: 'active', previousStatus: 'unpublished' },
      },
    });
    expect(published.data.listing.url).toMatch(/^http:\/\/localhost:3000\/listings\//);
    expect(() => webhookEventSchema('listing.status_changed').parse(published)).not.toThrow();

    received.length = 0;
    const asked = await t.app.inject({
      method: 'POST',
      url: SHOWINGS_API.request(listing.hash),
      headers: BROWSER,
      remoteAddress: '203.0.113.77',
      payload: {
        name: 'Casey Buyer',
        email: 'casey.buyer@example.com',
        phone: '(555) 201-3300',
        date: localDateTime(new Date(Date.now() + 3 * 86_400_000), 'America/Chicago').date,
        time: '10:00',
        duration: 30,
        note: 'Garden?',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    await runWebhooks();
    expect(received).toHaveLength(1);
    const showing = JSON.parse(received[0]?.body ?? '{}');
    expect(showing).toMatchObject({
      type: 'showing.requested',
      data: {
        property: { hash: property.hash },
        showing: { status: 'Pending', timeZone: 'America/Chicago' },
      },
    });
    expect(received[0]?.body).not.toContain('casey.buyer@example.com');
    expect(received[0]?.body).not.toContain('Casey Buyer');

    received.length = 0;
    const off = await call('POST', FSBO_LISTING_API.unpublish, alice, { property: property.hash });
    expect(off.statusCode, off.body).toBe(200);
    await runWebhooks();
    expect(JSON.parse(received[0]?.body ?? '{}').data.listing).toMatchObject({
      status: 'unpublished',
      previousStatus: 'active',
      url: null,
    });
    await call('DELETE', WEBHOOK_API.endpoint(endpoint.hash), alice);
  });

  it('retries a failing endpoint with growing waits and keeps every answer; resend sends the same event', async () => {
    const endpoint = await register(alice, '/flaky', ['message.received']);
    answers.set('/flaky', 500);
    await message(alice, aliceHome.hash, 'First try fails');
    const before = Date.now();
    await runWebhooks();
    let [row] = await deliveries(alice, endpoint.hash);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    // The next try waits a minute, then two.
    const wait1 = new Date(row?.nextAttemptAt ?? 0).getTime() - before;
    expect(wait1).toBeGreaterThan(55_000);
    expect(wait1).toBeLessThan(70_000);
    await runWebhooks();
    expect(received).toHaveLength(1); // not due yet
    await makeDue();
    const before2 = Date.now();
    await runWebhooks();
    [row] = await deliveries(alice, endpoint.hash);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    const wait2 = new Date(row?.nextAttemptAt ?? 0).getTime() - before2;
    expect(wait2).toBeGreaterThan(115_000);
    expect(wait2).toBeLessThan(130_000);
    const failing = (await call('GET', WEBHOOK_API.endpoints, alice)).json()
      .endpoints[0] as TWebhookEndpoint;
    expect(failing.failingSince).not.toBeNull();

    answers.set('/flaky', 200);
    await makeDue();
    await runWebhooks();
    [row] = await deliveries(alice, endpoint.hash);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 200 });
    const detail = (
      await call('GET', WEBHOOK_API.delivery(endpoint.hash, row?.hash ?? ''), alice)
    ).json() as TWebhookDeliveryDetail;
    expect(detail.tries.map((x) => [x.statusCode, x.responseBody])).toEqual([
      [200, 'ok thanks'],
      [500, 'receiver is down'],
      [500, 'receiver is down'],
    ]);
    expect(received.every((r) => r.verified)).toBe(true);
    // Answering again clears the failure clock.
    expect(
      (await call('GET', WEBHOOK_API.endpoints, alice)).json().endpoints[0].failingSince,
    ).toBeNull();

    received.length = 0;
    const resent = await call('POST', WEBHOOK_API.resend(endpoint.hash, row?.hash ?? ''), alice);
    expect(resent.statusCode, resent.body).toBe(202);
    await runWebhooks();
    expect(received).toHaveLength(1);
    expect(received[0]?.verified).toBe(true);
    expect(received[0]?.body).toBe(detail.body);
    const listed = await deliveries(alice, endpoint.hash);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      hash: resent.json().hash,
      eventId: row?.eventId,
      status: 'succeeded',
    });
    await call('DELETE', WEBHOOK_API.endpoint(endpoint.hash), alice);
  });

  it('turns off an endpoint failing for 3 days and mails its owner once; turning it on starts over', async () => {
    const endpoint = await register(alice, '/dead', ['message.received']);
    answers.set('/dead', 503);
    await message(alice, aliceHome.hash, 'Nobody home');
    await runWebhooks();
    // Two days on: still failing, still on.
    const moveClock = (minutes: number) =>
      t.app.db
        .update(webhookEndpoints)
        .set({ failingSince: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(webhookEndpoints.hash, endpoint.hash));
    await moveClock(2 * 24 * 60);
    await makeDue();
    await runWebhooks();
    let listed = (await call('GET', WEBHOOK_API.endpoints, alice)).json()
      .endpoints as TWebhookEndpoint[];
    expect(listed[0]).toMatchObject({ enabled: true });
    // Three days and a minute: the next failure turns it off.
    await moveClock(3 * 24 * 60 + 1);
    await makeDue();
    await runWebhooks();
    listed = (await call('GET', WEBHOOK_API.endpoints, alice)).json().endpoints;
    expect(listed[0]).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const [row] = await deliveries(alice, endpoint.hash);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 503 });
    const [job] = await t.app.db
      .select({ status: jobs.status })
      .from(jobs)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.jobId, jobs.id))
      .where(eq(webhookDeliveries.hash, row?.hash ?? ''));
    expect(job?.status).toBe('failed');
    const turnedOff = async () =>
      (await mailsTo(t.app, alice.email)).filter((s) => s === 'A webhook endpoint was turned off');
    expect(await turnedOff()).toHaveLength(1);
    expect(MAIL_TEMPLATES['webhook-disabled'].name).toBe('Webhook endpoint turned off');

    // Off: new events are not queued for it, and resend is refused.
    received.length = 0;
    await message(alice, aliceHome.hash, 'While it is off');
    await runWebhooks();
    expect(received).toEqual([]);
    expect(await deliveries(alice, endpoint.hash)).toHaveLength(1);
    expect(
      (await call('POST', WEBHOOK_API.resend(endpoint.hash, row?.hash ?? ''), alice)).statusCode,
    ).toBe(409);

    // On again: its failures are forgotten.
    answers.set('/dead', 200);
    const on = await call('PATCH', WEBHOOK_API.endpoint(endpoint.hash), alice, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await message(alice, aliceHome.hash, 'Back');
    await runWebhooks();
    expect(received.map((r) => r.path)).toEqual(['/dead']);
    expect(await turnedOff()).toHaveLength(1);
  });

  it('counts a secret sealed under another SESSION_SECRET as a failed attempt, and says so', async () => {
    const endpoint = await register(bob, '/resealed', ['message.received']);
    await t.app.db
      .update(webhookEndpoints)
      .set({
        secretEncrypted: createSecretBox('another-secret-another-secret-12345').seal('whsec_x'),
      })
      .where(eq(webhookEndpoints.hash, endpoint.hash));
    const secret = await call('GET', WEBHOOK_API.secret(endpoint.hash), bob);
    expect(secret.statusCode).toBe(409);
    expect(secret.json().message).toBe(WEBHOOK_TEXTS.secretUnreadable);
    await message(bob, bobHome.hash, 'Anyone?');
    await runWebhooks();
    expect(received).toEqual([]);
    expect((await deliveries(bob, endpoint.hash))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: expect.stringMatching(/can no longer be read/),
    });
    await call('DELETE', WEBHOOK_API.endpoint(endpoint.hash), bob);
  });

  it('stops trying deliveries when the owner turns the endpoint off', async () => {
    const endpoint = await register(bob, '/off', ['message.received']);
    answers.set('/off', 500);
    await message(bob, bobHome.hash, 'x');
    await runWebhooks();
    await call('PATCH', WEBHOOK_API.endpoint(endpoint.hash), bob, { enabled: false });
    await makeDue();
    received.length = 0;
    await runWebhooks();
    expect(received).toEqual([]);
    expect((await deliveries(bob, endpoint.hash))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
    });
  });
});

describe('the OpenAPI document', () => {
  it('describes every event under OpenAPI 3.1 `webhooks`, with a signed example', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    // Every subscribable event, and the test event sent on demand (issue 48).
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_SENT_TYPES].sort());
    expect(doc.webhooks['webhook.test'].post.description).toContain('when its owner asks');
    for (const type of WEBHOOK_SENT_TYPES) {
      const post = doc.webhooks[type].post;
      const { schema, example } = post.requestBody.content['application/json'];
      expect(example).toEqual(WEBHOOK_EXAMPLES[type]);
      expect(() => webhookEventSchema(type).parse(example)).not.toThrow();
      expect(schema.properties.type).toMatchObject({ const: type });
      const header = post.parameters.find((p: { name: string }) => p.name === 'Lantern-Signature');
      expect(
        verifyWebhookSignature(header.example, JSON.stringify(example), EXAMPLE_SECRET, {
          now: example.created,
        }).ok,
      ).toBe(true);
    }
    expect(doc.paths['/api/account/webhooks'].post).toBeDefined();
  });
});
