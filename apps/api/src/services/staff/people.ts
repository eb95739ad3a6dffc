import {
  ASSIGNMENT_TEXTS,
  MESSAGES,
  ROLE_TEXTS,
  streetAddressUnit,
  type TAdminUserDetail,
  type TAdminUserRow,
  type TAssignment,
  type TVendorKind,
  VENDOR_KIND_KEYS,
} from '@lantern/contracts';
import type { AdminUserRepository } from '../../repositories/admin-users.ts';
import type { PropertyRepository } from '../../repositories/properties.ts';
import type { StaffRoleRepository } from '../../repositories/staff-roles.ts';
import type { AssignmentRow, VendorRepository } from '../../repositories/vendors.ts';
import type { Access } from '../access/access.ts';
import type { CurrentUserService } from '../current-user.ts';
import { type Outcome, ok, refuse } from './outcome.ts';

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

/**
 * Giving people staff roles, vendor kinds and assignments (issue 15). Only an owner gives or
 * takes the owner role, and the last owner keeps it. Every change drops the person's cached
 * summary on every instance, so their next request is checked against the new access.
 */
export function createPeopleService(deps: {
  adminUsers: AdminUserRepository;
  roles: StaffRoleRepository;
  vendors: VendorRepository;
  properties: PropertyRepository;
  currentUser: CurrentUserService;
}) {
  const { adminUsers, roles, vendors, properties, currentUser } = deps;

  async function detail(hash: string): Promise<TAdminUserDetail | undefined> {
    const row = await adminUsers.byHash(hash);
    if (!row) return undefined;
    const assignments = await vendors.assignmentsForUser(row.id);
    return { ...toUserRow(row), assignments: assignments.map(toAssignment) };
  }

  return {
    detail,

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
export type PeopleService = ReturnType<typeof createPeopleService>;
