import {
  API_SCOPES,
  PROBLEM_CONTENT_TYPE,
  ZProblemSchema,
  ZV1ServiceListSchema,
} from '@lantern/contracts';
import { VENDOR_KIND_KEYS } from '@lantern/domain';
import fc from 'fast-check';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';
import { apiTokenFor } from './helpers/v1-tokens.ts';

/**
 * Issue 48: a fuzzer over every operation of GET /api/v1/openapi.json. Requests are generated
 * from each operation's own parameter and body schemas (valid-shaped values and hostile ones),
 * and every answer must be below 500, a status the operation declares, with a declared content
 * type; a problem body must be a valid Problem. Success bodies are not checked against their
 * JSON Schema here (no JSON Schema validator is a workspace dependency): the routes' zod
 * serializers already refuse to send an answer that does not match its schema, which is a 500.
 * Fixed seeds keep every run the same. No operation is skipped: none reaches outside this
 * process: webhook endpoints point at a closed local port, the job worker is off (mail waits in
 * the outbox), and the test configuration sets no Stripe, Twilio or HubSpot credentials.
 */
type Schema = Record<string, unknown>;
interface Operation {
  method: HTTPMethods;
  path: string;
  op: Schema;
}
interface Generated {
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const SEED = 48;
const RUNS = 12;
/** A customer's calls to staff and vendor operations are all refused alike: fewer suffice. */
const REFUSED_RUNS = 3;
/** Stands for a JSON number too large for a double: JSON.stringify cannot write one. */
const HUGE = '\u0000fuzz-1e309';
const LONG = 'x'.repeat(10_000);
const HOSTILE = fc.constantFrom<unknown>(
  '',
  LONG,
  'lone \uD800 surrogate',
  '\uDC00',
  -1,
  0,
  HUGE,
  'NaN',
  '-1',
  '1e309',
  true,
  null,
  [],
  {},
  [1, 'two'],
);

let t: TestApp;
let doc: Schema;
/** Real path parameter values, by name: the token owner's resources and another user. */
const real: Record<string, string[]> = {};
const tokens = { customer: '', staff: '' };

/** A schema, response or parameter with its `$ref` followed (the document's own only). */
function deref(node: unknown): Schema {
  let n = (node ?? {}) as Schema;
  for (let hops = 0; typeof n.$ref === 'string' && hops < 10; hops++) {
    const keys = n.$ref.replace(/^#\//, '').split('/');
    n = keys.reduce<Schema>((at, key) => (at[key] ?? {}) as Schema, doc);
  }
  return n;
}

const FORMATS: Record<string, string> = {
  email: 'fuzz@example.com',
  'date-time': '2030-01-02T03:04:05.000Z',
  date: '2030-01-02',
  time: '10:30',
  // A private address the test configuration allows: a webhook test delivery stays local.
  uri: 'http://127.0.0.1:9/fuzz',
  uuid: '3f2a7c1e-5b4d-4e8f-9a6b-1c2d3e4f5a6b',
};

function validString(s: Schema): fc.Arbitrary<string> {
  const known = FORMATS[String(s.format)];
  if (known) return fc.constant(known);
  const min = Number(s.minLength ?? 0);
  const max = Math.max(min, Math.min(Number(s.maxLength ?? 24), 24));
  const unit = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 -');
  return fc.string({ unit, minLength: min, maxLength: max });
}

function validNumber(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const low = Number(s.minimum ?? s.exclusiveMinimum ?? -1000);
  const high = Number(s.maximum ?? s.exclusiveMaximum ?? 1000);
  const min = Math.max(low, -1e6) + (s.exclusiveMinimum === undefined ? 0 : 1);
  const max = Math.min(high, 1e6) - (s.exclusiveMaximum === undefined ? 0 : 1);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), max) });
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

function validObject(s: Schema, depth: number): fc.Arbitrary<unknown> {
  const props = (s.properties ?? {}) as Record<string, unknown>;
  const required = ((s.required ?? []) as string[]).filter((k) => k in props);
  const fields = Object.fromEntries(
    Object.entries(props).map(([k, v]) => [k, valid(v, depth + 1)]),
  );
  return fc.record(fields, { requiredKeys: required });
}

/** Values of the schema's shape: type, enum, format, length and range where simple. */
function valid(node: unknown, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(node);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (branches?.length) return fc.oneof(...branches.map((b) => valid(b, depth)));
  if (Array.isArray(s.allOf)) return valid(Object.assign({}, ...s.allOf.map(deref)), depth);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'string') return validString(s);
  if (type === 'integer' || type === 'number') return validNumber(s, type === 'integer');
  if (type === 'boolean') return fc.boolean();
  if (type === 'null') return fc.constant(null);
  if (type === 'array') {
    const minLength = Number(s.minItems ?? 0);
    const maxLength = Math.max(minLength, Math.min(Number(s.maxItems ?? 3), 3));
    return depth > 5
      ? fc.constant([])
      : fc.array(valid(s.items, depth + 1), { minLength, maxLength });
  }
  if (type === 'object' || s.properties) return depth > 5 ? fc.constant({}) : validObject(s, depth);
  return fc.constant('fuzz');
}

/** Every key path in a JSON value, for a mutation to pick one. */
function keyPaths(
  value: unknown,
  prefix: Array<string | number> = [],
): Array<Array<string | number>> {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const path = [...prefix, Array.isArray(value) ? Number(k) : k];
    return [path, ...keyPaths(v, path)];
  });
}

type Mutation = 'replace' | 'drop' | 'extra';

/** A valid-shaped body with one field made hostile, dropped, or an unknown one beside it. */
function mutate(value: unknown, pick: number, hostile: unknown, how: Mutation): unknown {
  const copy = structuredClone(value);
  const paths = keyPaths(copy);
  const path = paths[pick % Math.max(paths.length, 1)];
  if (!path || !copy || typeof copy !== 'object')
    return how === 'extra' ? { fuzz: hostile } : hostile;
  const key = path.at(-1) as string | number;
  const parent = path
    .slice(0, -1)
    .reduce<Record<string | number, unknown>>(
      (at, k) => at[k] as Record<string | number, unknown>,
      copy as Record<string | number, unknown>,
    );
  if (how === 'replace') parent[key] = hostile;
  else if (how === 'extra' && !Array.isArray(parent)) parent.fuzzUnknownField = hostile;
  else if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return copy;
}

function bodyOf(schema: unknown): fc.Arbitrary<unknown> {
  const good = valid(schema);
  const how = fc.constantFrom<Mutation>('replace', 'drop', 'extra');
  return fc.oneof(
    { weight: 3, arbitrary: good },
    { weight: 6, arbitrary: fc.tuple(good, fc.nat(), HOSTILE, how).map((a) => mutate(...a)) },
    { weight: 1, arbitrary: HOSTILE },
  );
}

/** JSON, with HUGE as a bare 1e309 (which JSON.parse reads as Infinity). */
const json = (value: unknown) => JSON.stringify(value).replaceAll(JSON.stringify(HUGE), '1e309');

/** A value as one query or path string: HUGE as `1e309`, objects as JSON. */
const asText = (value: unknown) =>
  value === HUGE ? '1e309' : typeof value === 'string' ? value : JSON.stringify(value);

/** Percent-encoding that also writes a lone surrogate (as WTF-8), which encodeURIComponent refuses. */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

const parametersOf = (op: Schema, where: string) =>
  ((op.parameters ?? []) as unknown[]).map(deref).filter((p) => p.in === where);

/** A path value: the owner's real ones, ones of the schema's shape, and hostile ones. */
function pathValue(p: Schema): fc.Arbitrary<string> {
  const mine = real[String(p.name)] ?? [];
  // An empty segment would be another route, not this operation.
  const text = (a: fc.Arbitrary<unknown>) => a.map((v) => asText(v) || 'x');
  return fc.oneof(
    ...(mine.length ? [{ weight: 4, arbitrary: fc.constantFrom(...mine) }] : []),
    { weight: 2, arbitrary: text(valid(p.schema)) },
    { weight: 2, arbitrary: text(HOSTILE) },
  );
}

/** A query value, sometimes left out (a required one only rarely). */
function queryValue(p: Schema): fc.Arbitrary<string | undefined> {
  const mine = real[String(p.name)] ?? [];
  const value = fc.oneof(
    ...(mine.length ? [{ weight: 3, arbitrary: fc.constantFrom(...mine) }] : []),
    { weight: 3, arbitrary: valid(p.schema).map(asText) },
    { weight: 2, arbitrary: HOSTILE.map(asText) },
  );
  return fc.option(value, { nil: undefined, freq: p.required ? 10 : 3 });
}

const IDEMPOTENCY_KEYS = fc.constantFrom('fuzz-key-1', '', 'k'.repeat(300), 'ключ', ' ');

/** One request to the operation: its path, query, Idempotency-Key and JSON body. */
function requestOf(o: Operation): fc.Arbitrary<Generated> {
  const path = parametersOf(o.op, 'path');
  const query = parametersOf(o.op, 'query');
  const content = (deref(o.op.requestBody).content ?? {}) as Record<string, Schema>;
  const schema = content['application/json']?.schema;
  return fc
    .record({
      path: fc.tuple(...path.map(pathValue)),
      query: fc.tuple(...query.map(queryValue)),
      body: schema
        ? fc.option(bodyOf(schema), { nil: undefined, freq: 10 })
        : fc.constant(undefined),
      // Now and then the body as text/plain (a 415) or JSON cut short (a 400).
      variant: fc.nat(9),
      key: fc.option(IDEMPOTENCY_KEYS, { nil: undefined, freq: 2 }),
    })
    .map((r) => {
      const values = new Map(path.map((p, i) => [String(p.name), r.path[i] ?? 'x']));
      const pathname = o.path.replace(/\{([^}]+)\}/g, (_, name) => encode(values.get(name) ?? 'x'));
      const search = query
        .map((p, i) => [String(p.name), r.query[i]] as const)
        .filter((e): e is readonly [string, string] => e[1] !== undefined)
        .map(([k, v]) => `${encode(k)}=${encode(v)}`)
        .join('&');
      const headers: Record<string, string> = {};
      if (o.method === 'POST' && r.key !== undefined) headers['idempotency-key'] = r.key;
      if (r.body === undefined) return { url: `${pathname}${search ? `?${search}` : ''}`, headers };
      headers['content-type'] = r.variant === 0 ? 'text/plain' : 'application/json';
      const payload = r.variant === 1 ? json(r.body).slice(0, -1) || '{' : json(r.body);
      return { url: `${pathname}${search ? `?${search}` : ''}`, headers, payload };
    });
}

/** The response the operation declares for a status: exact, by range, or its default. */
function declaredResponse(op: Schema, status: number): Schema | undefined {
  const responses = (op.responses ?? {}) as Record<string, unknown>;
  const found =
    responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
  return found === undefined ? undefined : deref(found);
}

/** What is wrong with an answer, measured against the operation's own description. */
function violations(op: Schema, res: LightMyRequestResponse): string[] {
  const status = res.statusCode;
  const brief = res.body.slice(0, 200);
  const response = declaredResponse(op, status);
  // A 503 the operation declares is a part of the server away, not a fault (the listing preview
  // renders with the web build, which a test run without `turbo run build` lacks).
  if (status >= 500 && !(status === 503 && response)) return [`${status} ${brief}`];
  if (!response) return [`undeclared ${status} ${brief}`];
  const content = response.content as Record<string, unknown> | undefined;
  const type =
    String(res.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim() ?? '';
  // A file's own type stands in for the declared application/octet-stream.
  if (res.body && content && !(type in content) && !('application/octet-stream' in content)) {
    return [`${status} as ${type}, declared ${Object.keys(content).join(', ')}`];
  }
  if (type !== PROBLEM_CONTENT_TYPE) return [];
  const problem = ZProblemSchema.safeParse(res.json());
  if (!problem.success) return [`${status} is not a Problem: ${brief}`];
  return problem.data.status === status
    ? []
    : [`problem says ${problem.data.status} on a ${status}`];
}

/** A stable number per operation, so each has its own fixed seed whatever the order. */
const seedOf = (text: string) =>
  [...text].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, SEED);

/** Sends each operation its generated requests; the first failure per operation and kind. */
async function fuzz(
  operations: Operation[],
  token: string,
  runs: number,
  extra: (res: LightMyRequestResponse) => string[] = () => [],
): Promise<string[]> {
  const failures = new Map<string, string>();
  for (const o of operations) {
    const seed = seedOf(`${o.method} ${o.path}`);
    for (const r of fc.sample(requestOf(o), { seed, numRuns: runs })) {
      const res = await t.app.inject({
        method: o.method,
        url: r.url,
        headers: { ...r.headers, authorization: `Bearer ${token}` },
        ...(r.payload === undefined ? {} : { payload: r.payload }),
      });
      for (const v of [...violations(o.op, res), ...extra(res)]) {
        const kind = `${o.method} ${o.path} ${v.split(' ').slice(0, 2).join(' ')}`;
        if (!failures.has(kind)) failures.set(kind, `${o.method} ${r.url.slice(0, 120)}: ${v}`);
      }
    }
  }
  return [...failures.values()];
}

const NEW_PROPERTY = {
  propertyLocation: 'address',
  transactionRole: 'seller',
  propertyAddress: {
    apn: '',
    streetAddress: '48 Fuzz Ln',
    unit: '',
    city: 'Springfield',
    county: 'Sangamon County',
    state: 'IL',
    zipCode: '62701',
  },
};

async function v1(method: HTTPMethods, url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens.customer}` },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** A property, an order and a webhook endpoint of the owner's, made through /api/v1 itself. */
async function ownResources() {
  const { property } = await v1('POST', '/api/v1/properties', NEW_PROPERTY);
  const services = await v1('GET', `/api/v1/properties/${property.hash}/services`);
  const free = ZV1ServiceListSchema.parse(services).services.find((s) => s.priceCents === 0);
  const { order } = await v1('POST', '/api/v1/orders', {
    property: property.hash,
    product: free?.slug,
  });
  const { endpoint } = await v1('POST', '/api/v1/webhook-endpoints', {
    url: 'http://127.0.0.1:9/real',
    events: ['order.paid'],
  });
  return {
    property: property.hash as string,
    order: order.hash as string,
    endpoint: endpoint.hash as string,
  };
}

const staffOrVendor = (o: Operation) => /^(staff|vendor):/.test(String(o.op['x-scope']));

let operations: Operation[] = [];

beforeAll(async () => {
  // No rate limit (a 429 would hide the rest) and no job worker: the run stays offline.
  t = await buildTestApp({ rateLimits: false, jobsWorker: false });
  const res = await t.app.inject({ url: '/api/v1/openapi.json' });
  doc = res.json();
  const owner = await signUpUser(t.app, 'fuzz-owner');
  const staff = await signUpUser(t.app, 'fuzz-staff');
  // Someone whose account staff operations may change without locking out the fuzzer's tokens.
  const bystander = await signUpUser(t.app, 'fuzz-bystander');
  await giveStaffRole(t.app, staff.userId, 'owner');
  await giveVendorKinds(t.app, staff.userId, [...VENDOR_KIND_KEYS]);
  tokens.customer = await apiTokenFor(
    t.app,
    owner,
    API_SCOPES.filter((s) => !/^(staff|vendor):/.test(s)),
  );
  tokens.staff = await apiTokenFor(t.app, staff, [...API_SCOPES]);
  const mine = await ownResources();
  real.hash = [mine.property, mine.order, mine.endpoint, bystander.hash];
  real.property = [mine.property];
  real.order = [mine.order];
  real.user = [bystander.hash];
  const paths = doc.paths as Record<string, Record<string, Schema>>;
  operations = Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as HTTPMethods,
      path,
      op,
    })),
  );
  // Deletions last, so the other operations still find the real resources.
  operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
});
afterAll(() => t.close());

describe('every /api/v1 operation under generated requests', () => {
  it('answers the owner as it declares, never a 5xx', { timeout: 300_000 }, async () => {
    expect(operations.length).toBeGreaterThan(100);
    const failures = await fuzz(
      operations.filter((o) => !staffOrVendor(o)),
      tokens.customer,
      RUNS,
    );
    expect(failures).toEqual([]);
  });

  it('refuses a customer staff and vendor operations with a declared 403 or 404', {
    timeout: 300_000,
  }, async () => {
    // Judged before the token: an address that cannot be decoded (lib/early-answers.ts) and a
    // bad `limit` or `cursor` (checkPublicRequests); both still declared, as violations() checks.
    const early: Record<number, string> = { 400: 'bad_request', 422: 'invalid_query_parameter' };
    const refused = (res: LightMyRequestResponse) => {
      const json = String(res.headers['content-type']).includes('json') ? res.json() : undefined;
      const problem = ZProblemSchema.safeParse(json);
      const code = problem.success ? problem.data.code : undefined;
      const ok = [403, 404].includes(res.statusCode) || early[res.statusCode] === code;
      return ok ? [] : [`not refused: ${res.statusCode}`];
    };
    const ops = operations.filter(staffOrVendor);
    expect(await fuzz(ops, tokens.customer, REFUSED_RUNS, refused)).toEqual([]);
  });

  it('answers staff as it declares, never a 5xx', { timeout: 300_000 }, async () => {
    const failures = await fuzz(operations.filter(staffOrVendor), tokens.staff, RUNS);
    expect(failures).toEqual([]);
  });
});
