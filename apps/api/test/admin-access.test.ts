import { BUILT_IN_ROLES, roleGrants, type TPermission } from '@lantern/contracts';
import { staffRoles } from '@lantern/db';
import { type TVendorKind, VENDOR_KIND_KEYS } from '@lantern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../src/features/access/access.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';
import { openSocket } from './helpers/ws-client.ts';

/**
 * Issue 15: every admin and vendor route × every staff role and vendor kind, generated from the
 * routes the app actually registered (app.access.routes), so a new route cannot escape it.
 * Customers and visitors are refused everywhere.
 */
interface Principal {
  name: string;
  who: SignedIn | null;
  staff: { isOwner: boolean; permissions: readonly string[] } | null;
  kinds: TVendorKind[];
}

let t: TestApp;
let base: string;
const principals: Principal[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
  // A role with no permission at all: staff, but allowed nothing beyond the any-staff routes.
  await t.app.db
    .insert(staffRoles)
    .values({ key: 'nothing', name: 'Nothing', description: '', permissions: [] });
  principals.push({ name: 'visitor', who: null, staff: null, kinds: [] });
  principals.push({
    name: 'customer',
    who: await signUpUser(t.app, 'customer'),
    staff: null,
    kinds: [],
  });
  for (const role of [...BUILT_IN_ROLES, { key: 'nothing', isOwner: false, permissions: [] }]) {
    const who = await signUpUser(t.app, `role-${role.key}`);
    await giveStaffRole(t.app, who.userId, role.key);
    principals.push({ name: `staff:${role.key}`, who, staff: role, kinds: [] });
  }
  for (const kind of VENDOR_KIND_KEYS) {
    const who = await signUpUser(t.app, `vendor-${kind}`);
    await giveVendorKinds(t.app, who.userId, [kind]);
    principals.push({ name: `vendor:${kind}`, who, staff: null, kinds: [kind] });
  }
});
afterAll(() => t.close());

function allows(p: Principal, access: RouteAccess): boolean {
  if ('staff' in access)
    return !!p.staff && access.staff.every((perm: TPermission) => roleGrants(p.staff, perm));
  if (access.vendor === 'any') return p.kinds.length > 0;
  return access.vendor.some((k) => p.kinds.includes(k));
}

/** A URL for the route with made-up ids: access is decided before any record is looked up. */
function urlOf(pattern: string): string {
  return pattern
    .replace(':hash', 'Zz9Zz9Zz9Zz9Zz9Zz9Zz')
    .replace(':key', 'no-such-role')
    .replace(':slug', 'no-such-product')
    .replace(':code', 'NO-SUCH-COUPON')
    .replace(':state', 'ZZ')
    .replace(':id', '987654321');
}

describe('admin and vendor route access', () => {
  it('lists every guarded route, the staff message routes among them', () => {
    const listed = new Set(t.app.access.routes.map((r) => `${r.method} ${r.url}`));
    for (const route of [
      'GET /api/admin/users',
      'GET /api/admin/users/:hash/records',
      'PUT /api/admin/users/:hash/lock',
      'DELETE /api/admin/users/:hash/sessions',
      'POST /api/admin/users/:hash/verification-email',
      'GET /api/admin/properties/:hash',
      'GET /api/admin/products',
      'PUT /api/admin/products/:slug',
      'GET /api/admin/products/:slug/coverage',
      'PUT /api/admin/products/:slug/coverage',
      'GET /api/admin/product-role-repair',
      'GET /api/admin/mls-boards',
      'POST /api/admin/mls-boards',
      'PUT /api/admin/mls-boards/:slug',
      'GET /api/admin/vendor-prices',
      'PUT /api/admin/vendor-prices',
      'DELETE /api/admin/vendor-prices/:id',
      'PUT /api/admin/roles/:key',
      'POST /api/admin/jobs/:id/retry',
      'GET /api/admin/coupons',
      'POST /api/admin/coupons',
      'PUT /api/admin/coupons/:code',
      'GET /api/admin/tax-rates',
      'PUT /api/admin/tax-rates/:state',
      'GET /api/admin/valuation-disclaimers',
      'PUT /api/admin/valuation-disclaimers/:state',
      'GET /api/admin/site-trust',
      'POST /api/admin/site-trust/notices',
      'PUT /api/admin/site-trust/notices/:id',
      'DELETE /api/admin/site-trust/reviews/:id',
      'GET /api/admin/email/templates/:key',
      'GET /api/admin/email/outbox',
      'POST /api/admin/email/outbox/:id/retry',
      'GET /api/admin/crm',
      'GET /api/admin/crm/errors',
      'POST /api/admin/crm/errors/:id/retry',
      'GET /api/admin/texts',
      'GET /api/admin/texts/settings',
      'GET /api/admin/texts/opt-outs',
      'POST /api/admin/texts/opt-outs',
      'DELETE /api/admin/texts/opt-outs/:id',
      'GET /api/admin/reports/revenue',
      'GET /api/admin/reports/revenue/export.csv',
      'GET /api/admin/reports/orders',
      'GET /api/admin/reports/orders/export.csv',
      'GET /api/admin/reports/submissions',
      'GET /api/admin/reports/submissions/export.csv',
      'GET /api/admin/messages/threads',
      'POST /api/admin/messages',
      'GET /api/vendor/assignments/:hash',
      'GET /api/admin/work-orders',
      'POST /api/admin/work-orders',
      'GET /api/admin/work-orders/orders',
      'GET /api/admin/work-orders/assignees',
      'GET /api/admin/work-orders/:hash',
      'POST /api/admin/work-orders/:hash/schedule',
      'POST /api/admin/work-orders/:hash/assign',
      'POST /api/admin/work-orders/:hash/state',
      'GET /api/vendor/work-orders',
      'GET /api/vendor/work-orders/:hash',
      'POST /api/vendor/work-orders/:hash/state',
      'POST /api/vendor/work-orders/:hash/photos',
      'POST /api/admin/work-orders/:hash/review',
      'POST /api/admin/work-orders/:hash/photos',
      'POST /api/admin/work-orders/:hash/trip-charge',
      'GET /api/admin/photographers/:hash/hours',
      'PUT /api/admin/photographers/:hash/hours',
      'GET /api/vendor/photography-hours',
      'PUT /api/vendor/photography-hours',
      'GET /api/vendor/agent/properties',
      'GET /api/vendor/agent/properties/:hash',
      'GET /api/vendor/agent/properties/:hash/documents',
      'GET /api/vendor/agent/properties/:hash/documents/:document/file',
      'GET /api/vendor/agent/properties/:hash/messages',
      'POST /api/vendor/agent/properties/:hash/messages',
      'GET /api/vendor/agent/properties/:hash/hours',
      'POST /api/vendor/agent/properties/:hash/hours',
      'DELETE /api/vendor/agent/properties/:hash/hours/:entry',
      'GET /api/vendor/agent/properties/:hash/offers',
      'POST /api/vendor/agent/properties/:hash/offers',
      'POST /api/vendor/agent/properties/:hash/offers/:entry/status',
      'GET /api/admin/orders/:hash/agent-hours',
      'POST /api/admin/orders/:hash/bill-agent-hours',
      'GET /api/vendor/concierge/listings',
      'GET /api/vendor/concierge/listings/:hash',
      'GET /api/vendor/concierge/listings/:hash/photos/:photo/:size',
      'POST /api/vendor/concierge/listings/:hash/return',
      'POST /api/vendor/concierge/listings/:hash/ready',
      'GET /api/vendor/concierge/draft',
      'POST /api/vendor/concierge/draft/take',
      'PUT /api/vendor/concierge/draft/location',
      'PUT /api/vendor/concierge/draft/form',
      'POST /api/vendor/concierge/draft/hand-over',
      'GET /api/vendor/concierge/draft/photos',
      'POST /api/vendor/concierge/draft/photos',
      'PUT /api/vendor/concierge/draft/photos/order',
      'PUT /api/vendor/concierge/draft/photos/:hash/caption',
      'DELETE /api/vendor/concierge/draft/photos/:hash',
      'GET /api/vendor/concierge/draft/photos/:hash/:size',
      'GET /api/vendor/concierge/draft/photography',
      'GET /api/vendor/concierge/draft/photography/photos/:photo/:size',
      'POST /api/vendor/concierge/draft/photography/use',
      'GET /api/vendor/referrals/summary',
      'GET /api/vendor/referrals/invitations',
      'POST /api/vendor/referrals/invitations',
      'GET /api/vendor/referrals/invitations/:hash',
      'DELETE /api/vendor/referrals/invitations/:hash',
      'GET /api/vendor/referrals/fees',
      'GET /api/vendor/referrals/fees/:hash',
      'GET /api/vendor/settlement/properties',
      'GET /api/vendor/settlement/transactions',
      'POST /api/vendor/settlement/transactions',
      'GET /api/vendor/settlement/transactions/:hash',
      'PUT /api/vendor/settlement/transactions/:hash',
      'POST /api/vendor/settlement/transactions/:hash/statement',
      'GET /api/vendor/settlement/transactions/:hash/statement',
      'PUT /api/vendor/settlement/transactions/:hash/cda',
      'POST /api/vendor/settlement/transactions/:hash/cda/sign',
      'GET /api/vendor/settlement/transactions/:hash/cda/file',
      'GET /api/admin/settlement',
      'POST /api/admin/settlement',
      'GET /api/admin/settlement/properties',
      'GET /api/admin/settlement/:hash',
      'POST /api/admin/settlement/:hash/approve',
      'POST /api/admin/settlement/:hash/return',
      'GET /api/admin/settlement/:hash/statement',
      'GET /api/admin/settlement/:hash/cda/file',
      'GET /api/admin/sales-imports',
      'POST /api/admin/sales-imports',
      'GET /api/admin/sales-imports/:hash',
    ])
      expect(listed).toContain(route);
  });

  it('answers each role and kind exactly as declared; visitors get 401, everyone else without access 403', async () => {
    const failures: string[] = [];
    for (const route of t.app.access.routes) {
      for (const p of principals) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: urlOf(route.url),
          headers: { ...BROWSER, ...(p.who ? { cookie: p.who.cookie } : {}) },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const expected = !p.who
          ? 'refused 401'
          : allows(p, route.access)
            ? 'allowed'
            : 'refused 403';
        const got =
          res.statusCode === 401
            ? 'refused 401'
            : res.statusCode === 403
              ? 'refused 403'
              : 'allowed';
        if (got !== expected)
          failures.push(
            `${route.method} ${route.url} as ${p.name}: ${res.statusCode}, expected ${expected}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets only staff who answer customers listen to a property they are not part of', async () => {
    const customer = principals.find((p) => p.name === 'customer')?.who;
    if (!customer) throw new Error('no customer');
    const property = await addProperty(t.app, customer.userId);
    for (const p of principals.filter((x) => x.who && x.name !== 'customer')) {
      const socket = await openSocket(base, { cookie: p.who?.cookie ?? '' });
      try {
        const answer = await socket.subscribe(`property.${property.hash}`);
        const mayAnswer = !!p.staff && roleGrants(p.staff, 'messages.answer');
        expect({ who: p.name, type: answer.type }).toEqual({
          who: p.name,
          type: mayAnswer ? 'subscribed' : 'error',
        });
      } finally {
        socket.close();
      }
    }
  });

  it('a staff member who loses the permission stops hearing the property at once', async () => {
    const customer = principals.find((p) => p.name === 'customer')?.who;
    if (!customer) throw new Error('no customer');
    const property = await addProperty(t.app, customer.userId, 'seller', { street: '5 Revoke Rd' });
    const helper = await signUpUser(t.app, 'demoted');
    await giveStaffRole(t.app, helper.userId, 'support');
    const socket = await openSocket(base, { cookie: helper.cookie });
    try {
      expect((await socket.subscribe(`property.${property.hash}`)).type).toBe('subscribed');
      await giveStaffRole(t.app, helper.userId, 'marketing');
      expect(
        await socket.next(
          (m) => m.type === 'unsubscribed' && m.channel === `property.${property.hash}`,
        ),
      ).toBeTruthy();
      // Editing a role takes the permission from everyone who holds it.
      await giveStaffRole(t.app, helper.userId, 'support');
      expect((await socket.subscribe(`property.${property.hash}`)).type).toBe('subscribed');
      const support = await t.app.staffRoles.byKey('support');
      await t.app.staffRoles.update(support?.id ?? 0, {
        name: 'Support',
        description: '',
        permissions: ['users.view'],
      });
      await t.app.access.roleChanged();
      expect(
        await socket.next(
          (m) => m.type === 'unsubscribed' && m.channel === `property.${property.hash}`,
        ),
      ).toBeTruthy();
    } finally {
      socket.close();
      const role = BUILT_IN_ROLES.find((r) => r.key === 'support');
      const support = await t.app.staffRoles.byKey('support');
      await t.app.staffRoles.update(support?.id ?? 0, {
        name: 'Support',
        description: role?.description ?? '',
        permissions: [...(role?.permissions ?? [])],
      });
      await t.app.access.roleChanged();
    }
  });

  it('a route under /api/admin that declares no access is refused when registered', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: fp } = await import('fastify-plugin');
    const { default: access } = await import('../src/features/access/access.plugin.ts');
    const app = Fastify();
    // Stand-ins for the plugin's dependencies; they are never called.
    await app.register(
      fp(
        async (a) => {
          a.decorate('db', {} as never);
          a.decorate('currentUser', {} as never);
          a.decorate('bus', { subscribe: () => () => {}, onReset: () => () => {} } as never);
        },
        { name: 'services' },
      ),
    );
    await app.register(fp(async () => {}, { name: 'auth' }));
    await app.register(access);
    await app.after();
    expect(() => app.get('/api/admin/forgotten', async () => ({ ok: true }))).toThrow(
      /must declare config.access/,
    );
    expect(() =>
      app.get('/api/vendor/forgotten', { config: {} }, async () => ({ ok: true })),
    ).toThrow(/must declare config.access/);
    await app.close();
  });
});
