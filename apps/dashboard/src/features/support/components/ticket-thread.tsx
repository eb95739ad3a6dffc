import type { TTicketDetail } from '@lantern/contracts';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A ticket's messages, oldest first: who wrote, when, and what (as plain text). */
export function TicketThread({ messages }: { messages: TTicketDetail['messages'] }) {
  return (
    <ol className="ds-ticket-thread" aria-label="Messages">
      {messages.map((m) => (
        <li key={m.id} className={m.fromStaff ? 'ds-ticket-thread__staff' : undefined}>
          <p className="ds-muted">
            <strong>{m.author}</strong> · <time dateTime={m.at}>{WHEN.format(new Date(m.at))}</time>
          </p>
          <p className="ds-ticket-thread__body">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}
