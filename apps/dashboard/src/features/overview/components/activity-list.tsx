import type { TActivityItem } from '@lantern/contracts';
import { formatCents } from '@lantern/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { appConfig } from '../../../lib/app-config.ts';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One line per kind; a new source (e.g. messages) adds its kind here and in the contracts. */
function describe(item: TActivityItem, invoiceHref: (hash: string) => string): ReactNode {
  const service = item.productName ?? 'a service';
  const invoice = item.invoice ? (
    <Link to={invoiceHref(item.invoice.hash)}>
      invoice {item.invoice.number} ({formatCents(item.invoice.totalCents)})
    </Link>
  ) : null;
  switch (item.kind) {
    case 'property_created':
      return 'Property added to your account.';
    case 'property_updated':
      return 'Property address updated.';
    case 'order_placed':
      return `Ordered ${service}.`;
    case 'quote_requested':
      return `Asked for a quote on ${service}.`;
    case 'invoice_issued':
      return (
        <>
          Issued {invoice} for {service}.
        </>
      );
    case 'invoice_paid':
      return (
        <>
          Paid {invoice} for {service}.
        </>
      );
    case 'message_posted':
      return `New message from ${item.author ?? `the ${appConfig.siteName} team`}.`;
  }
}

export function ActivityList({
  items,
  invoiceHref,
}: {
  items: TActivityItem[];
  invoiceHref: (hash: string) => string;
}) {
  return (
    <ol className="ds-activity">
      {items.map((item, i) => (
        <li key={`${item.kind}-${item.at}-${i}`}>
          <time dateTime={item.at}>{WHEN.format(new Date(item.at))}</time>{' '}
          <span>{describe(item, invoiceHref)}</span>
        </li>
      ))}
    </ol>
  );
}
