import { formatListingDay, formatSlotTime, type TVendorWorkOrder } from '@lantern/contracts';
import { WORK_ORDER_KINDS, WORK_ORDER_PAGES } from '@lantern/domain';
import { Alert, Skeleton } from '@lantern/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchVendorWorkOrdersPage, vendorWorkOrdersKey } from '../api/work-orders.ts';
import { localDay, vendorWeek } from '../week.ts';

/** The scheduled trips read for the week: the first page by day, more than a week holds. */
const QUERY = 'sort=scheduled&dir=asc&state=scheduled&limit=100';

function Trips({ title, rows }: { title: string; rows: TVendorWorkOrder[] }) {
  if (!rows.length) return null;
  const id = `vendor-week-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="ds-week-group">
      <h3 id={id}>
        {title} <span className="ds-muted">({rows.length})</span>
      </h3>
      <ul className="ds-week-trips">
        {rows.map((w) => (
          <li key={w.hash} className="ds-week-trip">
            <strong>{WORK_ORDER_KINDS[w.kind].label}</strong>
            <span>{w.property.address}</span>
            <span className="ds-muted">
              {w.scheduledDay ? formatListingDay(w.scheduledDay) : ''}
              {w.appointment
                ? `, ${formatSlotTime(w.appointment.startsAt, w.property.timeZone)}–${formatSlotTime(w.appointment.endsAt, w.property.timeZone)}`
                : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /vendor for field vendors (issue 47): the trips due today and this week, late ones first. */
export function VendorWeek() {
  const trips = useQuery({
    queryKey: [...vendorWorkOrdersKey, 'week'],
    queryFn: ({ signal }) => fetchVendorWorkOrdersPage(QUERY, signal),
  });
  return (
    <section aria-labelledby="vendor-week-title" className="ds-week">
      <h2 id="vendor-week-title">Today and this week</h2>
      {trips.isPending ? (
        <Skeleton label="Loading your trips…" heading={false} lines={3} />
      ) : trips.isError ? (
        <Alert tone="danger">{trips.error.message}</Alert>
      ) : (
        <WeekGroups rows={trips.data.rows} />
      )}
      <p>
        <Link to={WORK_ORDER_PAGES.vendor}>All your work orders</Link>
      </p>
    </section>
  );
}

function WeekGroups({ rows }: { rows: TVendorWorkOrder[] }) {
  const week = vendorWeek(rows, localDay(new Date()));
  if (!week.late.length && !week.today.length && !week.week.length) {
    return <p>Nothing is scheduled for you this week.</p>;
  }
  return (
    <>
      <Trips title="Late" rows={week.late} />
      <Trips title="Today" rows={week.today} />
      <Trips title="Later this week" rows={week.week} />
    </>
  );
}
