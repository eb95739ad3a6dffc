import { type TWebhookDeliveryRow, WEBHOOK_SENT_EVENTS, WEBHOOK_TEXTS } from '@lantern/contracts';
import { Alert, Badge, Button, Dialog, Spinner } from '@lantern/ui';
import { useState } from 'react';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import {
  deliveriesKey,
  fetchDeliveriesPage,
  useDelivery,
  useResendDelivery,
} from '../api/webhooks.ts';
import './webhooks.css';

const STATUS = {
  pending: { label: 'Retrying', tone: 'warning' },
  succeeded: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
} as const;

const answer = (r: Pick<TWebhookDeliveryRow, 'lastStatusCode' | 'lastError' | 'attempts'>) =>
  r.attempts === 0
    ? 'Not sent yet'
    : r.lastStatusCode !== null
      ? `HTTP ${r.lastStatusCode}`
      : (r.lastError ?? 'No answer');

const columns: ReadonlyArray<DataColumn<TWebhookDeliveryRow>> = [
  {
    id: 'created',
    header: 'When',
    sort: 'created',
    firstDir: 'desc',
    cell: (r) => formatWhen(r.createdAt),
  },
  {
    id: 'event',
    header: 'Event',
    cell: (r) => (
      <>
        {WEBHOOK_SENT_EVENTS[r.eventType].label}
        <br />
        <code className="ds-webhooks__events">{r.eventId}</code>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (r) => <Badge tone={STATUS[r.status].tone}>{STATUS[r.status].label}</Badge>,
  },
  { id: 'answer', header: 'Response', cell: answer },
  { id: 'attempts', header: 'Attempts', numeric: true, cell: (r) => r.attempts },
  {
    id: 'next',
    header: 'Next try',
    cell: (r) => (r.nextAttemptAt ? formatWhen(r.nextAttemptAt) : '—'),
  },
];

const STATUS_FILTER = {
  name: 'status',
  label: 'Status',
  input: 'select' as const,
  default: 'all',
  options: [
    { value: 'all', label: 'All' },
    { value: 'succeeded', label: 'Delivered' },
    { value: 'pending', label: 'Retrying' },
    { value: 'failed', label: 'Failed' },
  ],
};

/** An endpoint's deliveries, newest first, each with its answers and "Send again" (issue 25). */
export function DeliveriesTable({ endpoint, enabled }: { endpoint: string; enabled: boolean }) {
  const resend = useResendDelivery(endpoint);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      {resend.isSuccess ? <Alert tone="success">{WEBHOOK_TEXTS.resent}</Alert> : null}
      {resend.isError ? <Alert tone="danger">{resend.error.message}</Alert> : null}
      <DataTable<TWebhookDeliveryRow>
        caption="Deliveries"
        queryKey={deliveriesKey(endpoint)}
        fetchPage={fetchDeliveriesPage(endpoint)}
        columns={columns}
        rowKey={(r) => r.hash}
        filters={[STATUS_FILTER]}
        defaultSort={{ sort: 'created', dir: 'desc' }}
        searchLabel="Find an event id"
        rowActions={(r) => (
          <>
            <Button size="sm" variant="ghost" onClick={() => setOpen(r.hash)}>
              Details <span className="ln-visually-hidden">of {r.eventId}</span>
            </Button>
            {enabled ? (
              <Button
                size="sm"
                variant="secondary"
                loading={resend.isPending && resend.variables === r.hash}
                onClick={() => resend.mutate(r.hash)}
              >
                Send again <span className="ln-visually-hidden">{r.eventId}</span>
              </Button>
            ) : null}
          </>
        )}
        empty={(filtered) =>
          filtered
            ? 'No delivery matches.'
            : 'Nothing sent yet. Events of the kinds you chose will be listed here.'
        }
      />
      <DeliveryDialog endpoint={endpoint} delivery={open} onClose={() => setOpen(null)} />
    </>
  );
}

function DeliveryDialog({
  endpoint,
  delivery,
  onClose,
}: {
  endpoint: string;
  delivery: string | null;
  onClose: () => void;
}) {
  const detail = useDelivery(endpoint, delivery);
  return (
    <Dialog
      title="Delivery"
      open={delivery !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
    >
      {detail.isPending ? (
        <Spinner label="Loading the delivery" />
      ) : detail.isError ? (
        <Alert tone="danger">{detail.error.message}</Alert>
      ) : (
        <>
          <h3>What we sent</h3>
          <pre className="ds-webhooks__body">{pretty(detail.data.body)}</pre>
          <h3>Attempts</h3>
          {detail.data.tries.length ? (
            <ol className="ds-webhooks__list" aria-label="Attempts">
              {detail.data.tries.map((t) => (
                <li key={t.at} className="ds-webhooks__item">
                  <p>
                    {formatWhen(t.at)} —{' '}
                    <strong>{t.statusCode !== null ? `HTTP ${t.statusCode}` : 'No answer'}</strong>{' '}
                    in {t.durationMs} ms
                  </p>
                  {t.error ? <p>{t.error}</p> : null}
                  {t.responseBody ? (
                    <pre className="ds-webhooks__body">{t.responseBody}</pre>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : (
            <p>Not tried yet.</p>
          )}
        </>
      )}
    </Dialog>
  );
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
