import {
  MAIL_TEMPLATE_KEYS,
  MAIL_TEMPLATES,
  type TMailRow,
  type TMailState,
  type TMailTemplateKey,
} from '@lantern/contracts';
import { Alert, Badge, type BadgeTone, Button, Select } from '@lantern/ui';
import { useSearchParams } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import { fetchOutboxPage, outboxKey, useRetryMail } from '../../../features/outreach/api/email.ts';
import { MailPreview } from '../../../features/outreach/components/mail-preview.tsx';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { Requires } from './requires.tsx';

const STATE: Record<TMailState, { label: string; tone: BadgeTone }> = {
  queued: { label: 'Queued', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'primary' },
  retrying: { label: 'Retrying', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

function when(m: TMailRow): string {
  if (m.state === 'sent' && m.finishedAt) return `Sent ${formatWhen(m.finishedAt)}`;
  if (m.state === 'failed' && m.finishedAt) return `Gave up ${formatWhen(m.finishedAt)}`;
  if (m.state === 'sending') return 'Now';
  return m.nextTryAt ? `Next try ${formatWhen(m.nextTryAt)}` : '';
}

const columns: ReadonlyArray<DataColumn<TMailRow>> = [
  { id: 'to', header: 'To', cell: (m) => m.to },
  { id: 'subject', header: 'Subject', cell: (m) => m.subject },
  {
    id: 'state',
    header: 'State',
    cell: (m) => <Badge tone={STATE[m.state].tone}>{STATE[m.state].label}</Badge>,
  },
  {
    id: 'attempts',
    header: 'Tries',
    numeric: true,
    cell: (m) => `${m.attempts} of ${m.maxAttempts}`,
  },
  { id: 'when', header: 'Sent or next try', cell: when },
  { id: 'error', header: 'Last error or bounce', cell: (m) => m.lastError ?? '' },
  {
    id: 'added',
    header: 'Added',
    sort: 'created',
    firstDir: 'desc',
    cell: (m) => formatWhen(m.createdAt),
  },
];

const STATE_FILTER = {
  name: 'state',
  label: 'State',
  default: 'all',
  options: [
    { value: 'all', label: 'Any state' },
    { value: 'failed', label: 'Failed' },
    { value: 'retrying', label: 'Retrying' },
    { value: 'queued', label: 'Queued' },
    { value: 'sending', label: 'Sending' },
    { value: 'sent', label: 'Sent' },
  ],
} as const;

const TEMPLATE_OPTIONS = MAIL_TEMPLATE_KEYS.map((key) => ({
  value: key,
  label: MAIL_TEMPLATES[key].name,
}));
const isTemplate = (v: string | null): v is TMailTemplateKey =>
  !!v && (MAIL_TEMPLATE_KEYS as readonly string[]).includes(v);

/**
 * Email management (issue 20; docs/decisions/026-email-management.md): every template previewed
 * on sample values, and the outbox — each mail's address, subject, state and the mail server's
 * last answer, with a retry for a mail that failed every try.
 */
export function EmailPage() {
  const access = useStaffAccess();
  const retry = useRetryMail();
  const canRetry = grants(access.data?.permissions, 'jobs.retry');
  const [params, setParams] = useSearchParams();
  const chosen = params.get('template');
  const template: TMailTemplateKey = isTemplate(chosen) ? chosen : MAIL_TEMPLATE_KEYS[0];
  const choose = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('template', key);
        return next;
      },
      { replace: true },
    );

  return (
    <Requires permission="email.view">
      <section className="ds-page" aria-labelledby="email-title">
        <h1 id="email-title">Email management</h1>
        <p>
          Every mail we send, shown on sample values, and the outbox of mails sent to people. The
          outbox keeps a mail’s address and subject; once sent, its body is gone, because it may
          hold a sign-in link.
        </p>

        <section aria-labelledby="email-templates-title">
          <h2 id="email-templates-title">Templates</h2>
          <Select
            label="Template"
            value={template}
            options={TEMPLATE_OPTIONS}
            hint={MAIL_TEMPLATES[template].purpose}
            onChange={(e) => choose(e.target.value)}
          />
          <p className="ds-muted">
            Sample values only (Sample Customer, example.com, INV-000123): no real person’s mail is
            shown here. Links in the HTML version do not open; the plain text shows where they lead.
          </p>
          <MailPreview template={template} />
        </section>

        <section aria-labelledby="email-outbox-title">
          <h2 id="email-outbox-title">Outbox</h2>
          {retry.error ? <Alert tone="danger">{retry.error.message}</Alert> : null}
          {retry.isSuccess ? <p role="status">The mail will be tried again in a moment.</p> : null}
          <DataTable<TMailRow>
            caption="Outbox"
            queryKey={outboxKey}
            fetchPage={fetchOutboxPage}
            columns={columns}
            rowKey={(m) => String(m.id)}
            filters={[STATE_FILTER]}
            searchLabel="Search by address or subject"
            {...(canRetry
              ? {
                  rowActions: (m: TMailRow) =>
                    m.state === 'failed' ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={retry.isPending && retry.variables === m.id}
                        onClick={() => retry.mutate(m.id)}
                      >
                        Retry <span className="ln-visually-hidden">the mail to {m.to}</span>
                      </Button>
                    ) : null,
                }
              : {})}
            empty={(filtered) =>
              filtered ? <p>No mail matches.</p> : <p>No mail has been sent yet.</p>
            }
          />
        </section>
      </section>
    </Requires>
  );
}
