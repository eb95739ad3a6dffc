import { Alert } from '@lantern/ui';
import { Outlet, useOutletContext } from 'react-router';
import { useStaffAccess } from '../../../features/admin/api/access.ts';
import { AdminNav } from '../../../features/admin/components/admin-nav.tsx';
import '../../../features/admin/components/admin.css';

/** The staff area inside the signed-in frame: pages the role opens, and nothing else. */
export function AdminLayout() {
  const me = useOutletContext();
  const access = useStaffAccess();
  if (access.isPending)
    return (
      <p className="ds-loading" role="status">
        Loading your staff access…
      </p>
    );
  if (access.isError) return <Alert tone="danger">{access.error.message}</Alert>;
  return (
    <>
      <AdminNav permissions={access.data.permissions} />
      <Outlet context={me} />
    </>
  );
}
