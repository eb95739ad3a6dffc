import { type TOwnerTransactionAccess, ZTransactionAccessApproveSchema } from '@lantern/contracts';
import {
  formatShowingTime,
  TRANSACTION_ACCESS_DAYS,
  TRANSACTION_ACCESS_ROLES,
  TRANSACTION_ACCESS_SHARE_KEYS,
  TRANSACTION_ACCESS_SHARES,
  TRANSACTION_ACCESS_STATUS_LABELS,
  TRANSACTION_ACCESS_TEXTS,
} from '@lantern/domain';
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  Checkbox,
  fieldError,
  formError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useId, useState } from 'react';
import { typedNumber } from '../../../lib/form-values.ts';
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
  const when = (iso: string) => formatShowingTime(iso, timeZone);
  const who = r.company ? `${r.name}, ${r.company}` : r.name;

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
      {decide.error && decide.variables?.action !== 'approve' ? (
        <Alert tone="danger">{decide.error.message}</Alert>
      ) : null}
      {r.status === 'pending' ? (
        <ApproveForm
          request={r.hash}
          who={who}
          decide={decide}
          onDone={onDone}
          onRefuse={() => act('refuse')}
        />
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

/** The owners' answer fields: how long and what they share (the listing always). */
const ZApproveFormSchema = ZTransactionAccessApproveSchema.omit({ property: true });

function ApproveForm({
  request,
  who,
  decide,
  onDone,
  onRefuse,
}: {
  request: string;
  who: string;
  decide: ReturnType<typeof useDecideTransactionAccess>;
  onDone: (message: string) => void;
  onRefuse: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(ZApproveFormSchema, {
    defaultValues: { days: TRANSACTION_ACCESS_DAYS.default, shares: ['documents'] },
  });
  const submit = handleSubmit(async ({ days, shares }) => {
    try {
      const res = await decide.mutateAsync({
        action: 'approve',
        request,
        days,
        // The listing is always shared: its box is ticked and cannot be unticked.
        shares: ['listing', ...shares.filter((s) => s !== 'listing')],
      });
      onDone(res.message);
    } catch (error) {
      setApiErrors(error, setError, ['days']);
    }
  });
  const formMessage = formError(errors);
  return (
    <>
      {formMessage ? <Alert tone="danger">{formMessage}</Alert> : null}
      <form onSubmit={submit} aria-label={`Give ${who} access`} className="ds-form">
        <TextField
          type="number"
          label={D.days}
          hint={D.daysHint}
          min={TRANSACTION_ACCESS_DAYS.min}
          max={TRANSACTION_ACCESS_DAYS.max}
          {...register('days', { setValueAs: typedNumber })}
          error={fieldError(errors, 'days')}
          required
        />
        <fieldset>
          <legend>{D.share}</legend>
          {TRANSACTION_ACCESS_SHARE_KEYS.map((key) =>
            key === 'listing' ? (
              <Checkbox
                key={key}
                label={TRANSACTION_ACCESS_SHARES[key].label}
                checked
                disabled
                readOnly
              />
            ) : (
              <Checkbox
                key={key}
                label={TRANSACTION_ACCESS_SHARES[key].label}
                value={key}
                {...register('shares')}
              />
            ),
          )}
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
            onClick={onRefuse}
          >
            {D.refuse}
          </Button>
        </div>
      </form>
    </>
  );
}
