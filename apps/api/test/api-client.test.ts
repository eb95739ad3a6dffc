import { createLanternClient, nextCursor, type ScopeRefusal } from '@lantern/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, signUpUser } from './helpers/dashboard-fixtures.ts';

/**
 * Issue 25: the typed client (@lantern/api-client, generated from /api/v1/openapi.json) against a
 * listening server with a personal access token: a list page by page, a scope refusal, a
 * revoked token.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

async function tokenFor(cookie: string, scopes: string[]) {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/account/api-tokens',
    headers: { ...BROWSER, cookie },
    payload: { name: 'Typed client', scopes, expiresInDays: 7 },
  });
  expect(made.statusCode).toBe(201);
  return made.json() as { token: string; apiToken: { id: number } };
}

describe('@lantern/api-client', () => {
  it('lists the token owner’s properties page by page with the cursor', async () => {
    const me = await signUpUser(t.app, 'typed-client');
    const streets = ['21 Client Way', '22 Client Way', '23 Client Way'];
    for (const street of streets) await addProperty(t.app, me.userId, 'seller', { street });
    const { token } = await tokenFor(me.cookie, ['properties:read']);
    const client = createLanternClient({ baseUrl: `${base}/`, token });

    const first = await client.GET('/api/v1/dashboard/user-properties', {
      params: { query: { limit: 2 } },
    });
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('API-Version')).toBe('v1');
    const cursor = nextCursor(first.response);
    expect(cursor).toBeTruthy();
    const second = await client.GET('/api/v1/dashboard/user-properties', {
      params: { query: { limit: 2, cursor } },
    });
    expect(second.response.status).toBe(200);
    expect(nextCursor(second.response)).toBeUndefined();

    // Typed answers: `properties` and its fields come from the generated types.
    const seen = [...(first.data?.properties ?? []), ...(second.data?.properties ?? [])];
    expect(seen.map((p) => p.streetAddress)).toEqual(
      streets.map((s) => expect.stringContaining(s)),
    );
    expect(seen.every((p) => p.role === 'seller')).toBe(true);
    expect(first.data?.properties).toHaveLength(2);
  });

  it('answers a missing scope with a typed 403 naming it, and a revoked token with 401', async () => {
    const me = await signUpUser(t.app, 'typed-client-scope');
    const made = await tokenFor(me.cookie, ['properties:read']);
    const client = createLanternClient({ baseUrl: base, token: made.token });

    const refused = await client.GET('/api/v1/dashboard/products');
    expect(refused.response.status).toBe(403);
    expect(refused.data).toBeUndefined();
    const refusal: ScopeRefusal | undefined =
      refused.response.status === 403 ? (refused.error as ScopeRefusal) : undefined;
    expect(refusal?.scope).toBe('orders:read');
    expect(refusal?.code).toBe('insufficient_scope');
    expect(refusal?.detail).toContain('orders:read');

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/api-tokens/${made.apiToken.id}`,
      headers: { ...BROWSER, cookie: me.cookie },
    });
    expect(revoked.statusCode).toBeLessThan(300);
    const after = await client.GET('/api/v1/dashboard/user-properties');
    expect(after.response.status).toBe(401);
    expect(after.error?.code).toBe('unauthenticated');
  });
});
