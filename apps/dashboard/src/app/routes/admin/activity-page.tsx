import type { TActivityRow } from '@lantern/contracts';
import { Alert, Button, Dialog } from '@lantern/ui';
import { useState } from 'react';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import {
  activityExportHref,
  activityKey,
  fetchActivityPage,
  useActivityEntry,
} from '../../../features/operations/api/activity.ts';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { Requires } from './requires.tsx';

const WHO: Record<TActivityRow['actorKind'], string> = {
  staff: 'Staff',
  vendor: 'Vendor',
  customer: 'Customer',
  visitor: 'Visitor',
  system: 'Lantern (automatic)',
};

const columns: ReadonlyArray<DataColumn<TActivityRow>> = [
  {
    id: 'when',
    header: 'When',
    sort: 'created',
    firstDir: 'desc',
    cell: (r) => formatWhen(r.createdAt),
  },
  {
    id: 'who',
    header: 'Who',
    cell: (r) => (
      <>
        {r.actorEmail ?? 'Not signed in'}
        <div className="ds-muted">{r.actorRole ? `Staff: ${r.actorRole}` : WHO[r.actorKind]}</div>
      </>
    ),
  },
  { id: 'action', header: 'Action', cell: (r) => r.action },
  {
    id: 'record',
    header: 'Record',
    cell: (r) => (r.recordType ? `${r.recordType} ${r.recordId ?? ''}` : ''),
  },
  { id: 'ip', header: 'IP address', cell: (r) => r.ip ?? '' },
];

const ACTOR_FILTER = {
  name: 'actor',
  label: 'Changed by',
  default: 'all',
  options: [
    { value: 'all', label: 'Anyone' },
    { value: 'staff', label: 'Staff' },
    { value: 'vendor', label: 'Vendors' },
    { value: 'customer', label: 'Customers' },
    { value: 'visitor', label: 'Visitors' },
    { value: 'system', label: 'Lantern (automatic repairs)' },
  ],
} as const;

/** The Activity Log page (issue 15): every change of data by a person, newest first. */
export function ActivityPage() {
  const access = useStaffAccess();
  const [open, setOpen] = useState<TActivityRow | null>(null);
  const canExport = grants(access.data?.permissions, 'data.export');
  return (
    <Requires permission="activity.view">
      <section className="ds-page" aria-labelledby="activity-title">
        <h1 id="activity-title">Activity log</h1>
        <p>
          Every change made by a person, kept for two years. Passwords, codes and tokens are never
          recorded.
        </p>
        <DataTable<TActivityRow>
          caption="Activity log"
          queryKey={activityKey}
          fetchPage={fetchActivityPage}
          columns={columns}
          rowKey={(r) => String(r.id)}
          filters={[ACTOR_FILTER]}
          searchLabel="Search by email, action, address or IP"
          {...(canExport ? { exportHref: activityExportHref } : {})}
          rowActions={(r) => (
            <Button size="sm" variant="secondary" onClick={() => setOpen(r)}>
              Details{' '}
              <span className="ln-visually-hidden">
                of {r.action} at {formatWhen(r.createdAt)}
              </span>
            </Button>
          )}
          empty={(filtered) =>
            filtered ? (
              <p>No activity matches this search.</p>
            ) : (
              <p>Nothing has been changed yet.</p>
            )
          }
        />
        <Dialog
          title={open ? open.action : 'Activity'}
          open={open !== null}
          onOpenChange={(o) => !o && setOpen(null)}
        >
          {open ? <EntryDetail id={open.id} /> : null}
        </Dialog>
      </section>
    </Requires>
  );
}

function EntryDetail({ id }: { id: number }) {
  const entry = useActivityEntry(id);
  if (entry.isPending) return <p role="status">Loading…</p>;
  if (entry.isError) return <Alert tone="danger">{entry.error.message}</Alert>;
  const e = entry.data;
  return (
    <dl>
      <dt>When</dt>
      <dd>{formatWhen(e.createdAt)}</dd>
      <dt>Who</dt>
      <dd>
        {e.actorEmail ?? 'Not signed in'} (
        {e.actorRole ? `staff: ${e.actorRole}` : WHO[e.actorKind]}) from{' '}
        {e.ip ?? 'an unknown address'}
      </dd>
      <dt>Request</dt>
      <dd>
        {e.method} {e.url} ({e.status})
      </dd>
      {e.userAgent ? (
        <>
          <dt>Browser</dt>
          <dd>{e.userAgent}</dd>
        </>
      ) : null}
      <dt>Before</dt>
      <dd>
        <pre className="adm-json">{e.before == null ? '—' : JSON.stringify(e.before, null, 2)}</pre>
      </dd>
      <dt>After</dt>
      <dd>
        <pre className="adm-json">{e.after == null ? '—' : JSON.stringify(e.after, null, 2)}</pre>
      </dd>
    </dl>
  );
}
