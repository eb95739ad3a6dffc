import { roleGrants, type TPermission } from '@lantern/contracts';
import type { StaffRole } from '@lantern/db';
import { type TVendorKind, VENDOR_KIND_KEYS } from '@lantern/domain';
import type { EventBus } from '../../lib/event-bus.ts';
import type { CurrentUserService } from '../auth/current-user.ts';
import type { StaffRoleRepository } from './staff-roles.repository.ts';

/** Bus topic: a staff role was edited or removed. */
const ROLE_CHANGED = 'staff-role.changed';

/** What one person may do: their staff role (if any) and vendor kinds. */
export interface Access {
  userId: number;
  staff: { key: string; name: string; isOwner: boolean; permissions: readonly string[] } | null;
  vendorKinds: TVendorKind[];
}

/** What a route needs (declared in its config; docs/decisions/016-staff-roles-and-permissions.md). */
export type RouteAccess =
  /** A staff role granting every permission listed; [] means any staff role. */
  | { staff: readonly TPermission[] }
  /** One of these vendor kinds; 'any' means any kind. */
  | { vendor: readonly TVendorKind[] | 'any' };

/**
 * The one permission check (issue 15) behind every admin and vendor route and realtime channel.
 * A person's role id and kinds come from the cached user summary (dropped on every instance when
 * they change); roles are cached here and dropped on every instance when a role is edited.
 */
export function createAccessService(deps: {
  roles: StaffRoleRepository;
  currentUser: CurrentUserService;
  bus: EventBus;
}) {
  const roles = new Map<number, Promise<StaffRole | undefined>>();
  const offs = [
    deps.bus.subscribe(ROLE_CHANGED, () => roles.clear()),
    deps.bus.onReset(() => roles.clear()),
  ];

  function role(id: number): Promise<StaffRole | undefined> {
    let hit = roles.get(id);
    if (!hit) {
      hit = deps.roles.byId(id);
      roles.set(id, hit);
      hit.catch(() => roles.delete(id));
    }
    return hit;
  }

  async function forUser(userId: number): Promise<Access | null> {
    const summary = await deps.currentUser.get(userId);
    if (!summary) return null;
    const staffRole = summary.staffRoleId === null ? undefined : await role(summary.staffRoleId);
    return {
      userId,
      staff: staffRole
        ? {
            key: staffRole.key,
            name: staffRole.name,
            isOwner: staffRole.isOwner,
            permissions: staffRole.permissions,
          }
        : null,
      vendorKinds: summary.vendorKinds.filter((k): k is TVendorKind =>
        (VENDOR_KIND_KEYS as readonly string[]).includes(k),
      ),
    };
  }

  return {
    forUser,
    /** Whether the person's staff role grants `permission` (false for non-staff). */
    can(access: Access | null, permission: TPermission): boolean {
      return roleGrants(access?.staff, permission);
    },
    /** Whether `access` satisfies a route's declared need. */
    allows(access: Access | null, need: RouteAccess): boolean {
      if (!access) return false;
      if ('staff' in need) {
        return !!access.staff && need.staff.every((p) => roleGrants(access.staff, p));
      }
      if (need.vendor === 'any') return access.vendorKinds.length > 0;
      return need.vendor.some((k) => access.vendorKinds.includes(k));
    },
    /** Call after editing or removing a role: every instance re-reads it. */
    async roleChanged(): Promise<void> {
      roles.clear();
      await deps.bus.publish(ROLE_CHANGED, {});
    },
    close() {
      for (const off of offs) off();
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
