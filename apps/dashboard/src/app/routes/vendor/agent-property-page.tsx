import {
  AGENT_API,
  formatMinutes,
  OFFER_MOVES,
  OFFER_STATUS_LABELS,
  type TOffer,
  ZAgentMessageRequestSchema,
  ZLogHoursRequestSchema,
  ZRecordOfferRequestSchema,
} from '@lantern/contracts';
import { AGENT_PAGES, DOCUMENT_STATES, formatCents } from '@lantern/domain';
import {
  Alert,
  Button,
  FormError,
  fieldError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { withFormFieldNames } from '../../../components/form-field-names.ts';
import {
  useAgentDocuments,
  useAgentHours,
  useAgentOffers,
  useAgentProperty,
  useAgentSendMessage,
  useAgentThread,
  useLogHours,
  useMoveOffer,
  useRecordOffer,
  useRemoveHours,
} from '../../../features/vendor/api/agent.ts';
import { dollarsToCents, typedNumber } from '../../../lib/form-values.ts';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /vendor/agent/{hash} (issue 24): one assigned property, everything the agent works with. */
export function AgentPropertyPage() {
  const hash = useParams().hash ?? '';
  const property = useAgentProperty(hash);
  if (property.isPending) return <p role="status">Loading…</p>;
  if (property.isError)
    return (
      <section className="ds-page">
        <Alert tone="danger">{property.error.message}</Alert>
        <Link to={AGENT_PAGES.list}>Back to your clients’ properties</Link>
      </section>
    );
  const p = property.data;
  return (
    <section className="ds-page" aria-labelledby="agent-property-title">
      <p>
        <Link to={AGENT_PAGES.list}>Your clients’ properties</Link>
      </p>
      <h1 id="agent-property-title">{p.address}</h1>
      <h2>Customers</h2>
      <ul>
        {p.customers.map((c) => (
          <li key={c.email}>
            {c.name} ({c.roleLabel}) — <a href={`mailto:${c.email}`}>{c.email}</a>
          </li>
        ))}
      </ul>
      <h2>Representation</h2>
      {p.orders.length ? (
        <ul>
          {p.orders.map((o) => (
            <li key={o.hash}>
              {o.product} — {o.status.replace('_', ' ')}
            </li>
          ))}
        </ul>
      ) : (
        <p>No representation order yet.</p>
      )}
      <h2>Listing</h2>
      {p.listings.length ? (
        <ul>
          {p.listings.map((l, i) => (
            <li key={i}>
              {l.source === 'mls' ? 'MLS listing' : 'FSBO listing'}: {l.status}
              {l.priceCents !== null ? `, ${formatCents(l.priceCents)}` : ''}
              {l.mlsNumber ? `, MLS# ${l.mlsNumber}` : ''}
              {l.publicPath ? (
                <>
                  {' '}
                  — <a href={l.publicPath}>public page</a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>The property has no listing with us.</p>
      )}
      <Documents hash={hash} />
      <Messages hash={hash} />
      {p.hourly ? <Hours hash={hash} /> : null}
      <Offers hash={hash} />
    </section>
  );
}

function Documents({ hash }: { hash: string }) {
  const docs = useAgentDocuments(hash);
  return (
    <>
      <h2>Seller documents</h2>
      {docs.isPending ? (
        <p role="status">Loading…</p>
      ) : docs.isError ? (
        <Alert tone="danger">{docs.error.message}</Alert>
      ) : (
        <table className="ds-table">
          <caption>Checklist and review</caption>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">State</th>
              <th scope="col">File</th>
            </tr>
          </thead>
          <tbody>
            {docs.data.items.map((item) => (
              <tr key={item.type}>
                <td>
                  {item.label}
                  {item.need === 'optional' ? ' (optional)' : ''}
                </td>
                <td>
                  {item.latest
                    ? `${DOCUMENT_STATES[item.latest.state].label}${item.latest.reasonText ? `: ${item.latest.reasonText}` : ''}`
                    : item.missing
                      ? 'Missing'
                      : '—'}
                </td>
                <td>
                  {item.latest ? (
                    <a href={AGENT_API.file(hash, item.latest.hash)}>{item.latest.fileName}</a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function Messages({ hash }: { hash: string }) {
  const thread = useAgentThread(hash);
  const send = useAgentSendMessage(hash);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useSchemaForm(ZAgentMessageRequestSchema, { defaultValues: { body: '' } });
  const submit = handleSubmit(async ({ body }) => {
    try {
      await send.mutateAsync(body);
      reset();
    } catch (error) {
      setApiErrors(error, setError, ['body']);
    }
  });
  return (
    <>
      <h2>Messages with the customers</h2>
      {thread.isSuccess ? (
        thread.data.messages.length ? (
          <ol className="ds-thread">
            {thread.data.messages.map((m) => (
              <li key={m.hash}>
                <strong>{m.author}</strong> <small>{when(m.createdAt)}</small>
                <p>{m.body}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p>No messages yet.</p>
        )
      ) : null}
      <form noValidate onSubmit={submit}>
        <FormError errors={errors} />
        <TextField
          label="Write to the customers"
          {...register('body')}
          maxLength={5000}
          error={fieldError(errors, 'body')}
        />
        <Button type="submit" disabled={send.isPending}>
          Send
        </Button>
      </form>
    </>
  );
}

/** Minutes as typed, checked by the request's rule as a number. */
const ZLogHoursFormSchema = ZLogHoursRequestSchema.extend({
  minutes: z.string().transform(typedNumber).pipe(ZLogHoursRequestSchema.shape.minutes),
});

function Hours({ hash }: { hash: string }) {
  const hours = useAgentHours(hash);
  const log = useLogHours(hash);
  const remove = useRemoveHours(hash);
  const [said, setSaid] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useSchemaForm(ZLogHoursFormSchema, {
    defaultValues: { day: today(), minutes: '', note: '' },
  });
  const submit = handleSubmit(async (values) => {
    setSaid(null);
    try {
      await log.mutateAsync(values);
      setSaid(`Logged ${formatMinutes(values.minutes)} on ${values.day}.`);
      reset({ day: values.day, minutes: '', note: '' });
    } catch (error) {
      setApiErrors(error, setError, ['day', 'minutes', 'note']);
    }
  });
  return (
    <>
      <h2>Hours</h2>
      {hours.isSuccess ? (
        <p>
          Unbilled: {formatMinutes(hours.data.unbilledMinutes)} (
          {formatCents(hours.data.unbilledCents)} at {formatCents(hours.data.rateCents)} an hour).
          The customer sees these hours; our team bills them.
        </p>
      ) : null}
      <form noValidate aria-label="Log hours" onSubmit={submit}>
        <p role="status">{said}</p>
        <FormError errors={errors} />
        <TextField label="Day" type="date" {...register('day')} error={fieldError(errors, 'day')} />
        <TextField
          label="Minutes"
          inputMode="numeric"
          {...register('minutes')}
          error={fieldError(errors, 'minutes')}
        />
        <TextField
          label="What it was for"
          {...register('note')}
          maxLength={500}
          error={fieldError(errors, 'note')}
        />
        <Button type="submit" disabled={log.isPending}>
          Log hours
        </Button>
      </form>
      {remove.error ? <Alert tone="danger">{remove.error.message}</Alert> : null}
      {hours.isSuccess && hours.data.entries.length ? (
        <table className="ds-table">
          <caption>Hours logged</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Time</th>
              <th scope="col">For</th>
              <th scope="col">By</th>
              <th scope="col">Amount</th>
              <th scope="col">Billed</th>
            </tr>
          </thead>
          <tbody>
            {hours.data.entries.map((h) => (
              <tr key={h.hash}>
                <td>{h.day}</td>
                <td>{formatMinutes(h.minutes)}</td>
                <td>{h.note}</td>
                <td>{h.agent}</td>
                <td>{formatCents(h.amountCents)}</td>
                <td>
                  {h.invoice ?? (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => remove.mutate(h.hash)}
                      aria-label={`Remove ${formatMinutes(h.minutes)} on ${h.day}`}
                    >
                      Remove
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

/** The price in dollars and the expiry in local time as typed; the request's rules check them. */
const OFFER = ZRecordOfferRequestSchema.shape;
const ZRecordOfferFormSchema = z.object({
  price: z
    .string()
    .transform((price) => dollarsToCents(price) ?? Number.NaN)
    .pipe(OFFER.priceCents),
  buyerAgent: OFFER.buyerAgent,
  expires: z
    .string()
    .transform((expires) => {
      const at = new Date(expires);
      return Number.isNaN(at.getTime()) ? '' : at.toISOString();
    })
    .pipe(OFFER.expiresAt),
  note: OFFER.note,
});
const EMPTY_OFFER = { price: '', buyerAgent: '', expires: '', note: '' };

function Offers({ hash }: { hash: string }) {
  const offers = useAgentOffers(hash);
  const record = useRecordOffer(hash);
  const [said, setSaid] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useSchemaForm(ZRecordOfferFormSchema, { defaultValues: EMPTY_OFFER });
  const submit = handleSubmit(async (values) => {
    setSaid(null);
    try {
      const { price, expires, ...rest } = values;
      const o = await record.mutateAsync({ priceCents: price, expiresAt: expires, ...rest });
      setSaid(`Recorded the offer of ${formatCents(o.priceCents)}.`);
      reset(EMPTY_OFFER);
    } catch (error) {
      setApiErrors(
        withFormFieldNames(error, { priceCents: 'price', expiresAt: 'expires' }),
        setError,
        ['price', 'buyerAgent', 'expires', 'note'],
      );
    }
  });
  return (
    <>
      <h2>Offers</h2>
      <form noValidate aria-label="Record an offer" onSubmit={submit}>
        <p role="status">{said}</p>
        <FormError errors={errors} />
        <TextField
          label="Price (dollars)"
          inputMode="decimal"
          {...register('price')}
          error={fieldError(errors, 'price')}
        />
        <TextField
          label="Buyer’s agent"
          {...register('buyerAgent')}
          maxLength={200}
          error={fieldError(errors, 'buyerAgent')}
        />
        <TextField
          label="Expires"
          type="datetime-local"
          {...register('expires')}
          error={fieldError(errors, 'expires')}
        />
        <TextField
          label="Terms and notes (optional)"
          {...register('note')}
          maxLength={500}
          error={fieldError(errors, 'note')}
        />
        <Button type="submit" disabled={record.isPending}>
          Record offer
        </Button>
      </form>
      {offers.isSuccess ? (
        offers.data.offers.length ? (
          <ul className="ds-offers">
            {offers.data.offers.map((o) => (
              <OfferItem key={o.hash} hash={hash} offer={o} />
            ))}
          </ul>
        ) : (
          <p>No offer recorded yet.</p>
        )
      ) : null}
    </>
  );
}

function OfferItem({ hash, offer }: { hash: string; offer: TOffer }) {
  const move = useMoveOffer(hash);
  const moves = OFFER_MOVES[offer.status];
  return (
    <li>
      <strong>{formatCents(offer.priceCents)}</strong> from {offer.buyerAgent} —{' '}
      {OFFER_STATUS_LABELS[offer.status]}, expires {when(offer.expiresAt)}
      {offer.note ? <p>{offer.note}</p> : null}
      {move.error ? <Alert tone="danger">{move.error.message}</Alert> : null}
      {moves
        .filter((s) => s !== 'countered')
        .map((s) => (
          <Button
            key={s}
            variant="secondary"
            size="sm"
            disabled={move.isPending}
            onClick={() => move.mutate({ offer: offer.hash, body: { status: s as 'accepted' } })}
          >
            Mark {OFFER_STATUS_LABELS[s].toLowerCase()}
          </Button>
        ))}
      {moves.includes('countered') ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={move.isPending}
          onClick={() => move.mutate({ offer: offer.hash, body: { status: 'countered' } })}
        >
          Mark countered
        </Button>
      ) : null}
    </li>
  );
}
