import { LISTING_TOOLS_PAGES, INQUIRY_TEXTS as T } from '@lantern/contracts';
import { INQUIRIES_TAB } from '@lantern/domain';
import { Alert, Badge } from '@lantern/ui';
import { Link } from 'react-router';
import { useInquiries } from '../../../../../features/listing-inquiries/api/inquiries.ts';
import { useListingTools } from './listing-layout.tsx';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /dashboard/listing/questions: the buyers' questions about the listing, latest first. */
export function QuestionsPage() {
  const { property } = useListingTools();
  const inquiries = useInquiries(property);
  return (
    <section aria-labelledby="questions-title">
      <h2 id="questions-title">{T.tab}</h2>
      <p className="ds-muted">{T.privacy}</p>
      {inquiries.isPending ? (
        <p role="status">Loading…</p>
      ) : inquiries.isError ? (
        <Alert tone="danger">{inquiries.error.message}</Alert>
      ) : inquiries.data.inquiries.length === 0 ? (
        <p>{T.none}</p>
      ) : (
        <ul className="ds-threads" aria-label="Questions from buyers">
          {inquiries.data.inquiries.map((q) => (
            <li key={q.hash} className="ds-threads__item">
              <Link
                className="ds-threads__link"
                to={LISTING_TOOLS_PAGES.tab(`${INQUIRIES_TAB}/${q.hash}`, property)}
              >
                <strong>{q.buyerName}</strong>
                {q.unread ? <Badge tone="primary">{T.unread}</Badge> : null}
              </Link>
              <p>{q.excerpt}</p>
              <p className="ds-muted">
                {q.messages === 1 ? '1 message' : `${q.messages} messages`} · last{' '}
                <time dateTime={q.lastMessageAt}>{WHEN.format(new Date(q.lastMessageAt))}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
