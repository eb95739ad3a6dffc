import {
  ZProblemSchema,
  ZV1OrderListSchema,
  ZV1OrderResponseSchema,
  ZV1PropertyListSchema,
  ZV1PropertyResponseSchema,
  ZV1ServiceListSchema,
} from '@lantern/contracts';
import { properties } from '@lantern/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { apiTokenFor, bearerCall } from './helpers/v1-tokens.ts';

/**
 * Issue 48: /api/v1's own resources. A token creates a property through the Add Property form's
 * own server function (the same checks, the same duplicate refusal), reads it, changes it, reads
 * what it offers, orders a free service and reads its orders; another person's property is a 404
 * and a read-only token is refused writes.
 */
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'v1-owner');
  other = await signUpUser(t.app, 'v1-other');
  tokens.write = await apiTokenFor(t.app, owner, ['properties:write', 'orders:write']);
  tokens.read = await apiTokenFor(t.app, owner, ['properties:read', 'orders:read']);
  tokens.other = await apiTokenFor(t.app, other, ['properties:write', 'orders:write']);
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  bearerCall(t.app, token, method, url, payload);

const ADDRESS = {
  apn: '',
  streetAddress: '48 Resource Ln',
  unit: '',
  city: 'Springfield',
  county: 'Sangamon County',
  state: 'IL',
  zipCode: '62701',
};
const newProperty = (address: Partial<typeof ADDRESS> = {}) => ({
  propertyLocation: 'address',
  transactionRole: 'seller',
  propertyAddress: { ...ADDRESS, ...address },
});

describe('/api/v1/properties', () => {
  it('creates a property as the Add Property form does, and refuses the same address again', async () => {
    const created = await call(tokens.write ?? '', 'POST', '/api/v1/properties', newProperty());
    expect(created.statusCode, created.body).toBe(201);
    const { property } = ZV1PropertyResponseSchema.parse(created.json());
    expect(property).toMatchObject({
      street: '48 Resource Ln',
      city: 'Springfield',
      state: 'IL',
      role: 'seller',
      can_edit: true,
    });
    const [row] = await t.app.db
      .select()
      .from(properties)
      .where(eq(properties.hash, property.hash));
    expect(row?.street).toBe('48 Resource Ln');

    const again = await call(tokens.write ?? '', 'POST', '/api/v1/properties', newProperty());
    expect(again.statusCode).toBe(422);
    const problem = ZProblemSchema.parse(again.json());
    expect(problem.code).toBe('validation_failed');
    expect(Object.keys(problem.errors ?? {})).toEqual(['propertyAddress.streetAddress']);
  });

  it('refuses a missing field with the form’s words, and an unknown one by name', async () => {
    const missing = await call(
      tokens.write ?? '',
      'POST',
      '/api/v1/properties',
      newProperty({ city: '' }),
    );
    expect(missing.statusCode).toBe(422);
    expect(ZProblemSchema.parse(missing.json()).errors).toEqual({
      'propertyAddress.city': ['City is required'],
    });
    const unknown = await call(tokens.write ?? '', 'POST', '/api/v1/properties', {
      ...newProperty({ streetAddress: '9 Unknown Field Rd' }),
      colour: 'blue',
    });
    expect(unknown.statusCode).toBe(422);
    expect(ZProblemSchema.parse(unknown.json()).code, unknown.body).toBe('unknown_field');
  });

  it('lists, reads and changes a property; another person’s is a 404', async () => {
    const mine = await addProperty(t.app, owner.userId, 'seller', { street: '2 Listed Ct' });
    const list = await call(tokens.read ?? '', 'GET', '/api/v1/properties');
    expect(list.statusCode).toBe(200);
    const hashes = ZV1PropertyListSchema.parse(list.json()).properties.map((p) => p.hash);
    expect(hashes).toContain(mine.hash);

    const one = await call(tokens.read ?? '', 'GET', `/api/v1/properties/${mine.hash}`);
    expect(ZV1PropertyResponseSchema.parse(one.json()).property.street).toBe('2 Listed Ct');
    const theirs = await call(tokens.other ?? '', 'GET', `/api/v1/properties/${mine.hash}`);
    expect(theirs.statusCode).toBe(404);

    const change = {
      propertyLocation: 'address',
      propertyAddress: { ...ADDRESS, streetAddress: '3 Changed Ct' },
    };
    const readOnly = await call(
      tokens.read ?? '',
      'PATCH',
      `/api/v1/properties/${mine.hash}`,
      change,
    );
    expect(readOnly.statusCode).toBe(403);
    expect(ZProblemSchema.parse(readOnly.json()).code).toBe('insufficient_scope');
    const changed = await call(
      tokens.write ?? '',
      'PATCH',
      `/api/v1/properties/${mine.hash}`,
      change,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(ZV1PropertyResponseSchema.parse(changed.json()).property.street).toBe('3 Changed Ct');
    const notTheirs = await call(
      tokens.other ?? '',
      'PATCH',
      `/api/v1/properties/${mine.hash}`,
      change,
    );
    expect(notTheirs.statusCode).toBe(404);
  });
});

describe('a property’s services and orders', () => {
  it('reads the services, orders a free one, and pages through the orders', async () => {
    const home = await addProperty(t.app, owner.userId, 'seller', { street: '4 Order Way' });
    const services = await call(
      tokens.read ?? '',
      'GET',
      `/api/v1/properties/${home.hash}/services`,
    );
    expect(services.statusCode, services.body).toBe(200);
    const offered = ZV1ServiceListSchema.parse(services.json()).services;
    const free = offered.find((s) => s.priceCents === 0);
    expect(free, JSON.stringify(offered)).toBeDefined();

    const ordered = await call(tokens.write ?? '', 'POST', '/api/v1/orders', {
      property: home.hash,
      product: free?.slug,
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const { order } = ZV1OrderResponseSchema.parse(ordered.json());
    expect(order).toMatchObject({ property: home.hash, product: free?.slug, priceCents: 0 });

    const again = await call(tokens.write ?? '', 'POST', '/api/v1/orders', {
      property: home.hash,
      product: free?.slug,
    });
    expect(again.statusCode).toBe(409);

    const one = await call(tokens.read ?? '', 'GET', `/api/v1/orders/${order.hash}`);
    expect(ZV1OrderResponseSchema.parse(one.json()).order.hash).toBe(order.hash);
    const theirs = await call(tokens.other ?? '', 'GET', `/api/v1/orders/${order.hash}`);
    expect(theirs.statusCode).toBe(404);

    const page = await call(
      tokens.read ?? '',
      'GET',
      `/api/v1/orders?property=${home.hash}&limit=1`,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(ZV1OrderListSchema.parse(page.json()).orders.map((o) => o.hash)).toEqual([order.hash]);
  });

  it('a read-only token cannot order, and a service not offered is named', async () => {
    const home = await addProperty(t.app, owner.userId, 'seller', { street: '5 Refused Rd' });
    const readOnly = await call(tokens.read ?? '', 'POST', '/api/v1/orders', {
      property: home.hash,
      product: 'free-comps',
    });
    expect(readOnly.statusCode).toBe(403);
    const unknown = await call(tokens.write ?? '', 'POST', '/api/v1/orders', {
      property: home.hash,
      product: 'a-service-we-do-not-sell',
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(ZProblemSchema.parse(unknown.json()).errors ?? {})).toEqual(['product']);
  });

  it('the services of someone else’s property are a 404', async () => {
    const home = await addProperty(t.app, owner.userId, 'seller', { street: '6 Private Pl' });
    const res = await call(tokens.other ?? '', 'GET', `/api/v1/properties/${home.hash}/services`);
    expect(res.statusCode).toBe(404);
    const orders = await call(tokens.other ?? '', 'GET', `/api/v1/orders?property=${home.hash}`);
    expect(orders.statusCode).toBe(404);
  });
});
