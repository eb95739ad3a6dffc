import {
  MESSAGES,
  PERMISSION_KEYS,
  ROLE_TEXTS,
  roleKeyFromName,
  type TPermission,
  type TRole,
} from '@lantern/contracts';
import { isUniqueViolation, type StaffRole } from '@lantern/db';
import type { AccessService } from '../access/access.ts';
import type { StaffRoleRepository } from '../access/staff-roles.repository.ts';
import { type Outcome, ok, refuse } from './outcome.ts';

export interface RoleInput {
  name: string;
  description: string;
  permissions: TPermission[];
}

/** Permissions in catalogue order, once each. */
function ordered(permissions: readonly string[]): TPermission[] {
  return PERMISSION_KEYS.filter((p) => permissions.includes(p));
}

export function toRole(role: StaffRole, members: number): TRole {
  return {
    key: role.key,
    name: role.name,
    description: role.description,
    permissions: role.isOwner ? [...PERMISSION_KEYS] : ordered(role.permissions),
    isOwner: role.isOwner,
    members,
  };
}

/** The Roles page's rules (issue 15): the owner role is fixed; a role in use cannot go. */
export function createRoleService(deps: { roles: StaffRoleRepository; access: AccessService }) {
  const { roles, access } = deps;
  const nameTaken = refuse(422, MESSAGES.validationFailed, { name: [ROLE_TEXTS.nameTaken] });

  return {
    async list(): Promise<TRole[]> {
      return (await roles.list()).map((r) => toRole(r, r.members));
    },

    async create(input: RoleInput): Promise<Outcome<{ before: null; after: TRole }>> {
      if (await roles.nameTaken(input.name)) return nameTaken;
      let key = roleKeyFromName(input.name);
      // Two names can make one key ("Field ops" and "Field-ops"): the second gets a suffix.
      if (await roles.keyTaken(key)) key = `${key}-${Date.now().toString(36)}`;
      try {
        const row = await roles.create({ key, ...input, permissions: ordered(input.permissions) });
        return ok({ before: null, after: toRole(row, 0) });
      } catch (err) {
        if (isUniqueViolation(err)) return nameTaken;
        throw err;
      }
    },

    async update(key: string, input: RoleInput): Promise<Outcome<{ before: TRole; after: TRole }>> {
      const current = await roles.byKey(key);
      if (!current) return refuse(404, MESSAGES.notFound);
      if (current.isOwner) return refuse(409, ROLE_TEXTS.ownerLocked);
      if (await roles.nameTaken(input.name, current.id)) return nameTaken;
      const members = await roles.memberCount(current.id);
      let row: StaffRole | undefined;
      try {
        row = await roles.update(current.id, { ...input, permissions: ordered(input.permissions) });
      } catch (err) {
        if (isUniqueViolation(err)) return nameTaken;
        throw err;
      }
      if (!row) return refuse(404, MESSAGES.notFound);
      await access.roleChanged();
      return ok({ before: toRole(current, members), after: toRole(row, members) });
    },

    async remove(key: string): Promise<Outcome<{ before: TRole }>> {
      const current = await roles.byKey(key);
      if (!current) return refuse(404, MESSAGES.notFound);
      if (current.isOwner) return refuse(409, ROLE_TEXTS.ownerLocked);
      if (!(await roles.deleteUnused(current.id))) {
        return refuse(409, ROLE_TEXTS.inUse(await roles.memberCount(current.id)));
      }
      await access.roleChanged();
      return ok({ before: toRole(current, 0) });
    },
  };
}
export type RoleService = ReturnType<typeof createRoleService>;
