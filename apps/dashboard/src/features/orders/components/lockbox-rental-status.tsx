import { formatListingDay, type TCustomerLockboxRental } from '@lantern/contracts';
import { formatCents, LOCKBOX_RENTAL_STATUSES } from '@lantern/domain';
import { Alert, Badge, type BadgeTone } from '@lantern/ui';
import { useLockboxRental } from '../api/get-lockbox-rental.ts';

type Rental = NonNullable<TCustomerLockboxRental['rental']>;

const TONE: Record<Rental['status'], BadgeTone> = {
  active: 'primary',
  overdue: 'danger',
  returned: 'success',
  forfeited: 'neutral',
};

const plural = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** What the rental's dates mean today, in a sentence. */
function when(r: Rental): string {
  if (r.status === 'returned')
    return `We had the lockbox back on ${formatListingDay(r.returnedOn ?? r.endDate)}.`;
  if (r.status === 'forfeited')
    return `The lockbox did not come back within 30 days of the end date, so the deposit was kept.`;
  if (r.daysLeft > 0) return `${plural(r.daysLeft)} left.`;
  if (r.daysLeft === 0) return 'The rental ends today. Please return the lockbox.';
  return `${plural(-r.daysLeft)} overdue. Please return the lockbox by ${formatListingDay(r.forfeitOn)}, or the deposit is kept.`;
}

function deposit(r: Rental): string {
  if (r.status === 'forfeited') return `${formatCents(r.depositCents)}, kept.`;
  if (r.depositRefundedCents >= r.depositCents && r.depositCents > 0)
    return `${formatCents(r.depositCents)}, refunded.`;
  if (r.depositRefundedCents > 0)
    return `${formatCents(r.depositCents)}, of which ${formatCents(r.depositRefundedCents)} refunded so far.`;
  return `${formatCents(r.depositCents)}, refunded in full when the lockbox comes back.`;
}

/** On the Lockbox Rental page: the property's rental, its dates and its deposit (issue 21). */
export function LockboxRentalStatus({ property }: { property: string }) {
  const rental = useLockboxRental(property);
  if (rental.isPending) return null;
  if (rental.isError) return <Alert tone="danger">{rental.error.message}</Alert>;
  const r = rental.data.rental;
  if (!r) return null;
  return (
    <section aria-labelledby="lockbox-rental-title" className="ln-card ds-lockbox-rental">
      <h2 id="lockbox-rental-title" className="ln-card__title">
        Your lockbox rental{' '}
        <Badge tone={TONE[r.status]}>{LOCKBOX_RENTAL_STATUSES[r.status].label}</Badge>
      </h2>
      <dl>
        <dt>Started</dt>
        <dd>{formatListingDay(r.startDate)}</dd>
        <dt>Ends</dt>
        <dd>
          {formatListingDay(r.endDate)}. {when(r)}
        </dd>
        <dt>Deposit</dt>
        <dd>{deposit(r)}</dd>
      </dl>
    </section>
  );
}
