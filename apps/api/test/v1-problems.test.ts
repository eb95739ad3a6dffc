import { gunzipSync } from 'node:zlib';
import {
  API_PROBLEM_CODES,
  MESSAGES,
  PROBLEM_TEXTS,
  type TApiTokenCreated,
  ZProblemSchema,
} from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';

/**
 * Issue 48: the public API's errors are RFC 9457 problem details with a stable code; a wrong
 * method is a 405 with Allow, a body that is not JSON a 415, an unknown field a 422 naming it,
 * every 401 says how to authenticate, and a bad limit or cursor is named. The browser's routes
 * keep their `{message, errors}` shape.
 */
let t: TestApp;
let owner: SignedIn;
let property: { hash: string };
let token = '';
const bearer = () => ({ authorization: `Bearer ${token}` });
const VISIBILITY = '/api/v1/dashboard/property-visibility';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'problems');
  property = await addProperty(t.app, owner.userId, 'seller', { street: '1 Problem Way' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/api-tokens',
    headers: { ...BROWSER, cookie: owner.cookie },
    payload: { name: 'Problems', expiresInDays: 30, scopes: ['properties:write'] },
  });
  token = res.json<TApiTokenCreated>().token;
});
afterAll(() => t.close());

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
/** The answer is a problem of this status and code, of the documented shape. */
function expectProblem(res: Answer, status: number, code: keyof typeof API_PROBLEM_CODES) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const body = ZProblemSchema.parse(res.json());
  expect(body).toMatchObject({ status, code, title: API_PROBLEM_CODES[code].title });
  expect(body.type).toBe(`${t.app.config.publicUrl.origin}/developers/api-errors#${code}`);
  expect(body.detail.length).toBeGreaterThan(0);
  // v1 answered `{message}` before: a client written then still reads the words.
  expect(body.message).toBe(body.detail);
  return body;
}

describe('problem details under /api/v1', () => {
  it('a 401 says how to authenticate, with or without a token', async () => {
    const none = await t.app.inject({ url: '/api/v1/dashboard/user-properties' });
    expectProblem(none, 401, 'unauthenticated');
    expect(none.headers['www-authenticate']).toBe('Bearer realm="api"');
    const wrong = await t.app.inject({
      url: '/api/v1/dashboard/user-properties',
      headers: { authorization: 'Bearer lnt_nope' },
    });
    expect(expectProblem(wrong, 401, 'unauthenticated').detail).toBe(MESSAGES.unauthenticated);
    expect(wrong.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('a 404 and a 403 carry their codes; the 403 names the scope', async () => {
    expectProblem(
      await t.app.inject({ url: '/api/v1/nothing-here', headers: bearer() }),
      404,
      'not_found',
    );
    const orders = await t.app.inject({ url: '/api/v1/dashboard/orders', headers: bearer() });
    const body = expectProblem(orders, 403, 'insufficient_scope');
    expect(body.scope).toBe('orders:read');
    expect(body.detail).toContain('orders:read');
  });

  it('a method the path does not answer is a 405 naming the ones it does', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: VISIBILITY, headers: bearer() });
    expectProblem(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('POST');
    const list = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/dashboard/user-properties',
      headers: bearer(),
    });
    expectProblem(list, 405, 'method_not_allowed');
    expect(list.headers.allow).toBe('GET, HEAD');
    // A broken percent-encoding (half a surrogate) is no route at all: a 4xx, never a 5xx.
    const broken = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/dashboard/%ED%A0%80',
      headers: bearer(),
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('a body that is not JSON is a 415; a field the operation does not know is named', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: VISIBILITY,
      headers: { ...bearer(), 'content-type': 'text/plain' },
      payload: 'visible=true',
    });
    expect(expectProblem(text, 415, 'unsupported_media_type').detail).toBe(
      PROBLEM_TEXTS.unsupportedMediaType('text/plain'),
    );
    const extra = await t.app.inject({
      method: 'POST',
      url: VISIBILITY,
      headers: bearer(),
      payload: { property: property.hash, visible: false, visibel: true },
    });
    const body = expectProblem(extra, 422, 'unknown_field');
    expect(body.errors).toEqual({ visibel: [PROBLEM_TEXTS.unknownField] });
    // A hostile field name (a lone surrogate) is named back, escaped, never a 5xx.
    const hostile = await t.app.inject({
      method: 'POST',
      url: VISIBILITY,
      headers: { ...bearer(), 'content-type': 'application/json' },
      payload: `{"property":"${property.hash}","visible":true,"\\ud800x":1}`,
    });
    expect(Object.keys(expectProblem(hostile, 422, 'unknown_field').errors ?? {})).toEqual([
      '\ud800x',
    ]);
    // Compressed like any answer over 1 KB, and still a problem.
    const many = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`not_a_field_${i}`, true]),
    );
    const zipped = await t.app.inject({
      method: 'POST',
      url: VISIBILITY,
      headers: { ...bearer(), 'accept-encoding': 'gzip' },
      payload: { property: property.hash, visible: false, ...many },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    expect(Object.keys(ZProblemSchema.parse(unzipped).errors ?? {})).toHaveLength(40);
    // Nothing was changed by the refused request.
    const fine = await t.app.inject({
      method: 'POST',
      url: VISIBILITY,
      headers: bearer(),
      payload: { property: property.hash, visible: true },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('field errors keep their names; each bad paging parameter is named', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: VISIBILITY,
      headers: bearer(),
      payload: { property: property.hash },
    });
    expect(Object.keys(expectProblem(missing, 422, 'validation_failed').errors ?? {})).toEqual([
      'visible',
    ]);
    const url = '/api/v1/dashboard/user-properties';
    for (const limit of ['0', '101', 'abc']) {
      const res = await t.app.inject({ url: `${url}?limit=${limit}`, headers: bearer() });
      expect(expectProblem(res, 422, 'invalid_query_parameter').errors).toEqual({
        limit: [PROBLEM_TEXTS.badLimit],
      });
    }
    const both = await t.app.inject({ url: `${url}?limit=0&cursor=nope`, headers: bearer() });
    expect(expectProblem(both, 422, 'invalid_query_parameter').errors).toEqual({
      limit: [PROBLEM_TEXTS.badLimit],
      cursor: [PROBLEM_TEXTS.badCursor],
    });
  });

  it('the browser’s routes keep their own error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/property-visibility',
      headers: { ...BROWSER, cookie: owner.cookie, 'content-type': 'application/json' },
      payload: { property: property.hash, visibel: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ message: MESSAGES.validationFailed });
    expect(res.json()).not.toHaveProperty('code');
  });

  it('the v1 document describes every error as a Problem', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(doc.components.schemas.Problem.properties.code.enum).toEqual(
      Object.keys(API_PROBLEM_CODES),
    );
    type Response = { content?: object; $ref?: string };
    const errors: Array<[string, Response]> = Object.entries<Response>(doc.components.responses);
    for (const [path, operations] of Object.entries<
      Record<string, { responses: Record<string, Response> }>
    >(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        expect(op.responses['401']?.$ref, `${method} ${path}`).toBe(
          '#/components/responses/Unauthenticated',
        );
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) >= 400) errors.push([`${method} ${path} ${status}`, response]);
        }
      }
    }
    for (const [where, response] of errors) {
      if (response.$ref) continue;
      expect(Object.keys(response.content ?? {}), where).toEqual(['application/problem+json']);
    }
  });
});

describe('the v1 document declares every header the API sends', () => {
  it('on a paged list, a replayed POST, a 401 and a 405', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const declared = new Set(Object.keys(doc.components.headers).map((h) => h.toLowerCase()));
    await addProperty(t.app, owner.userId, 'seller', { street: '2 Problem Way' });
    const key = { 'idempotency-key': 'declared-headers-1' };
    const hide = { property: property.hash, visible: true };
    const answers = [
      await t.app.inject({ url: '/api/v1/dashboard/user-properties?limit=1', headers: bearer() }),
      await t.app.inject({
        method: 'POST',
        url: VISIBILITY,
        headers: { ...bearer(), ...key },
        payload: hide,
      }),
      await t.app.inject({
        method: 'POST',
        url: VISIBILITY,
        headers: { ...bearer(), ...key },
        payload: hide,
      }),
      await t.app.inject({ url: '/api/v1/dashboard/user-properties' }),
      await t.app.inject({ method: 'DELETE', url: VISIBILITY, headers: bearer() }),
    ];
    expect(answers[0]?.headers['next-cursor']).toBeDefined();
    expect(answers[2]?.headers['idempotent-replayed']).toBe('true');
    // What HTTP itself and the site's security policy send are not the API's to declare.
    const general = new Set([
      'allow',
      'cache-control',
      'connection',
      'content-length',
      'content-type',
      'date',
      'keep-alive',
      'vary',
      'content-encoding',
      'transfer-encoding',
    ]);
    for (const res of answers) {
      for (const name of Object.keys(res.headers)) {
        if (general.has(name) || isSecurityHeader(name)) continue;
        expect(declared, `${res.statusCode} ${name}`).toContain(name);
      }
    }
    const list = doc.paths['/api/v1/dashboard/user-properties'].get.responses['200'].headers;
    expect(Object.keys(list)).toEqual(expect.arrayContaining(['Next-Cursor', 'Link']));
    const post = doc.paths['/api/v1/dashboard/property-visibility'].post;
    expect(post.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(Object.keys(post.responses['200'].headers)).toContain('Idempotent-Replayed');
  });
});

const isSecurityHeader = (name: string) =>
  /^(content-security-policy|strict-transport-security|x-content-type-options|x-frame-options|referrer-policy|permissions-policy|cross-origin-[a-z-]+|origin-agent-cluster|x-dns-prefetch-control|x-download-options|x-permitted-cross-domain-policies|x-xss-protection|reporting-endpoints|report-to|nel)$/.test(
    name,
  );
