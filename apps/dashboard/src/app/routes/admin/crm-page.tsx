import type { TCrmErrorRow } from '@lantern/contracts';
import { CRM_TEXTS } from '@lantern/contracts';
import { Alert, Badge, Button } from '@lantern/ui';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import {
  crmErrorsKey,
  fetchCrmErrorsPage,
  useCrmStatus,
  useRetryCrmPush,
} from '../../../features/outreach/api/crm.ts';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { Requires } from './requires.tsx';

const columns: ReadonlyArray<DataColumn<TCrmErrorRow>> = [
  {
    id: 'what',
    header: 'What',
    cell: (r) => (
      <>
        <Badge tone="neutral">{r.record === 'customer' ? 'Customer' : 'Order'}</Badge>{' '}
        <Link to={r.href}>{r.summary}</Link>
      </>
    ),
  },
  {
    id: 'error',
    header: 'HubSpot said',
    cell: (r) => (
      <>
        <strong>{r.status === null ? 'No answer' : `HTTP ${r.status}`}</strong>
        <div className="adm-crm-message">{r.message}</div>
      </>
    ),
  },
  {
    id: 'when',
    header: 'Failed',
    sort: 'failed',
    firstDir: 'desc',
    cell: (r) => formatWhen(r.failedAt),
  },
  { id: 'attempts', header: 'Tries', numeric: true, cell: (r) => String(r.attempts) },
];

const RECORD_FILTER = {
  name: 'record',
  label: 'Record',
  default: 'all',
  options: [
    { value: 'all', label: 'Customers and orders' },
    { value: 'customer', label: 'Customers' },
    { value: 'order', label: 'Orders' },
  ],
} as const;

/**
 * CRM sync errors (issue 20; docs/decisions/027-crm-sync.md): customers and orders whose push
 * to HubSpot failed on every try, with HubSpot's answer, and a retry.
 */
export function CrmPage() {
  const access = useStaffAccess();
  const status = useCrmStatus();
  const retry = useRetryCrmPush();
  const canRetry = grants(access.data?.permissions, 'crm.retry') && status.data?.enabled === true;
  return (
    <Requires permission="crm.view">
      <section className="ds-page" aria-labelledby="crm-title">
        <h1 id="crm-title">CRM sync</h1>
        {status.data && !status.data.enabled ? (
          <Alert tone="warning">{CRM_TEXTS.off}</Alert>
        ) : (
          <p>
            Customers and their orders are pushed to {status.data?.provider ?? 'the CRM'} in the
            background. A push that failed on every try waits here until someone retries it.
          </p>
        )}
        {retry.error ? <Alert tone="danger">{retry.error.message}</Alert> : null}
        {retry.isSuccess ? <p role="status">The push will be tried again in a moment.</p> : null}
        <DataTable<TCrmErrorRow>
          caption="CRM sync errors"
          queryKey={crmErrorsKey}
          fetchPage={fetchCrmErrorsPage}
          columns={columns}
          rowKey={(r) => String(r.id)}
          filters={[RECORD_FILTER]}
          defaultSort={{ sort: 'failed', dir: 'desc' }}
          searchLabel="Search by email, product, street or error"
          {...(canRetry
            ? {
                rowActions: (r: TCrmErrorRow) => (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={retry.isPending && retry.variables === r.id}
                    onClick={() => retry.mutate(r.id)}
                  >
                    Retry <span className="ln-visually-hidden">{r.summary}</span>
                  </Button>
                ),
              }
            : {})}
          empty={(filtered) =>
            filtered ? (
              <p>No failed push matches.</p>
            ) : (
              <p>No failed pushes. Everything is in sync.</p>
            )
          }
        />
      </section>
    </Requires>
  );
}
