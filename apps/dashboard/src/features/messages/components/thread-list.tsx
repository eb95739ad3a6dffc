import type { TThreadSummary } from '@lantern/contracts';
import { Badge } from '@lantern/ui';
import { Link } from 'react-router';

/** Threads with their newest message and unread count; each links to its conversation. */
export function ThreadList({
  threads,
  hrefFor,
}: {
  threads: TThreadSummary[];
  hrefFor: (property: string) => string;
}) {
  return (
    <ul className="ds-threads">
      {threads.map((t) => (
        <li key={t.property} className="ds-threads__item">
          <Link to={hrefFor(t.property)} className="ds-threads__link">
            <strong>{t.streetAddress}</strong>
            {t.unread ? (
              <Badge tone="primary">
                {t.unread} unread<span className="ln-visually-hidden"> messages</span>
              </Badge>
            ) : null}
          </Link>
          <p className="ds-muted">
            {t.lastMessage
              ? `${t.lastMessage.author}: ${t.lastMessage.body.slice(0, 140)}`
              : 'No messages yet.'}
          </p>
        </li>
      ))}
    </ul>
  );
}
