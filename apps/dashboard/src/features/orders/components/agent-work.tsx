import { formatMinutes, OFFER_STATUS_LABELS } from '@lantern/contracts';
import { formatCents } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { useAgentWork } from '../api/get-agent-work.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * On the Seller Agent and Buyer Agent pages (issue 24): the hours the agent logged for hourly
 * representation, billed or not, and the offers received with their status.
 */
export function AgentWork({ property }: { property: string }) {
  const work = useAgentWork(property);
  if (work.isPending) return <p role="status">Loading…</p>;
  if (work.isError) return <Alert tone="danger">{work.error.message}</Alert>;
  const { hours, offers } = work.data;
  if (!hours.entries.length && !offers.length) return null;
  return (
    <>
      {offers.length ? (
        <section aria-labelledby="agent-offers">
          <h2 id="agent-offers">Offers received</h2>
          <table className="ds-table">
            <thead>
              <tr>
                <th scope="col">Price</th>
                <th scope="col">Buyer’s agent</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {offers.map((o) => (
                <tr key={o.hash}>
                  <td>{formatCents(o.priceCents)}</td>
                  <td>
                    {o.buyerAgent}
                    {o.note ? ` — ${o.note}` : ''}
                  </td>
                  <td>{when(o.expiresAt)}</td>
                  <td>{OFFER_STATUS_LABELS[o.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {hours.entries.length ? (
        <section aria-labelledby="agent-hours">
          <h2 id="agent-hours">Your agent’s hours</h2>
          <p>
            Not yet billed: {formatMinutes(hours.unbilledMinutes)} (
            {formatCents(hours.unbilledCents)} at {formatCents(hours.rateCents)} an hour, before
            tax). Billed hours appear on your invoices.
          </p>
          <table className="ds-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Time</th>
                <th scope="col">For</th>
                <th scope="col">Amount</th>
                <th scope="col">Invoice</th>
              </tr>
            </thead>
            <tbody>
              {hours.entries.map((h) => (
                <tr key={h.hash}>
                  <td>{h.day}</td>
                  <td>{formatMinutes(h.minutes)}</td>
                  <td>{h.note}</td>
                  <td>{formatCents(h.amountCents)}</td>
                  <td>{h.invoice ?? 'Not yet billed'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
