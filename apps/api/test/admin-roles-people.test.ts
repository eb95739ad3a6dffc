import { ROLE_TEXTS } from '@lantern/contracts';
import { ADMIN_API, VENDOR_API } from '@lantern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import {
  addProperty,
  type CallArgs,
  callAs,
  type SignedIn,
  signUpUser,
} from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

let t: TestApp;
let owner: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
  ops = await signUpUser(t.app, 'ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
});
afterAll(() => t.close());

const call = (...args: CallArgs) => callAs(t.app, ...args);

describe('roles', () => {
  it('lists the built-in roles; the owner holds every permission', async () => {
    const res = await call(owner, 'GET', ADMIN_API.roles);
    expect(res.statusCode).toBe(200);
    const roles = res.json().rows as Array<{
      key: string;
      isOwner: boolean;
      permissions: string[];
      members: number;
    }>;
    expect(roles.map((r) => r.key)).toEqual([
      'owner',
      'compliance',
      'marketing',
      'operations',
      'support',
    ]);
    expect(roles[0]).toMatchObject({ isOwner: true, members: 1 });
    expect(roles[0]?.permissions).toContain('roles.manage');
  });

  it('creates, edits and removes a role, and a changed role takes effect at once', async () => {
    const created = await call(owner, 'POST', ADMIN_API.roles, {
      name: 'Field desk',
      description: 'Schedules installers',
      permissions: ['jobs.view', 'users.view', 'jobs.view'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      key: 'field-desk',
      permissions: ['users.view', 'jobs.view'],
      members: 0,
    });
    const dup = await call(owner, 'POST', ADMIN_API.roles, { name: 'field DESK', permissions: [] });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual([ROLE_TEXTS.nameTaken]);

    const member = await signUpUser(t.app, 'field-desk');
    await giveStaffRole(t.app, member.userId, 'field-desk');
    expect((await call(member, 'GET', ADMIN_API.jobs)).statusCode).toBe(200);

    const edited = await call(owner, 'PUT', ADMIN_API.role('field-desk'), {
      name: 'Field desk',
      description: 'Schedules installers',
      permissions: ['users.view'],
    });
    expect(edited.statusCode).toBe(200);
    // The cached role is dropped: the next request is checked against the new permissions.
    expect((await call(member, 'GET', ADMIN_API.jobs)).statusCode).toBe(403);

    const inUse = await call(owner, 'DELETE', ADMIN_API.role('field-desk'));
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(ROLE_TEXTS.inUse(1));
    await call(owner, 'PUT', ADMIN_API.userRole(member.hash), { role: null });
    expect((await call(owner, 'DELETE', ADMIN_API.role('field-desk'))).statusCode).toBe(204);
    // No role left: no admin area.
    expect((await call(member, 'GET', ADMIN_API.access)).statusCode).toBe(403);
    const me = await call(member, 'GET', '/api/user');
    expect(me.json()).toMatchObject({ admin: false });
  });

  it('refuses to change or remove the owner role', async () => {
    const put = await call(owner, 'PUT', ADMIN_API.role('owner'), {
      name: 'Boss',
      permissions: [],
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(ROLE_TEXTS.ownerLocked);
    expect((await call(owner, 'DELETE', ADMIN_API.role('owner'))).statusCode).toBe(409);
  });

  it('refuses names with markup or control characters in the user’s words', async () => {
    const res = await call(owner, 'POST', ADMIN_API.roles, { name: 'a\u0000b', permissions: [] });
    expect(res.statusCode).toBe(422);
    const bad = await call(owner, 'POST', ADMIN_API.roles, {
      name: 'x',
      permissions: ['everything'],
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('staff roles of people', () => {
  it('every staff role answers admin: true on /api/user; only an owner makes owners; the last owner stays', async () => {
    const person = await signUpUser(t.app, 'promoted');
    expect((await call(person, 'GET', '/api/user')).json()).toMatchObject({ admin: false });
    const support = await call(owner, 'PUT', ADMIN_API.userRole(person.hash), { role: 'support' });
    expect(support.statusCode).toBe(200);
    expect(support.json().role).toEqual({ key: 'support', name: 'Support' });
    expect((await call(person, 'GET', '/api/user')).json()).toMatchObject({ admin: true });

    // Operations cannot manage roles at all.
    expect(
      (await call(ops, 'PUT', ADMIN_API.userRole(person.hash), { role: 'owner' })).statusCode,
    ).toBe(403);

    const unknown = await call(owner, 'PUT', ADMIN_API.userRole(person.hash), { role: 'wizard' });
    expect(unknown.statusCode).toBe(422);

    // The only owner cannot step down.
    const last = await call(owner, 'PUT', ADMIN_API.userRole(owner.hash), { role: 'support' });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(ROLE_TEXTS.lastOwner);

    // A second owner: then the first may step down.
    expect(
      (await call(owner, 'PUT', ADMIN_API.userRole(person.hash), { role: 'owner' })).statusCode,
    ).toBe(200);
    expect(
      (await call(owner, 'PUT', ADMIN_API.userRole(owner.hash), { role: 'owner' })).statusCode,
    ).toBe(200);
  });

  it('a role manager who is not an owner cannot give or take the owner role', async () => {
    const manager = await signUpUser(t.app, 'manager');
    const created = await call(owner, 'POST', ADMIN_API.roles, {
      name: 'Role manager',
      permissions: ['roles.manage'],
    });
    expect(created.statusCode).toBe(201);
    await giveStaffRole(t.app, manager.userId, created.json().key);
    const res = await call(manager, 'PUT', ADMIN_API.userRole(manager.hash), { role: 'owner' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ROLE_TEXTS.ownerOnly);
    expect(
      (await call(manager, 'PUT', ADMIN_API.userRole(owner.hash), { role: null })).statusCode,
    ).toBe(403);
  });
});

describe('vendor kinds and assignments', () => {
  it('staff give kinds and assign records; a vendor sees only their own, of kinds they hold', async () => {
    const vendor = await signUpUser(t.app, 'photographer');
    const other = await signUpUser(t.app, 'other-vendor');
    const customer = await signUpUser(t.app, 'seller');
    const property = await addProperty(t.app, customer.userId);
    const elsewhere = await addProperty(t.app, customer.userId, 'seller', { street: '9 Elm St' });

    const kinds = await call(ops, 'PUT', ADMIN_API.userVendorKinds(vendor.hash), {
      kinds: ['field', 'agent'],
    });
    expect(kinds.statusCode).toBe(200);
    expect(kinds.json().vendorKinds).toEqual(['agent', 'field']);
    expect((await call(vendor, 'GET', '/api/user')).json()).toMatchObject({ vendor: true });

    // A kind the vendor lacks is refused in words.
    const wrongKind = await call(ops, 'POST', ADMIN_API.userAssignments(vendor.hash), {
      kind: 'settlement',
      property: property.hash,
    });
    expect(wrongKind.statusCode).toBe(422);

    const assigned = await call(ops, 'POST', ADMIN_API.userAssignments(vendor.hash), {
      kind: 'field',
      property: property.hash,
    });
    expect(assigned.statusCode).toBe(201);
    const assignment = assigned.json();
    expect(assignment.property.address).toMatch(/^1600 Main St, Springfield, IL 62701$/);
    expect(
      (
        await call(ops, 'POST', ADMIN_API.userAssignments(vendor.hash), {
          kind: 'field',
          property: property.hash,
        })
      ).statusCode,
    ).toBe(409);

    await giveVendorKinds(t.app, other.userId, ['field']);
    const othersAssignment = await call(ops, 'POST', ADMIN_API.userAssignments(other.hash), {
      kind: 'field',
      property: elsewhere.hash,
    });
    expect(othersAssignment.statusCode).toBe(201);

    const mine = await call(vendor, 'GET', VENDOR_API.assignments);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().rows.map((r: { hash: string }) => r.hash)).toEqual([assignment.hash]);
    expect((await call(vendor, 'GET', VENDOR_API.assignment(assignment.hash))).statusCode).toBe(
      200,
    );
    // Another vendor's record is a 404, like a made-up one.
    expect(
      (await call(vendor, 'GET', VENDOR_API.assignment(othersAssignment.json().hash))).statusCode,
    ).toBe(404);

    // Taking the kind away ends its assignments.
    const fewer = await call(ops, 'PUT', ADMIN_API.userVendorKinds(vendor.hash), {
      kinds: ['agent'],
    });
    expect(fewer.json().assignments).toEqual([]);
    expect((await call(vendor, 'GET', VENDOR_API.assignment(assignment.hash))).statusCode).toBe(
      404,
    );

    // No kind left: no vendor area.
    await call(ops, 'PUT', ADMIN_API.userVendorKinds(vendor.hash), { kinds: [] });
    expect((await call(vendor, 'GET', VENDOR_API.assignments)).statusCode).toBe(403);
    expect((await call(vendor, 'GET', '/api/user')).json()).toMatchObject({ vendor: false });

    expect(
      (await call(ops, 'DELETE', ADMIN_API.assignment(othersAssignment.json().hash))).statusCode,
    ).toBe(204);
    expect((await call(other, 'GET', VENDOR_API.assignments)).json().rows).toEqual([]);
  });
});
