import { MESSAGES } from '@lantern/contracts';
import { VENDOR_KIND_KEYS } from '@lantern/domain';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BROWSER, buildTestApp, type TestApp, uniqueEmail } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';
import { sample, stringLeaves } from './helpers/zod-samples.ts';

/**
 * Issue 12, item 4: control characters on every endpoint, generated from the route table so no
 * route escapes. A signed-in staff and vendor user sends them in each path parameter, each query
 * parameter and each string of each body (the other fields plausible), and no answer is a 5xx.
 */
const NUL = 'a\u0000b';
/** Half of a surrogate pair (issue 40): JSON carries it, jsonb refuses it. */
const SURROGATE = 'goodwill \ud800';

let t: TestApp;
let me: SignedIn;
let property: string;

/** A signed-in owner who is every kind of vendor too, with a property: every route is open. */
async function everyone() {
  me = await signUpUser(t.app, 'hostile');
  await giveStaffRole(t.app, me.userId, 'owner');
  await giveVendorKinds(t.app, me.userId, [...VENDOR_KIND_KEYS]);
  property = (await addProperty(t.app, me.userId)).hash;
}

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: false });
  await everyone();
});
afterAll(async () => {
  await t.close();
});

/** Plausible values by field name, so that only the hostile field can be what is wrong. */
function plausible(path: string[]): string {
  const key = path.at(-1) ?? '';
  if (/email/i.test(key)) return uniqueEmail('hostile-field');
  if (/password/i.test(key)) return 'a long hostile-input passphrase';
  if (key === 'property') return property;
  if (key === 'phone') return '+12025550188';
  if (key === 'state') return 'IL';
  if (/zip/i.test(key)) return '62701';
  if (key === 'code' || key === 'pin') return '123456';
  return 'plain words';
}

function send(method: HTTPMethods, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: me.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

interface Probe {
  method: HTTPMethods;
  url: string;
  payload?: unknown;
  where: string;
}

/** Every body's text fields, each in turn holding `hostile` (the other fields plausible). */
function bodyProbes(hostile: string): Probe[] {
  const out: Probe[] = [];
  for (const route of t.app.routeTable) {
    if (route.websocket) continue;
    const method = [route.method].flat().find((m) => m !== 'HEAD' && m !== 'OPTIONS');
    const body = route.schema?.body as z.ZodType | undefined;
    if (!method || !body) continue;
    const url = route.url.replace(/:\w+/g, 'x').replace(/\*$/, 'x');
    for (const leaf of stringLeaves(body)) {
      out.push({
        method,
        url,
        payload: sample(body, (p) => (p.join('.') === leaf.join('.') ? hostile : plausible(p))),
        where: `body ${leaf.join('.')}`,
      });
    }
  }
  return out;
}

function probes(): Probe[] {
  const out: Probe[] = [];
  for (const route of t.app.routeTable) {
    if (route.websocket) continue;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    const method = methods[0];
    if (!method) continue;
    const schema = route.schema ?? {};
    const params = route.url.replace(/:\w+/g, 'x').replace(/\*$/, 'x');
    // Each path parameter, and a wildcard's tail.
    const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
    for (const name of names) {
      out.push({
        method,
        url: route.url
          .replace(/:\w+/g, (p) => (p === `:${name}` ? '%00' : 'x'))
          .replace(/\*$/, 'x'),
        where: `param ${name}`,
      });
    }
    if (route.url.endsWith('*')) {
      out.push({ method, url: `${route.url.slice(0, -1)}%00`, where: 'wildcard' });
    }
    const query = schema.querystring as z.ZodType | undefined;
    for (const leaf of query ? stringLeaves(query) : []) {
      const values = sample(query as z.ZodType, (p) =>
        p.join('.') === leaf.join('.') ? NUL : plausible(p),
      );
      const search = new URLSearchParams(
        Object.entries(values as Record<string, unknown>).map(([k, v]): [string, string] => [
          k,
          String(v),
        ]),
      );
      out.push({ method, url: `${params}?${search}`, where: `query ${leaf.join('.')}` });
    }
    const body = schema.body as z.ZodType | undefined;
    for (const leaf of body ? stringLeaves(body) : []) {
      out.push({
        method,
        url: params,
        payload: sample(body as z.ZodType, (p) =>
          p.join('.') === leaf.join('.') ? NUL : plausible(p),
        ),
        where: `body ${leaf.join('.')}`,
      });
    }
  }
  return out;
}

describe('control characters on every endpoint', () => {
  it('never answer 5xx, and a refused field says why in the user’s words', async () => {
    const all = probes();
    expect(all.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const probe of all) {
      const res = await send(probe.method, probe.url, probe.payload);
      if (res.statusCode >= 500) {
        failures.push(`${probe.method} ${probe.url} (${probe.where}) → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL in a query parameter and in a text field with a 422 naming the field', async () => {
    const query = await send('GET', '/api/dashboard/services-for-property?property=%00');
    expect(query.statusCode).toBe(422);
    expect(query.json().errors.property).toContain(MESSAGES.controlCharacters);

    const body = await send('PATCH', '/api/account/profile', { name: NUL });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors.name).toContain(MESSAGES.controlCharacters);
  });
});

describe('broken characters on every endpoint (issue 40)', () => {
  it('never answer 5xx, and no text field stores half an emoji', async () => {
    const all = bodyProbes(SURROGATE);
    expect(all.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const probe of all) {
      let res = await send(probe.method, probe.url, probe.payload);
      // A probe the text got through may have ended the session (sign-out, a new password):
      // the next ones run as a new person, and this one again.
      if (res.statusCode === 401) {
        await everyone();
        res = await send(probe.method, probe.url, probe.payload);
      }
      if (res.statusCode >= 500)
        failures.push(`${probe.method} ${probe.url} (${probe.where}) → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a lone surrogate in a text field with a 422 naming the field', async () => {
    const body = await send('PATCH', '/api/account/profile', { name: SURROGATE });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors.name).toContain(MESSAGES.brokenCharacters);
  });
});

describe('broken text on the public site’s pages (issue 44)', () => {
  /** Half a surrogate pair and bytes that are no UTF-8 at all, as a browser or a bot may send. */
  const BROKEN = ['%ED%A0%80', '%FF', '%C0%AF', '%00', 'a%E2%82', `${'%F0%9F%8F%A0'.repeat(400)}`];
  const pages = (x: string) => [
    `/search?search=${x}`,
    `/current-listings?city=${x}&sort=${x}&page=${x}`,
    `/past-sales?state=${x}&beds=${x}`,
    `/listings/${x}`,
    `/mls/${x}`,
    `/flat-fee-mls/${x}`,
    `/blog/${x}`,
    `/blog/tag/${x}`,
    `/${x}`,
    `/features/${x}`,
    `/agreements/${x}.pdf`,
    `/unsubscribe/listing-summary?token=${x}`,
    `/account/login?next=${x}`,
  ];

  it('answers every page with a page or the designed 404, never a 5xx', async () => {
    const failures: string[] = [];
    for (const value of BROKEN) {
      for (const url of pages(value)) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${url.slice(0, 80)}`);
        else if (res.statusCode !== 400 && !res.headers['content-type']?.startsWith('text/html'))
          failures.push(`${res.headers['content-type']} ${url.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
