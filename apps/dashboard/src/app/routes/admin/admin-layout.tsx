import { Alert, Skeleton } from '@lantern/ui';
import { Outlet, useOutletContext } from 'react-router';
import { AdminNav } from '../../../components/layouts/admin-nav.tsx';
import { useStaffAccess } from '../../../features/staff/api/access.ts';

/** The staff area inside the signed-in frame: pages the role opens, and nothing else. */
export function AdminLayout() {
  const me = useOutletContext();
  const access = useStaffAccess();
  if (access.isPending)
    return (
      <div className="ds-loading">
        <Skeleton label="Loading your staff access…" lines={4} />
      </div>
    );
  if (access.isError) return <Alert tone="danger">{access.error.message}</Alert>;
  return (
    <div className="adm-layout">
      <AdminNav permissions={access.data.permissions} />
      <div className="adm-content">
        <Outlet context={me} />
      </div>
    </div>
  );
}
