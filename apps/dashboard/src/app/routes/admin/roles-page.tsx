import { PERMISSIONS, type TRole } from '@lantern/contracts';
import { Button, Dialog } from '@lantern/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { rolesQueryOptions, useDeleteRole } from '../../../features/staff/api/roles.ts';
import { RoleForm } from '../../../features/staff/components/role-form.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { Requires } from './requires.tsx';

const columns: ReadonlyArray<DataColumn<TRole>> = [
  {
    id: 'name',
    header: 'Role',
    cell: (r) => (
      <>
        <strong>{r.name}</strong>
        {r.description ? <div className="ds-muted">{r.description}</div> : null}
      </>
    ),
  },
  {
    id: 'permissions',
    header: 'Permissions',
    cell: (r) =>
      r.isOwner ? (
        'Every permission'
      ) : r.permissions.length ? (
        <ul className="adm-tags">
          {r.permissions.map((p) => (
            <li key={p} className="ln-badge">
              {PERMISSIONS[p].label}
            </li>
          ))}
        </ul>
      ) : (
        'None'
      ),
  },
  { id: 'members', header: 'People', numeric: true, cell: (r) => r.members },
];

/** The Roles page (issue 15): staff roles made of named permissions. */
export function RolesPage() {
  return (
    <Requires permission="roles.manage">
      <Roles />
    </Requires>
  );
}

function Roles() {
  const [editing, setEditing] = useState<TRole | 'new' | null>(null);
  const [removing, setRemoving] = useState<TRole | null>(null);
  const remove = useDeleteRole();
  return (
    <section className="ds-page" aria-labelledby="roles-title">
      <div className="adm-header">
        <h1 id="roles-title">Roles</h1>
        <Button onClick={() => setEditing('new')}>New role</Button>
      </div>
      <p>
        A role is a set of permissions; each staff member has one role. The owner role always has
        every permission.
      </p>
      <DataTable<TRole>
        caption="Staff roles"
        queryKey={['admin', 'roles', 'table']}
        fetchPage={async (query) => {
          // Few roles: all come at once, and the search box filters them here.
          const search = (new URLSearchParams(query).get('search') ?? '').toLowerCase();
          const all = await queryClient.fetchQuery(rolesQueryOptions());
          return {
            rows: all.rows.filter((r) =>
              `${r.name} ${r.description}`.toLowerCase().includes(search),
            ),
            nextCursor: null,
          };
        }}
        columns={columns}
        rowKey={(r) => r.key}
        defaultSort={{ sort: 'name', dir: 'asc' }}
        searchLabel="Search roles"
        empty={() => <p>No roles yet.</p>}
        rowActions={(r) =>
          r.isOwner ? (
            <span className="ds-muted">Fixed</span>
          ) : (
            <>
              <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
                Edit <span className="ln-visually-hidden">{r.name}</span>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setRemoving(r)}>
                Remove <span className="ln-visually-hidden">{r.name}</span>
              </Button>
            </>
          )
        }
      />
      <Dialog
        title={editing === 'new' ? 'New role' : `Edit ${editing?.name ?? ''}`}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      >
        {editing !== null ? (
          <RoleForm role={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Dialog>
      <ConfirmDialog
        title={`Remove ${removing?.name ?? ''}?`}
        description="People keep their accounts; a role that someone holds cannot be removed."
        open={removing !== null}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        confirmLabel="Remove role"
        onConfirm={() =>
          removing && remove.mutate(removing.key, { onSuccess: () => setRemoving(null) })
        }
        pending={remove.isPending}
        error={remove.error}
      />
    </section>
  );
}
