import { INQUIRY_TEXTS as T, type TInquiryMessage } from '@lantern/contracts';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A question's messages, oldest first: who wrote, when, how it came, and what. */
export function InquiryThread({ messages }: { messages: TInquiryMessage[] }) {
  return (
    <ol className="ds-messages" aria-label="Messages">
      {messages.map((m) => (
        <li
          key={`${m.at}-${m.side}-${m.body.length}`}
          className={m.side === 'seller' ? 'ds-message ds-message--mine' : 'ds-message'}
        >
          <p className="ds-message__meta">
            <strong>{m.author}</strong> · <time dateTime={m.at}>{WHEN.format(new Date(m.at))}</time>
            {m.via === 'email' ? ` · ${T.byEmail}` : ''}
          </p>
          <p className="ds-message__body">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}
