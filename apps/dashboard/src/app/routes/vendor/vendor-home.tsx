import type { TAssignment } from '@lantern/contracts';
import {
  AGENT_PAGES,
  CONCIERGE_PAGES,
  CONCIERGE_TEXTS,
  PHOTO_APPOINTMENT_PAGES,
  REFERRAL_PAGES,
  REFERRER_VENDOR_KINDS,
  SETTLEMENT_PAGES,
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

/** /vendor (issue 15): the work assigned to this vendor, and nothing else. */
export function VendorHome() {
  const me = useCurrentUser();
  const access = useVendorAccess();
  const kinds = access.data?.kinds ?? [];
  return (
    <section className="ds-page" aria-labelledby="vendor-title">
      <h1 id="vendor-title">Your assignments</h1>
      <p>
        Signed in as <strong>{me.email}</strong>
        {kinds.length ? ` · ${kinds.map((k) => VENDOR_KINDS[k].label).join(', ')}` : ''}
      </p>
      {kinds.includes('field') ? (
        <p>
          <Link to={WORK_ORDER_PAGES.vendor}>Your work orders</Link>: the trips to properties
          assigned to you.{' '}
          <Link to={PHOTO_APPOINTMENT_PAGES.vendorHours}>Your photography hours</Link>: when
          customers may book you for photography.
        </p>
      ) : null}
      {kinds.includes('agent') ? (
        <p>
          <Link to={AGENT_PAGES.list}>Your clients’ properties</Link>: listings, seller documents,
          messages, hours and offers.
        </p>
      ) : null}
      {kinds.includes('concierge') ? (
        <p>
          <Link to={CONCIERGE_PAGES.list}>{CONCIERGE_TEXTS.listTitle}</Link>: MLS listings waiting
          for your review before our staff check them.
        </p>
      ) : null}
      {kinds.some((k) => (REFERRER_VENDOR_KINDS as readonly string[]).includes(k)) ? (
        <p>
          <Link to={REFERRAL_PAGES.vendor}>Your referrals</Link>: refer a customer and follow the
          people you referred. <Link to={REFERRAL_PAGES.vendorFees}>Your referral fees</Link>:
          pending, earned and paid, and your licenses on file.
        </p>
      ) : null}
      {kinds.includes('settlement') ? (
        <p>
          <Link to={SETTLEMENT_PAGES.vendor}>Your settlement transactions</Link>: the sales you
          close, their statements and commission disbursement authorisations.
        </p>
      ) : null}
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
