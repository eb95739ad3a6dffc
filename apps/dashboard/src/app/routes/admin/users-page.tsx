import type { TAdminUserRow } from '@lantern/contracts';
import { ADMIN_PAGES, VENDOR_KINDS } from '@lantern/domain';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { fetchUsersPage, usersExportHref, usersKey } from '../../../features/staff/api/users.ts';
import { Requires } from './requires.tsx';

export function accessText(u: Pick<TAdminUserRow, 'role' | 'vendorKinds'>): string {
  const parts = [
    ...(u.role ? [`Staff: ${u.role.name}`] : []),
    ...(u.vendorKinds.length
      ? [`Vendor: ${u.vendorKinds.map((k) => VENDOR_KINDS[k].label).join(', ')}`]
      : []),
  ];
  return parts.length ? parts.join(' · ') : 'Customer';
}

const columns: ReadonlyArray<DataColumn<TAdminUserRow>> = [
  {
    id: 'email',
    header: 'Email',
    sort: 'email',
    cell: (u) => <Link to={ADMIN_PAGES.user(u.hash)}>{u.email}</Link>,
  },
  { id: 'name', header: 'Name', cell: (u) => u.name ?? '' },
  { id: 'access', header: 'Access', cell: accessText },
  { id: 'properties', header: 'Properties', numeric: true, cell: (u) => u.properties },
  {
    id: 'created',
    header: 'Joined',
    sort: 'created',
    firstDir: 'desc',
    cell: (u) => formatDate(u.createdAt),
  },
];

const TYPE_FILTER = {
  name: 'type',
  label: 'Show',
  default: 'all',
  options: [
    { value: 'all', label: 'Everyone' },
    { value: 'staff', label: 'Staff' },
    { value: 'vendor', label: 'Vendors' },
    { value: 'customer', label: 'Customers' },
  ],
} as const;

/** User management (issue 15): every account, searchable, with its access. */
export function UsersPage() {
  const access = useStaffAccess();
  const canExport = grants(access.data?.permissions, 'data.export');
  return (
    <Requires permission="users.view">
      <section className="ds-page" aria-labelledby="users-title">
        <h1 id="users-title">People</h1>
        <DataTable<TAdminUserRow>
          caption="People"
          queryKey={usersKey}
          fetchPage={fetchUsersPage}
          columns={columns}
          rowKey={(u) => u.hash}
          filters={[TYPE_FILTER]}
          searchLabel="Search by email or name"
          {...(canExport ? { exportHref: usersExportHref } : {})}
          rowActions={(u) => (
            <Link className="ln-btn ln-btn--secondary ln-btn--sm" to={ADMIN_PAGES.user(u.hash)}>
              Manage <span className="ln-visually-hidden">{u.email}</span>
            </Link>
          )}
          empty={(filtered) =>
            filtered ? <p>Nobody matches this search.</p> : <p>No accounts yet.</p>
          }
        />
      </section>
    </Requires>
  );
}
