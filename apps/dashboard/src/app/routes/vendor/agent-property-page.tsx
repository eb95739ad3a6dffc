import {
  AGENT_API,
  AGENT_PAGES,
  formatMinutes,
  OFFER_MOVES,
  OFFER_STATUS_LABELS,
  type TOffer,
} from '@lantern/contracts';
import { ApiError, DOCUMENT_STATES, formatCents } from '@lantern/domain';
import { Alert, Button, TextField } from '@lantern/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
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
  const [body, setBody] = useState('');
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
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate(body, { onSuccess: () => setBody('') });
        }}
      >
        {send.error ? <Alert tone="danger">{send.error.message}</Alert> : null}
        <TextField
          label="Write to the customers"
          value={body}
          maxLength={5000}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="submit" disabled={send.isPending}>
          Send
        </Button>
      </form>
    </>
  );
}

function Hours({ hash }: { hash: string }) {
  const hours = useAgentHours(hash);
  const log = useLogHours(hash);
  const remove = useRemoveHours(hash);
  const [day, setDay] = useState(today);
  const [minutes, setMinutes] = useState('');
  const [note, setNote] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const error = log.error instanceof ApiError ? log.error : null;
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
      <form
        noValidate
        aria-label="Log hours"
        onSubmit={(e) => {
          e.preventDefault();
          setSaid(null);
          log.mutate(
            { day, minutes: Number(minutes), note },
            {
              onSuccess: () => {
                setSaid(`Logged ${formatMinutes(Number(minutes))} on ${day}.`);
                setMinutes('');
                setNote('');
              },
            },
          );
        }}
      >
        <p role="status">{said}</p>
        {log.error && !error?.field('day') && !error?.field('minutes') && !error?.field('note') ? (
          <Alert tone="danger">{log.error.message}</Alert>
        ) : null}
        <TextField
          label="Day"
          type="date"
          value={day}
          onChange={(e) => setDay(e.target.value)}
          error={error?.field('day')}
        />
        <TextField
          label="Minutes"
          inputMode="numeric"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          error={error?.field('minutes')}
        />
        <TextField
          label="What it was for"
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
          error={error?.field('note')}
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

function Offers({ hash }: { hash: string }) {
  const offers = useAgentOffers(hash);
  const record = useRecordOffer(hash);
  const [price, setPrice] = useState('');
  const [buyerAgent, setBuyerAgent] = useState('');
  const [expires, setExpires] = useState('');
  const [note, setNote] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const error = record.error instanceof ApiError ? record.error : null;
  const dollars = Number(price.replace(/[$,\s]/g, ''));
  return (
    <>
      <h2>Offers</h2>
      <form
        noValidate
        aria-label="Record an offer"
        onSubmit={(e) => {
          e.preventDefault();
          setSaid(null);
          const at = new Date(expires);
          record.mutate(
            {
              priceCents: Number.isFinite(dollars) ? Math.round(dollars * 100) : 0,
              buyerAgent,
              expiresAt: Number.isNaN(at.getTime()) ? '' : at.toISOString(),
              note,
            },
            {
              onSuccess: (o) => {
                setSaid(`Recorded the offer of ${formatCents(o.priceCents)}.`);
                setPrice('');
                setBuyerAgent('');
                setExpires('');
                setNote('');
              },
            },
          );
        }}
      >
        <p role="status">{said}</p>
        {record.error && !error?.body.errors ? (
          <Alert tone="danger">{record.error.message}</Alert>
        ) : null}
        <TextField
          label="Price (dollars)"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={error?.field('priceCents')}
        />
        <TextField
          label="Buyer’s agent"
          value={buyerAgent}
          maxLength={200}
          onChange={(e) => setBuyerAgent(e.target.value)}
          error={error?.field('buyerAgent')}
        />
        <TextField
          label="Expires"
          type="datetime-local"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
          error={error?.field('expiresAt')}
        />
        <TextField
          label="Terms and notes (optional)"
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
          error={error?.field('note')}
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
