import { PERMISSIONS, type TPermission } from '@lantern/contracts';
import type { ReactNode } from 'react';
import { useStaffAccess } from '../../../features/staff/api/access.ts';

/** A staff page for roles with `permission`; others are told which permission it takes. */
export function Requires({
  permission,
  children,
}: {
  permission: TPermission;
  children: ReactNode;
}) {
  const access = useStaffAccess();
  if (!access.data) return null;
  if (access.data.permissions.includes(permission)) return <>{children}</>;
  return (
    <section className="ds-page" aria-labelledby="requires-title">
      <h1 id="requires-title">Not part of your role</h1>
      <p>
        This page needs the “{PERMISSIONS[permission].label}” permission, which your role (
        {access.data.role.name}) does not include. An owner can change roles on the Roles page.
      </p>
    </section>
  );
}
