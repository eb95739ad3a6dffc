import {
  OPT_OUT_SOURCE_LABELS,
  TEXT_KINDS,
  TEXT_STATES,
  type TOptOutRow,
  type TTextRow,
  type TTextState,
} from '@lantern/contracts';
import { ADMIN_PAGES } from '@lantern/domain';
import { Alert, Badge, type BadgeTone, Button, Dialog } from '@lantern/ui';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import {
  fetchOptOutsPage,
  fetchTextsPage,
  optOutsKey,
  textsKey,
  useRemoveOptOut,
  useTextSettings,
} from '../../../features/outreach/api/texts.ts';
import { OptOutForm } from '../../../features/outreach/components/opt-out-form.tsx';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { Requires } from './requires.tsx';
import '../../../features/outreach/components/texts.css';

const TONE: Record<TTextState, BadgeTone> = {
  sending: 'neutral',
  sent: 'primary',
  delivered: 'success',
  failed: 'danger',
  not_sent: 'warning',
  written: 'neutral',
  received: 'primary',
};

/** Twilio's page for one of its error codes. */
const errorLink = (code: number) => `https://www.twilio.com/docs/api/errors/${code}`;

const textColumns: ReadonlyArray<DataColumn<TTextRow>> = [
  {
    id: 'when',
    header: 'When',
    sort: 'created',
    firstDir: 'desc',
    cell: (t) => formatWhen(t.createdAt),
  },
  {
    id: 'number',
    header: 'Number',
    cell: (t) => (
      <>
        {t.direction === 'outbound' ? 'To ' : 'From '}
        <span className="adm-text-number">{t.phone}</span>
        {t.user ? (
          <div className="ds-muted">
            <Link to={ADMIN_PAGES.user(t.user.hash)}>{t.user.email}</Link>
          </div>
        ) : null}
      </>
    ),
  },
  { id: 'kind', header: 'What', cell: (t) => TEXT_KINDS[t.kind] },
  {
    id: 'body',
    header: 'Text',
    cell: (t) => (
      <div className="adm-text-body">
        {t.body}
        {t.mediaCount ? (
          <div className="ds-muted">
            {t.mediaCount === 1
              ? 'With 1 picture or file'
              : `With ${t.mediaCount} pictures or files`}
          </div>
        ) : null}
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (t) => (
      <>
        <Badge tone={TONE[t.state]}>{TEXT_STATES[t.state].label}</Badge>
        {t.errorCode !== null ? (
          <div className="ds-muted">
            <a href={errorLink(t.errorCode)} target="_blank" rel="noreferrer">
              Twilio error {t.errorCode}
            </a>
            {t.errorMessage ? `: ${t.errorMessage}` : ''}
          </div>
        ) : t.errorMessage ? (
          <div className="ds-muted">{t.errorMessage}</div>
        ) : null}
        {t.state !== 'received' && t.updatedAt !== t.createdAt ? (
          <div className="ds-muted">Updated {formatWhen(t.updatedAt)}</div>
        ) : null}
      </>
    ),
  },
];

const DIRECTION_FILTER = {
  name: 'direction',
  label: 'Direction',
  default: 'all',
  options: [
    { value: 'all', label: 'Sent and received' },
    { value: 'outbound', label: 'Sent by us' },
    { value: 'inbound', label: 'Received' },
  ],
} as const;

const STATE_FILTER = {
  name: 'state',
  label: 'Status',
  default: 'all',
  options: [
    { value: 'all', label: 'Any status' },
    ...Object.entries(TEXT_STATES).map(([value, s]) => ({ value, label: s.label })),
  ],
} as const;

/** The two lists of the Texts page, as links (each list keeps its search in the URL). */
function TextsNav() {
  return (
    <nav aria-label="Texts lists" className="adm-nav">
      <ul>
        <li>
          <NavLink to={ADMIN_PAGES.texts} end>
            Sent and received
          </NavLink>
        </li>
        <li>
          <NavLink to={ADMIN_PAGES.textOptOuts}>Opt-outs</NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** Where texts go, in words, with the addresses an operator gives Twilio. */
function TextSettings() {
  const settings = useTextSettings();
  if (!settings.data) return null;
  if (settings.data.provider === 'file' || !settings.data.webhooks) {
    return (
      <Alert tone="warning">
        Twilio is not set up on the server: texts are written to files there instead of being sent,
        and no text can come in. Texts still show below.
      </Alert>
    );
  }
  return (
    <details className="adm-text-settings">
      <summary>
        Texts go out through Twilio from <strong>{settings.data.from}</strong>.
      </summary>
      <p>
        In Twilio’s console, the number (or Messaging Service) sends incoming messages to{' '}
        <code>{settings.data.webhooks.messages}</code> with HTTP POST. Delivery reports come back to{' '}
        <code>{settings.data.webhooks.status}</code>, which we give Twilio with every text.
      </p>
    </details>
  );
}

/**
 * Texts (issue 20; docs/decisions/030-texts.md): every text we sent and received, newest
 * first — a code or PIN shows as ••••••, never in clear — with Twilio's delivery status.
 */
export function TextsPage() {
  return (
    <Requires permission="texts.view">
      <section className="ds-page" aria-labelledby="texts-title">
        <h1 id="texts-title">Texts</h1>
        <TextsNav />
        <TextSettings />
        <DataTable<TTextRow>
          caption="Texts sent and received"
          queryKey={textsKey}
          fetchPage={fetchTextsPage}
          columns={textColumns}
          rowKey={(t) => String(t.id)}
          filters={[DIRECTION_FILTER, STATE_FILTER]}
          defaultSort={{ sort: 'created', dir: 'desc' }}
          searchLabel="Search by number or words"
          searchHint="A number as you like to type it, e.g. (202) 555-0123."
          empty={(filtered) =>
            filtered ? <p>No text matches.</p> : <p>No texts sent or received yet.</p>
          }
        />
      </section>
    </Requires>
  );
}

const SOURCE_FILTER = {
  name: 'source',
  label: 'How',
  default: 'all',
  options: [
    { value: 'all', label: 'Any way' },
    ...Object.entries(OPT_OUT_SOURCE_LABELS).map(([value, label]) => ({ value, label })),
  ],
} as const;

const optOutColumns: ReadonlyArray<DataColumn<TOptOutRow>> = [
  {
    id: 'number',
    header: 'Number',
    cell: (o) => <span className="adm-text-number">{o.phone}</span>,
  },
  {
    id: 'since',
    header: 'Since',
    sort: 'created',
    firstDir: 'desc',
    cell: (o) => formatWhen(o.createdAt),
  },
  {
    id: 'how',
    header: 'How',
    cell: (o) => (
      <>
        {o.source === 'keyword' && o.keyword
          ? `Texted ${o.keyword}`
          : OPT_OUT_SOURCE_LABELS[o.source]}
        {o.staff ? (
          <div className="ds-muted">
            by <Link to={ADMIN_PAGES.user(o.staff.hash)}>{o.staff.email}</Link>
          </div>
        ) : null}
      </>
    ),
  },
  { id: 'note', header: 'Note', cell: (o) => o.note ?? '' },
];

/**
 * Numbers we never text (issue 20): who opted out, when and how. With "Record text opt-outs",
 * staff stop texts to a number whose owner asked another way, and undo only such a stop.
 */
export function TextOptOutsPage() {
  const access = useStaffAccess();
  const canManage = grants(access.data?.permissions, 'texts.manage');
  const [recording, setRecording] = useState(false);
  const remove = useRemoveOptOut();
  return (
    <Requires permission="texts.view">
      <section className="ds-page" aria-labelledby="opt-outs-title">
        <h1 id="opt-outs-title">Texts</h1>
        <TextsNav />
        <p>
          We never text these numbers. A number opts out by texting STOP (or UNSUBSCRIBE, CANCEL,
          END, QUIT) to us, and back in by texting START.
        </p>
        {canManage ? (
          <Button onClick={() => setRecording(true)}>Record an opt-out</Button>
        ) : (
          <p className="ds-muted">
            Recording an opt-out needs the “Record text opt-outs” permission.
          </p>
        )}
        {remove.error ? <Alert tone="danger">{remove.error.message}</Alert> : null}
        {remove.isSuccess ? <p role="status">Texts to that number are allowed again.</p> : null}
        <DataTable<TOptOutRow>
          caption="Opted-out numbers"
          queryKey={optOutsKey}
          fetchPage={fetchOptOutsPage}
          columns={optOutColumns}
          rowKey={(o) => String(o.id)}
          filters={[SOURCE_FILTER]}
          defaultSort={{ sort: 'created', dir: 'desc' }}
          searchLabel="Search by number"
          {...(canManage
            ? {
                rowActions: (o: TOptOutRow) =>
                  o.source === 'staff' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={remove.isPending && remove.variables === o.id}
                      onClick={() => remove.mutate(o.id)}
                    >
                      Undo <span className="ln-visually-hidden">opt-out of {o.phone}</span>
                    </Button>
                  ) : null,
              }
            : {})}
          empty={(filtered) =>
            filtered ? <p>No opted-out number matches.</p> : <p>No number has opted out.</p>
          }
        />
        <Dialog
          title="Record an opt-out"
          open={recording}
          onOpenChange={(open) => !open && setRecording(false)}
        >
          {recording ? <OptOutForm onDone={() => setRecording(false)} /> : null}
        </Dialog>
      </section>
    </Requires>
  );
}
