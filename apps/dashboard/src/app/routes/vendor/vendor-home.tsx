import type { TAssignment } from '@lantern/contracts';
import {
  AGENT_PAGES,
  CONCIERGE_PAGES,
  CONCIERGE_TEXTS,
  PHOTO_APPOINTMENT_PAGES,
  REFERRAL_PAGES,
  REFERRER_VENDOR_KINDS,
  SETTLEMENT_PAGES,
  type TVendorKind,
  VENDOR_KIND_KEYS,
  VENDOR_KINDS,
  WORK_ORDER_PAGES,
} from '@lantern/domain';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import {
  fetchAssignmentsPage,
  useVendorAccess,
  vendorKey,
} from '../../../features/vendor/api/assignments.ts';
import { VendorWeek } from '../../../features/vendor/components/vendor-week.tsx';

const columns: ReadonlyArray<DataColumn<TAssignment>> = [
  { id: 'property', header: 'Property', cell: (a) => a.property.address },
  { id: 'kind', header: 'As', cell: (a) => VENDOR_KINDS[a.kind].label },
  { id: 'order', header: 'Order', cell: (a) => a.order?.product ?? 'The whole property' },
  {
    id: 'created',
    header: 'Assigned',
    sort: 'created',
    firstDir: 'desc',
    cell: (a) => formatDate(a.createdAt),
  },
];

interface Area {
  to: string;
  label: string;
  about: string;
}

/** The vendor's own areas, each for a kind of work they were given. */
function areasFor(kinds: readonly TVendorKind[]): Area[] {
  const has = (k: TVendorKind) => kinds.includes(k);
  const areas: Area[] = [];
  if (has('field')) {
    areas.push({
      to: WORK_ORDER_PAGES.vendor,
      label: 'Your work orders',
      about: 'Trips to the properties assigned to you.',
    });
    areas.push({
      to: PHOTO_APPOINTMENT_PAGES.vendorHours,
      label: 'Your photography hours',
      about: 'When customers may book you.',
    });
  }
  if (has('agent'))
    areas.push({
      to: AGENT_PAGES.list,
      label: 'Your clients’ properties',
      about: 'Listings, documents, messages, hours and offers.',
    });
  if (has('concierge'))
    areas.push({
      to: CONCIERGE_PAGES.list,
      label: CONCIERGE_TEXTS.listTitle,
      about: 'MLS listings waiting for your review.',
    });
  if (kinds.some((k) => (REFERRER_VENDOR_KINDS as readonly string[]).includes(k))) {
    areas.push({
      to: REFERRAL_PAGES.vendor,
      label: 'Your referrals',
      about: 'Refer a customer; follow the people you referred.',
    });
    areas.push({
      to: REFERRAL_PAGES.vendorFees,
      label: 'Your referral fees',
      about: 'Pending, earned and paid, and your licenses.',
    });
  }
  if (has('settlement'))
    areas.push({
      to: SETTLEMENT_PAGES.vendor,
      label: 'Your settlement transactions',
      about: 'Closings, statements and disbursement authorisations.',
    });
  return areas;
}

/**
 * /vendor (issues 15 and 47): the vendor's work first — a field vendor's trips today and this
 * week — then their areas and everything assigned to them.
 */
export function VendorHome() {
  const me = useCurrentUser();
  const access = useVendorAccess();
  const kinds = access.data?.kinds ?? [];
  const areas = areasFor(kinds);
  return (
    <section className="ds-page" aria-labelledby="vendor-title">
      <h1 id="vendor-title">Your work</h1>
      <p className="ds-muted">
        {me.email}
        {kinds.length ? ` · ${kinds.map((k) => VENDOR_KINDS[k].label).join(', ')}` : ''}
      </p>
      {kinds.includes('field') ? <VendorWeek /> : null}
      {areas.length ? (
        <nav aria-label="Your areas" className="ds-areas-grid">
          {areas.map((a) => (
            <Link key={a.to} to={a.to} className="ds-area-card">
              <strong>{a.label}</strong>
              <span>{a.about}</span>
            </Link>
          ))}
        </nav>
      ) : null}
      <h2>Your assignments</h2>
      <DataTable<TAssignment>
        caption="Your assignments"
        queryKey={[...vendorKey, 'assignments']}
        fetchPage={fetchAssignmentsPage}
        columns={columns}
        rowKey={(a) => a.hash}
        searchLabel="Search by address"
        {...(kinds.length > 1
          ? {
              filters: [
                {
                  name: 'kind',
                  label: 'As',
                  default: 'all',
                  options: [
                    { value: 'all', label: 'Any' },
                    ...VENDOR_KIND_KEYS.filter((k) => kinds.includes(k)).map((k) => ({
                      value: k,
                      label: VENDOR_KINDS[k].label,
                    })),
                  ],
                },
              ],
            }
          : {})}
        empty={(filtered) =>
          filtered ? (
            <p>No assignment matches.</p>
          ) : (
            <p>
              Nothing is assigned to you yet. Our team will assign properties and orders to you
              here.
            </p>
          )
        }
      />
    </section>
  );
}
