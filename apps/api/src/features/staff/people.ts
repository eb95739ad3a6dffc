import {
  ASSIGNMENT_TEXTS,
  MESSAGES,
  ROLE_TEXTS,
  streetAddressUnit,
  type TAdminUserDetail,
  type TAdminUserRecords,
  type TAdminUserRow,
  type TAssignment,
  type TPermission,
  USER_ACCOUNT_TEXTS,
  USER_RECORDS_LIMIT,
} from '@lantern/contracts';
import { type TVendorKind, VENDOR_KIND_KEYS } from '@lantern/domain';
import type { Access } from '../access/access.ts';
import type { StaffRoleRepository } from '../access/staff-roles.repository.ts';
import type { EmailVerificationService } from '../account/email-verification.ts';
import type { CurrentUserService } from '../auth/current-user.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { PropertyRepository } from '../properties/properties.repository.ts';
import type { AdminUserRepository } from './admin-users.repository.ts';
import { type Outcome, ok, refuse } from './outcome.ts';
import type { AssignmentRow, VendorRepository } from './vendors.repository.ts';

type UserRow = NonNullable<Awaited<ReturnType<AdminUserRepository['byHash']>>>;

const kindsOf = (kinds: readonly string[]): TVendorKind[] =>
  VENDOR_KIND_KEYS.filter((k) => kinds.includes(k));

export function toUserRow(row: Omit<UserRow, 'id'>): TAdminUserRow {
  return {
    hash: row.hash,
    email: row.email,
    name: row.name,
    role: row.roleKey && row.roleName ? { key: row.roleKey, name: row.roleName } : null,
    vendorKinds: kindsOf(row.vendorKinds),
    properties: row.properties,
    createdAt: row.createdAt.toISOString(),
  };
}

const addressOf = (r: {
  street: string;
  unit: string | null;
  city: string;
  state: string;
  zip: string;
}) => `${streetAddressUnit(r.street, r.unit)}, ${r.city}, ${r.state} ${r.zip}`;

export function toAssignment(row: AssignmentRow): TAssignment {
  return {
    hash: row.hash,
    kind: row.kind,
    property: {
      hash: row.propertyHash,
      address: `${streetAddressUnit(row.street, row.unit)}, ${row.city}, ${row.state} ${row.zip}`,
    },
    order: row.orderHash ? { hash: row.orderHash, product: row.product ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the people service works with. */
type PeopleDeps = {
  adminUsers: AdminUserRepository;
  roles: StaffRoleRepository;
  vendors: VendorRepository;
  properties: PropertyRepository;
  currentUser: CurrentUserService;
  sessions: Pick<SessionService, 'endAllForUser'>;
  emailVerification: Pick<EmailVerificationService, 'status'>;
  now?: () => number;
};

type Rows<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>> | null;

/** The sections of a person's records, each null when the viewer may not read it. */
function recordsView(
  props: Rows<AdminUserRepository['propertiesOf']>,
  ords: Rows<AdminUserRepository['ordersOf']>,
  invs: Rows<AdminUserRepository['invoicesOf']>,
  msgs: Rows<AdminUserRepository['messagesOf']>,
  acts: Rows<AdminUserRepository['activityOf']>,
): TAdminUserRecords {
  return {
    properties:
      props?.map((p) => ({
        hash: p.hash,
        address: addressOf(p),
        role: p.role,
        canEdit: p.canEdit,
      })) ?? null,
    orders:
      ords?.map((o) => ({
        hash: o.hash,
        product: o.product,
        address: addressOf(o),
        status: o.status,
        priceCents: o.priceCents,
        createdAt: o.createdAt.toISOString(),
      })) ?? null,
    invoices:
      invs?.map((i) => ({
        hash: i.hash,
        number: i.number,
        status: i.status,
        totalCents: i.totalCents,
        issuedAt: i.issuedAt.toISOString(),
      })) ?? null,
    messages:
      msgs?.map((m) => ({
        property: { hash: m.propertyHash, address: addressOf(m) },
        body: m.body,
        createdAt: m.createdAt.toISOString(),
      })) ?? null,
    activity:
      acts?.map((a) => ({
        id: a.id,
        action: a.action,
        method: a.method,
        url: a.url,
        createdAt: a.createdAt.toISOString(),
      })) ?? null,
  };
}

/**
 * A person's properties, orders, invoices, messages and activity (issue 20). Each section
 * needs the permission that reads it elsewhere; without it the section is null.
 */
async function userRecords(
  adminUsers: AdminUserRepository,
  hash: string,
  grants: (permission: TPermission) => boolean,
): Promise<TAdminUserRecords | undefined> {
  const row = await adminUsers.byHash(hash);
  if (!row) return undefined;
  const n = USER_RECORDS_LIMIT;
  const [props, ords, invs, msgs, acts] = await Promise.all([
    grants('properties.view') ? adminUsers.propertiesOf(row.id, n) : null,
    grants('orders.view') ? adminUsers.ordersOf(row.id, n) : null,
    grants('orders.view') ? adminUsers.invoicesOf(row.id, n) : null,
    grants('messages.answer') ? adminUsers.messagesOf(row.id, n) : null,
    grants('activity.view') ? adminUsers.activityOf(row.id, n) : null,
  ]);
  return recordsView(props, ords, invs, msgs, acts);
}

/** A person's account as staff see it and act on it: lock, sign out, verification. */
function peopleAccounts(deps: PeopleDeps) {
  const { adminUsers, roles, vendors, currentUser, sessions, emailVerification } = deps;
  const now = deps.now ?? Date.now;

  async function detail(hash: string): Promise<TAdminUserDetail | undefined> {
    const row = await adminUsers.byHash(hash);
    if (!row) return undefined;
    const [assignments, verification, live] = await Promise.all([
      vendors.assignmentsForUser(row.id),
      emailVerification.status(row.id),
      adminUsers.liveSessions(row.id, new Date(now())),
    ]);
    return {
      ...toUserRow(row),
      assignments: assignments.map(toAssignment),
      lockedAt: row.lockedAt?.toISOString() ?? null,
      emailVerified: verification.verified,
      sessions: live,
    };
  }

  /** A person staff may act on, with the owner rule: only an owner acts on an owner. */
  async function target(actor: Access, hash: string) {
    const row = await adminUsers.byHash(hash);
    if (!row) return refuse(404, MESSAGES.notFound);
    if (row.roleKey) {
      const role = await roles.byKey(row.roleKey);
      if (role?.isOwner && !actor.staff?.isOwner) return refuse(403, USER_ACCOUNT_TEXTS.ownerOnly);
    }
    return ok(row);
  }

  return {
    detail,
    /**
     * Lock or unlock an account. Locking ends every session of it at once (their open pages hear
     * Logout) and sign-in refuses it until it is unlocked. Nobody locks themselves.
     */
    async setLocked(
      actor: Access,
      hash: string,
      locked: boolean,
    ): Promise<Outcome<{ before: boolean; after: boolean; ended: number }>> {
      const found = await target(actor, hash);
      if (!found.ok) return found;
      const person = found.value;
      if (locked && person.id === actor.userId) return refuse(422, USER_ACCOUNT_TEXTS.notYourself);
      const before = await adminUsers.setLocked(
        person.id,
        locked ? (person.lockedAt ?? new Date(now())) : null,
      );
      const ended = locked ? (await sessions.endAllForUser(person.id)).length : 0;
      await currentUser.changed(person.id);
      return ok({ before: before !== null, after: locked, ended });
    },

    /** Sign the person out everywhere: every session ends and its open pages hear Logout. */
    async endSessions(actor: Access, hash: string): Promise<Outcome<{ ended: number }>> {
      const found = await target(actor, hash);
      if (!found.ok) return found;
      const ended = await sessions.endAllForUser(found.value.id);
      return ok({ ended: ended.length });
    },

    /** Whom a verification link may be resent to: an account whose address is not confirmed. */
    async verificationTarget(hash: string): Promise<Outcome<{ userId: number; email: string }>> {
      const row = await adminUsers.byHash(hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      if ((await emailVerification.status(row.id)).verified)
        return refuse(409, USER_ACCOUNT_TEXTS.alreadyVerified);
      return ok({ userId: row.id, email: row.email });
    },
  };
}

/** A person's staff role, vendor kinds and assignments. */
function peopleAccess(deps: PeopleDeps) {
  const { adminUsers, roles, vendors, properties, currentUser } = deps;
  return {
    async setRole(
      actor: Access,
      hash: string,
      roleKey: string | null,
    ): Promise<Outcome<{ userId: number; before: string | null; after: string | null }>> {
      const target = await adminUsers.byHash(hash);
      if (!target) return refuse(404, MESSAGES.notFound);
      const next = roleKey === null ? null : await roles.byKey(roleKey);
      if (roleKey !== null && !next)
        return refuse(422, MESSAGES.validationFailed, { role: [ROLE_TEXTS.unknownRole] });
      const current = target.roleKey ? await roles.byKey(target.roleKey) : undefined;
      if ((current?.isOwner || next?.isOwner) && !actor.staff?.isOwner)
        return refuse(403, ROLE_TEXTS.ownerOnly);
      const result = await roles.setUserRole(target.id, next?.id ?? null);
      if (result === 'last-owner') return refuse(409, ROLE_TEXTS.lastOwner);
      await currentUser.changed(target.id);
      return ok({ userId: target.id, before: target.roleKey, after: next?.key ?? null });
    },

    async setVendorKinds(
      hash: string,
      kinds: readonly TVendorKind[],
    ): Promise<Outcome<{ before: TVendorKind[]; after: TVendorKind[] }>> {
      const target = await adminUsers.byHash(hash);
      if (!target) return refuse(404, MESSAGES.notFound);
      const after = kindsOf(kinds);
      const before = kindsOf(await vendors.setKinds(target.id, after));
      await currentUser.changed(target.id);
      return ok({ before, after });
    },

    async assign(
      actor: Access,
      hash: string,
      input: { kind: TVendorKind; property: string; order: string | null },
    ): Promise<Outcome<TAssignment>> {
      const target = await adminUsers.byHash(hash);
      if (!target) return refuse(404, MESSAGES.notFound);
      if (!target.vendorKinds.includes(input.kind))
        return refuse(422, MESSAGES.validationFailed, { kind: [ASSIGNMENT_TEXTS.kindMissing] });
      const property = await properties.findByHash(input.property);
      if (!property)
        return refuse(422, MESSAGES.validationFailed, {
          property: [ASSIGNMENT_TEXTS.propertyMissing],
        });
      let orderId: number | null = null;
      if (input.order) {
        orderId = (await vendors.orderOfProperty(property.id, input.order)) ?? null;
        if (!orderId)
          return refuse(422, MESSAGES.validationFailed, { order: [ASSIGNMENT_TEXTS.orderMissing] });
      }
      const created = await vendors.assign({
        userId: target.id,
        kind: input.kind,
        propertyId: property.id,
        orderId,
        assignedBy: actor.userId,
      });
      if (!created) return refuse(409, ASSIGNMENT_TEXTS.duplicate);
      const row = await vendors.assignmentByHash(created);
      if (!row) return refuse(404, MESSAGES.notFound);
      return ok(toAssignment(row));
    },

    async unassign(hash: string): Promise<Outcome<{ before: TAssignment; userHash: string }>> {
      const row = await vendors.assignmentByHash(hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      if (!(await vendors.unassign(hash))) return refuse(404, MESSAGES.notFound);
      const user = await currentUser.get(row.userId);
      return ok({ before: toAssignment(row), userHash: user?.hash ?? '' });
    },
  };
}

/**
 * Giving people staff roles, vendor kinds and assignments (issue 15). Only an owner gives or
 * takes the owner role, and the last owner keeps it. Every change drops the person's cached
 * summary on every instance, so their next request is checked against the new access.
 */
export function createPeopleService(deps: PeopleDeps) {
  return {
    ...peopleAccounts(deps),
    /**
     * A person's properties, orders, invoices, messages and activity (issue 20). Each section
     * needs the permission that reads it elsewhere; without it the section is null.
     */
    records: (hash: string, grants: (permission: TPermission) => boolean) =>
      userRecords(deps.adminUsers, hash, grants),
    ...peopleAccess(deps),
  };
}
export type PeopleService = ReturnType<typeof createPeopleService>;
