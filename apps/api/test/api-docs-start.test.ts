import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, signUpUser } from './helpers/dashboard-fixtures.ts';

/**
 * Issue 25: docs/api.md "Start in five minutes" works as written. Its script block runs with sh
 * and curl against a listening test server, with a token made the way Account Settings makes one.
 */
const run = promisify(execFile);
const guide = readFileSync(join(import.meta.dirname, '../../../docs/api.md'), 'utf8');
const script = /```sh start-in-five-minutes\n([\s\S]*?)```/.exec(guide)?.[1];

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

describe('the API guide’s five-minute start', () => {
  it('lists your properties with curl, page by page', async () => {
    expect(script, 'the guide has the script block').toBeTruthy();
    const me = await signUpUser(t.app, 'five-minutes');
    const streets = ['11 Docs Ave', '12 Docs Ave', '13 Docs Ave'];
    for (const street of streets) await addProperty(t.app, me.userId, 'seller', { street });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/account/api-tokens',
      headers: { ...BROWSER, cookie: me.cookie },
      payload: { name: 'My script', scopes: ['properties:read'], expiresInDays: 30 },
    });
    expect(made.statusCode).toBe(201);
    const env = { ...process.env, LANTERN_URL: base, LANTERN_TOKEN: made.json().token };

    const { stdout } = await run('sh', ['-c', script ?? ''], { env });
    expect(stdout).toContain(me.email);
    for (const street of streets) expect(stdout).toContain(street);

    // The same script with two to a page: the loop follows the links to the last page.
    const paged = (script ?? '').replace('limit=50', 'limit=2');
    const second = await run('sh', ['-c', paged], { env });
    const lines = second.stdout.trim().split('\n');
    expect(lines).toHaveLength(3); // the user, then two pages
    for (const street of streets) expect(second.stdout).toContain(street);

    // A revoked token makes curl fail (-f: 401).
    await t.app.inject({
      method: 'DELETE',
      url: `/api/account/api-tokens/${made.json().apiToken.id}`,
      headers: { ...BROWSER, cookie: me.cookie },
    });
    await expect(run('sh', ['-c', script ?? ''], { env })).rejects.toThrow();
  });

  it('serves the public OpenAPI document with tokens, scopes and paging described', async () => {
    const res = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.version).toBe('v1');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const list = doc.paths['/api/v1/properties'].get;
    expect(list.security[0]).toEqual({ bearerAuth: [] });
    expect(list.description).toContain('`properties:read`');
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'cursor']),
    );
    expect(list.responses['200'].headers['API-Version']).toBeDefined();
    expect(list.responses['403'].$ref).toBe('#/components/responses/InsufficientScope');
    expect(list['x-scope']).toBe('properties:read');
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
    expect(Object.keys(doc.paths).some((p) => p.includes('/account'))).toBe(false);
    expect(doc.paths['/api/v1/admin/users'].get['x-scope']).toBe('staff:read');
  });

  it('opens both documents of /api/docs on the five-minute start', async () => {
    const v1 = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    for (const url of ['/api/openapi.json', '/api/v1/openapi.json']) {
      const guide = (await t.app.inject({ url })).json().info.description as string;
      expect(guide, url).toContain('## Start in five minutes');
      expect(guide, url).toContain('Account Settings → API tokens');
      // The paths it names are routes the public API has.
      for (const path of ['/api/v1/user', '/api/v1/properties', '/api/v1/webhook-endpoints']) {
        expect(guide, url).toContain(path);
        expect(v1.paths[path], path).toBeDefined();
      }
    }
  });
});
