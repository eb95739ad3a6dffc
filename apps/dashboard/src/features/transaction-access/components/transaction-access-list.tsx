import type { TOwnerTransactionAccess } from '@lantern/contracts';
import {
  ApiError,
  formatShowingTime,
  TRANSACTION_ACCESS_DAYS,
  TRANSACTION_ACCESS_ROLES,
  TRANSACTION_ACCESS_SHARE_KEYS,
  TRANSACTION_ACCESS_SHARES,
  TRANSACTION_ACCESS_STATUS_LABELS,
  TRANSACTION_ACCESS_TEXTS,
  type TTransactionAccessShare,
} from '@lantern/domain';
import { Alert, Badge, type BadgeTone, Button, Checkbox, TextField } from '@lantern/ui';
import { type FormEvent, useId, useState } from 'react';
import { useDecideTransactionAccess, useTransactionAccess } from '../api/transaction-access.ts';

const D = TRANSACTION_ACCESS_TEXTS.dashboard;

const TONE: Record<TOwnerTransactionAccess['status'], BadgeTone> = {
  unconfirmed: 'neutral',
  pending: 'warning',
  approved: 'success',
  refused: 'neutral',
  revoked: 'neutral',
  expired: 'neutral',
};

/** The Transaction access tab: confirmed requests, the owners' answers, the visits. */
export function TransactionAccessList({
  property,
  timeZone,
}: {
  property: string;
  timeZone: string;
}) {
  const list = useTransactionAccess(property);
  const [said, setSaid] = useState('');
  if (list.isPending) return <p role="status">Loading…</p>;
  if (list.isError) {
    return (
      <Alert tone="danger">
        We could not load the access requests. Reload the page to try again.
      </Alert>
    );
  }
  const rows = list.data.requests;
  return (
    <section aria-labelledby="access-heading" className="ds-showings">
      <h2 id="access-heading">{D.heading}</h2>
      <p className="ds-muted">{D.intro}</p>
      <p role="status" className="ds-showings__said">
        {said}
      </p>
      {rows.length === 0 ? (
        <p>{D.none}</p>
      ) : (
        <ul className="ds-showings__list">
          {rows.map((r) => (
            <li key={r.hash}>
              <AccessCard request={r} property={property} timeZone={timeZone} onDone={setSaid} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AccessCard({
  request: r,
  property,
  timeZone,
  onDone,
}: {
  request: TOwnerTransactionAccess;
  property: string;
  timeZone: string;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const decide = useDecideTransactionAccess(property);
  const [days, setDays] = useState(String(TRANSACTION_ACCESS_DAYS.default));
  const [shares, setShares] = useState<TTransactionAccessShare[]>(['listing', 'documents']);
  const when = (iso: string) => formatShowingTime(iso, timeZone);
  const error = decide.error instanceof ApiError ? decide.error : null;
  const daysError = error?.field('days');
  const who = r.company ? `${r.name}, ${r.company}` : r.name;

  const approve = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate(
      { action: 'approve', request: r.hash, days: Number(days), shares },
      { onSuccess: (res) => onDone(res.message) },
    );
  };
  const act = (action: 'refuse' | 'revoke') =>
    decide.mutate({ action, request: r.hash }, { onSuccess: (res) => onDone(res.message) });

  return (
    <article className="ln-card ds-showing" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="ds-showing__title">
        {who} <Badge tone={TONE[r.status]}>{TRANSACTION_ACCESS_STATUS_LABELS[r.status]}</Badge>
      </h3>
      <dl className="ds-facts">
        <dt>Part in the deal</dt>
        <dd>{TRANSACTION_ACCESS_ROLES[r.role].label}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${r.email}`}>{r.email}</a>
        </dd>
        <dt>Asked</dt>
        <dd>{when(r.createdAt)}</dd>
        {r.message ? (
          <>
            <dt>Message</dt>
            <dd className="ds-showing__note">{r.message}</dd>
          </>
        ) : null}
        {r.expiresAt && (r.status === 'approved' || r.status === 'expired') ? (
          <>
            <dt>{D.until}</dt>
            <dd>{when(r.expiresAt)}</dd>
            <dt>Shared</dt>
            <dd>{r.shares.map((s) => TRANSACTION_ACCESS_SHARES[s].label).join('; ')}</dd>
          </>
        ) : null}
        {r.decidedBy && r.decidedAt ? (
          <>
            <dt>Answered</dt>
            <dd>
              {r.decidedBy}, {when(r.decidedAt)}
            </dd>
          </>
        ) : null}
      </dl>
      {error && !daysError ? <Alert tone="danger">{error.message}</Alert> : null}
      {r.status === 'pending' ? (
        <form onSubmit={approve} aria-label={`Give ${who} access`} className="ds-form">
          <TextField
            type="number"
            label={D.days}
            hint={D.daysHint}
            min={TRANSACTION_ACCESS_DAYS.min}
            max={TRANSACTION_ACCESS_DAYS.max}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={daysError}
            required
          />
          <fieldset>
            <legend>{D.share}</legend>
            {TRANSACTION_ACCESS_SHARE_KEYS.map((key) => (
              <Checkbox
                key={key}
                label={TRANSACTION_ACCESS_SHARES[key].label}
                checked={key === 'listing' || shares.includes(key)}
                disabled={key === 'listing'}
                onChange={(e) =>
                  setShares((now) =>
                    e.target.checked ? [...now, key] : now.filter((s) => s !== key),
                  )
                }
              />
            ))}
          </fieldset>
          <div className="ds-actions">
            <Button
              type="submit"
              loading={decide.isPending && decide.variables?.action === 'approve'}
              disabled={decide.isPending}
            >
              {D.approve}
            </Button>
            <Button
              variant="secondary"
              loading={decide.isPending && decide.variables?.action === 'refuse'}
              disabled={decide.isPending}
              onClick={() => act('refuse')}
            >
              {D.refuse}
            </Button>
          </div>
        </form>
      ) : null}
      {r.status === 'approved' ? (
        <div className="ds-actions">
          <Button
            variant="secondary"
            loading={decide.isPending}
            disabled={decide.isPending}
            onClick={() => act('revoke')}
          >
            {D.revoke}
          </Button>
        </div>
      ) : null}
      {r.status === 'approved' || r.status === 'expired' || r.status === 'revoked' ? (
        <details>
          <summary>
            {D.views} ({r.views.length})
          </summary>
          {r.views.length ? (
            <ul>
              {r.views.map((v) => (
                <li key={`${v.at}-${v.what}`}>
                  {when(v.at)} ·{' '}
                  {v.what === 'overview'
                    ? 'Opened the view'
                    : `Downloaded ${v.what.split(':').slice(2).join(':')}`}{' '}
                  · {v.ip}
                </li>
              ))}
            </ul>
          ) : (
            <p>{D.noViews}</p>
          )}
        </details>
      ) : null}
    </article>
  );
}
