import type { TJobRow } from '@lantern/contracts';
import { Alert, Badge, type BadgeTone, Button } from '@lantern/ui';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import { fetchJobsPage, jobsKey, useRetryJob } from '../../../features/operations/api/jobs.ts';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { Requires } from './requires.tsx';

const STATUS: Record<TJobRow['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting', tone: 'neutral' },
  running: { label: 'Running', tone: 'primary' },
  done: { label: 'Done', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

const columns: ReadonlyArray<DataColumn<TJobRow>> = [
  {
    id: 'job',
    header: 'Job',
    sort: 'created',
    firstDir: 'desc',
    cell: (j) => (
      <>
        {j.summary}
        <div className="ds-muted">
          #{j.id} · {j.kind} · added {formatWhen(j.createdAt)}
        </div>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (j) => <Badge tone={STATUS[j.status].tone}>{STATUS[j.status].label}</Badge>,
  },
  {
    id: 'attempts',
    header: 'Tries',
    numeric: true,
    cell: (j) => `${j.attempts} of ${j.maxAttempts}`,
  },
  {
    id: 'when',
    header: 'Next try or finished',
    cell: (j) => formatWhen(j.finishedAt ?? j.runAt),
  },
  { id: 'error', header: 'Last error', cell: (j) => j.lastError ?? '' },
];

const STATUS_FILTER = {
  name: 'status',
  label: 'Status',
  default: 'all',
  options: [
    { value: 'all', label: 'Any status' },
    { value: 'failed', label: 'Failed' },
    { value: 'pending', label: 'Waiting' },
    { value: 'running', label: 'Running' },
    { value: 'done', label: 'Done' },
  ],
} as const;

/** Background jobs (issue 15): what is waiting, what failed, and a retry. */
export function JobsPage() {
  const access = useStaffAccess();
  const retry = useRetryJob();
  const canRetry = grants(access.data?.permissions, 'jobs.retry');
  return (
    <Requires permission="jobs.view">
      <section className="ds-page" aria-labelledby="jobs-title">
        <h1 id="jobs-title">Background jobs</h1>
        <p>
          Mail, clean-ups and other work done after a request. A job that failed every try waits
          here for a person.
        </p>
        {retry.error ? <Alert tone="danger">{retry.error.message}</Alert> : null}
        {retry.isSuccess ? <p role="status">The job will run again in a moment.</p> : null}
        <DataTable<TJobRow>
          caption="Background jobs"
          queryKey={jobsKey}
          fetchPage={fetchJobsPage}
          columns={columns}
          rowKey={(j) => String(j.id)}
          filters={[STATUS_FILTER]}
          searchLabel="Search by kind or error"
          {...(canRetry
            ? {
                rowActions: (j: TJobRow) =>
                  j.status === 'failed' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={retry.isPending && retry.variables === j.id}
                      onClick={() => retry.mutate(j.id)}
                    >
                      Retry <span className="ln-visually-hidden">{j.summary}</span>
                    </Button>
                  ) : null,
              }
            : {})}
          empty={(filtered) => (filtered ? <p>No job matches.</p> : <p>No background jobs yet.</p>)}
        />
      </section>
    </Requires>
  );
}
