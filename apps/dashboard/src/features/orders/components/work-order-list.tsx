import {
  CUSTOMER_PROOF_TEXTS,
  formatListingDay,
  INVOICE_STATUS_LABELS,
  type TCustomerWorkOrder,
} from '@lantern/contracts';
import {
  formatCents,
  type TWorkOrderState,
  WORK_ORDER_KINDS,
  WORK_ORDER_PAGE_OF_KIND,
  WORK_ORDER_STATES,
} from '@lantern/domain';
import { Alert, Badge, type BadgeTone } from '@lantern/ui';
import { Link } from 'react-router';
import { useWorkOrders } from '../api/get-work-orders.ts';
import { useWorkOrderEvents } from '../hooks/use-work-order-events.ts';

const TONE: Record<TWorkOrderState, BadgeTone> = {
  requested: 'neutral',
  scheduled: 'primary',
  en_route: 'primary',
  done: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

/** What the state means for the customer, in a sentence. */
function said(w: TCustomerWorkOrder): string {
  const day = w.scheduledDay ? formatListingDay(w.scheduledDay) : null;
  switch (w.state) {
    case 'requested':
      return 'We will write to you once it has a day.';
    case 'scheduled':
      return day ? `Planned for ${day}.` : 'Planned.';
    case 'en_route':
      return 'On the way today.';
    case 'done':
      return w.proofReview === 'pending'
        ? 'Finished; we are checking the photos of the work.'
        : 'Finished.';
    case 'failed':
      return `Could not be finished${w.failureReason ? `: ${w.failureReason}` : '.'} We will be in touch to find another day.`;
    case 'cancelled':
      return 'Cancelled; nobody will come for it.';
  }
}

/** The photos of the finished work, once staff approved them (the API lists none before). */
function ProofPhotos({ workOrder }: { workOrder: TCustomerWorkOrder }) {
  const { photos } = workOrder;
  if (!photos.length) return null;
  const what = WORK_ORDER_KINDS[workOrder.kind].label;
  return (
    <ul className="ds-proof-photos" aria-label={CUSTOMER_PROOF_TEXTS.list(what)}>
      {photos.map((p, i) => (
        <li key={p.hash}>
          <a href={p.urls.web} target="_blank" rel="noopener">
            <img
              src={p.urls.thumb}
              alt={CUSTOMER_PROOF_TEXTS.photo(what, i + 1, photos.length)}
              width={120}
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * On the Signs & Posts, Lockbox Rental and Photography pages: the property's trips for that
 * service and where each stands, kept live by the property's channel (issue 21).
 */
export function WorkOrderList({
  property,
  page,
}: {
  property: string;
  page: 'signage' | 'lockbox-rental' | 'photography';
}) {
  const workOrders = useWorkOrders(property);
  useWorkOrderEvents(property);
  if (workOrders.isPending) return null;
  if (workOrders.isError) return <Alert tone="danger">{workOrders.error.message}</Alert>;
  const mine = workOrders.data.workOrders.filter((w) => WORK_ORDER_PAGE_OF_KIND[w.kind] === page);
  if (!mine.length) return null;
  return (
    <section aria-labelledby="work-orders-title" className="ln-card ds-work-orders">
      <h2 id="work-orders-title" className="ln-card__title">
        Visits to the property
      </h2>
      <ul aria-live="polite">
        {mine.map((w) => (
          <li key={w.hash} data-work-order={w.hash}>
            <strong>{WORK_ORDER_KINDS[w.kind].label}</strong>{' '}
            {w.state === 'done' && w.proofReview === 'pending' ? (
              <Badge tone="primary">Being checked</Badge>
            ) : (
              <Badge tone={TONE[w.state]}>{WORK_ORDER_STATES[w.state].label}</Badge>
            )}{' '}
            <span>{said(w)}</span>
            <ProofPhotos workOrder={w} />
            {w.tripCharge ? (
              <div>
                Trip charge {formatCents(w.tripCharge.totalCents)},{' '}
                {INVOICE_STATUS_LABELS[w.tripCharge.status].toLowerCase()}:{' '}
                <Link
                  to={`/dashboard/invoices/${encodeURIComponent(w.tripCharge.hash)}?property=${encodeURIComponent(property)}`}
                >
                  invoice {w.tripCharge.number}
                </Link>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
