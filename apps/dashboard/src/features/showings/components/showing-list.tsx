import { type TOwnerShowing, ZShowingRespondSchema } from '@lantern/contracts';
import {
  ApiError,
  formatShowingTime,
  SHOWING_STATUS_LABELS,
  SHOWING_TEXTS,
  type TShowingAction,
  type TShowingStatus,
  timeZoneName,
} from '@lantern/domain';
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  fieldError,
  formError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useId, useState } from 'react';
import { useAnswerShowing, useShowings } from '../api/showings.ts';

const D = SHOWING_TEXTS.dashboard;

const TONE: Record<TShowingStatus, BadgeTone> = {
  Pending: 'warning',
  Confirmed: 'success',
  Denied: 'neutral',
  Cancelled: 'neutral',
};

/** The Showings tab: every request on the listing, with the seller's answers. */
export function ShowingList({ property }: { property: string }) {
  const showings = useShowings(property);
  const [said, setSaid] = useState('');
  if (showings.isPending) return <p role="status">Loading…</p>;
  if (showings.isError) {
    return (
      <Alert tone="danger">
        We could not load the showing requests. Reload the page to try again.
      </Alert>
    );
  }
  const { timeZone, showings: rows } = showings.data;
  return (
    <section aria-labelledby="showings-heading" className="ds-showings">
      <h2 id="showings-heading">{D.heading}</h2>
      <p className="ds-muted">{D.timesIn(timeZoneName(timeZone))}</p>
      <p role="status" className="ds-showings__said">
        {said}
      </p>
      {rows.length === 0 ? (
        <p>{D.none}</p>
      ) : (
        <>
          <p className="ds-muted">{D.replyHint}</p>
          <ul className="ds-showings__list">
            {rows.map((s) => (
              <li key={s.hash}>
                <ShowingCard showing={s} property={property} timeZone={timeZone} onDone={setSaid} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ShowingCard({
  showing: s,
  property,
  timeZone,
  onDone,
}: {
  showing: TOwnerShowing;
  property: string;
  timeZone: string;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const answer = useAnswerShowing(property);
  const [proposing, setProposing] = useState(false);
  const when = (iso: string) => formatShowingTime(iso, timeZone);
  const act = (action: TShowingAction) =>
    answer.mutate({ showing: s.hash, action }, { onSuccess: (r) => onDone(r.message) });
  const refused = answer.error instanceof ApiError && !proposing ? answer.error.message : null;
  return (
    <article className="ln-card ds-showing" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="ds-showing__title">
        {D.requestedBy(s.buyerName)}{' '}
        <Badge tone={TONE[s.status]}>{SHOWING_STATUS_LABELS[s.status]}</Badge>
      </h3>
      <dl className="ds-facts">
        <dt>{s.status === 'Confirmed' ? D.scheduled : D.asked}</dt>
        <dd>
          {when(s.start)} · {D.length(s.durationMinutes)}
        </dd>
        {s.proposedStart ? (
          <>
            <dt>{D.proposed}</dt>
            <dd>{when(s.proposedStart)}</dd>
          </>
        ) : null}
        {s.buyerPhone ? (
          <>
            <dt>{D.phone}</dt>
            <dd>
              <a href={`tel:${s.buyerPhone.replace(/[^\d+]/g, '')}`}>{s.buyerPhone}</a>
            </dd>
          </>
        ) : null}
        {s.note ? (
          <>
            <dt>{D.note}</dt>
            <dd className="ds-showing__note">{s.note}</dd>
          </>
        ) : null}
      </dl>
      {s.turn === 'buyer' ? <p>{D.waitingForBuyer}</p> : null}
      {refused ? <Alert tone="danger">{refused}</Alert> : null}
      {s.actions.length ? (
        <div className="ds-actions">
          {s.actions.map((action) =>
            action === 'propose' ? (
              <Button
                key={action}
                variant="secondary"
                aria-expanded={proposing}
                aria-controls={`${id}-propose`}
                onClick={() => {
                  answer.reset();
                  setProposing((open) => !open);
                }}
              >
                {SHOWING_TEXTS.actions.propose}
              </Button>
            ) : (
              <Button
                key={action}
                variant={action === 'confirm' ? 'primary' : 'secondary'}
                loading={answer.isPending && answer.variables?.action === action}
                disabled={answer.isPending}
                onClick={() => act(action)}
              >
                {SHOWING_TEXTS.actions[action]}
              </Button>
            ),
          )}
        </div>
      ) : null}
      {proposing && s.actions.includes('propose') ? (
        <ProposeForm
          id={`${id}-propose`}
          timeZone={timeZone}
          onSubmit={async (date, time) => {
            const r = await answer.mutateAsync({ showing: s.hash, action: 'propose', date, time });
            setProposing(false);
            onDone(r.message);
          }}
        />
      ) : null}
      <details className="ds-showing__history">
        <summary>{D.history}</summary>
        <ol>
          {s.history.map((e) => (
            <li key={`${e.at}-${e.kind}`}>
              {formatShowingTime(e.at, timeZone)}:{' '}
              {e.by === 'seller' ? (e.actor ?? D.by.seller) : D.by.buyer} {D.events[e.kind]}
              {e.start && e.kind !== 'decline' && e.kind !== 'cancel' ? ` (${when(e.start)})` : ''}{' '}
              {D.via[e.via]}
            </li>
          ))}
        </ol>
      </details>
    </article>
  );
}

/** A new time for the visit: the respond request's day and time, both needed to propose. */
const ZProposeFormSchema = ZShowingRespondSchema.pick({ date: true, time: true }).required();

function ProposeForm({
  id,
  timeZone,
  onSubmit,
}: {
  id: string;
  timeZone: string;
  /** Sends the proposal; a refusal is thrown, to be shown on the form. */
  onSubmit: (date: string, time: string) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZProposeFormSchema, { defaultValues: { date: '', time: '' } });
  const submit = handleSubmit(async ({ date, time }) => {
    try {
      await onSubmit(date, time);
    } catch (error) {
      setApiErrors(error, setError, ['date', 'time']);
    }
  });
  const formMessage = formError(errors);
  return (
    <form
      id={id}
      className="ds-showing__propose"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-h`}
    >
      <h4 id={`${id}-h`}>{D.proposeHeading}</h4>
      <p className="ds-muted" id={`${id}-hint`}>
        {SHOWING_TEXTS.form.timeHint(timeZoneName(timeZone))}
      </p>
      <TextField
        type="date"
        label={SHOWING_TEXTS.form.date}
        {...register('date')}
        aria-describedby={`${id}-hint`}
        error={fieldError(errors, 'date')}
        required
      />
      <TextField
        type="time"
        label={SHOWING_TEXTS.form.time}
        step={900}
        {...register('time')}
        aria-describedby={`${id}-hint`}
        error={fieldError(errors, 'time')}
        required
      />
      {formMessage ? <Alert tone="danger">{formMessage}</Alert> : null}
      <Button type="submit" loading={isSubmitting}>
        {D.proposeSubmit}
      </Button>
    </form>
  );
}
