import {
  LISTING_REVIEW_TEXTS,
  MLS_LISTING_STATUS_LABELS,
  type TAdminListingRow,
} from '@lantern/contracts';
import { ADMIN_LISTINGS_PAGES } from '@lantern/domain';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import {
  fetchListingsPage,
  listingsKey,
} from '../../../features/mls-listing-review/api/mls-listings.ts';
import { Requires } from './requires.tsx';

const columns: ReadonlyArray<DataColumn<TAdminListingRow>> = [
  {
    id: 'property',
    header: 'Property',
    cell: (r) => (
      <Link to={ADMIN_LISTINGS_PAGES.listing(r.hash)}>
        {r.streetAddress}, {r.city}, {r.state}
      </Link>
    ),
  },
  {
    id: 'owners',
    header: 'Owners',
    cell: (r) =>
      r.owners.length ? (
        <ul className="adm-plain-list">
          {r.owners.map((o) => (
            <li key={o.email}>
              {o.name} <span className="adm-sub">{o.email}</span>
            </li>
          ))}
        </ul>
      ) : (
        '—'
      ),
  },
  { id: 'board', header: 'MLS', cell: (r) => r.board ?? LISTING_REVIEW_TEXTS.noBoard },
  {
    id: 'submitted',
    header: 'Submitted',
    sort: 'submitted',
    firstDir: 'asc',
    cell: (r) => (r.submittedAt ? formatWhen(r.submittedAt) : 'Not yet'),
  },
  { id: 'status', header: 'Status', cell: (r) => MLS_LISTING_STATUS_LABELS[r.status] },
  { id: 'mlsNumber', header: 'MLS number', cell: (r) => r.mlsNumber ?? '—' },
];

const STATUS_FILTER = {
  name: 'status',
  label: 'Status',
  default: 'submitted',
  options: [
    { value: 'submitted', label: MLS_LISTING_STATUS_LABELS.submitted },
    { value: 'returned', label: MLS_LISTING_STATUS_LABELS.returned },
    { value: 'live', label: MLS_LISTING_STATUS_LABELS.live },
    { value: 'rejected', label: MLS_LISTING_STATUS_LABELS.rejected },
    { value: 'draft', label: MLS_LISTING_STATUS_LABELS.draft },
    { value: 'all', label: 'Every listing' },
  ],
} as const;

/** Issue 18: the review queue (submitted listings, oldest first), and every listing by state. */
export function MlsListingsPage() {
  return (
    <Requires permission="listings.review">
      <section className="ds-page" aria-labelledby="mls-listings-title">
        <h1 id="mls-listings-title">MLS listings</h1>
        <DataTable<TAdminListingRow>
          caption="MLS listings"
          queryKey={listingsKey}
          fetchPage={fetchListingsPage}
          columns={columns}
          rowKey={(r) => r.hash}
          filters={[STATUS_FILTER]}
          defaultSort={{ sort: 'submitted', dir: 'asc' }}
          searchLabel="Search by street, owner email or MLS number"
          rowActions={(r) => (
            <Link
              className="ln-btn ln-btn--secondary ln-btn--sm"
              to={ADMIN_LISTINGS_PAGES.listing(r.hash)}
            >
              {r.status === 'submitted' ? 'Review' : 'Open'}{' '}
              <span className="ln-visually-hidden">{r.streetAddress}</span>
            </Link>
          )}
          empty={(filtered) =>
            filtered ? (
              <p>No listing matches this search and state.</p>
            ) : (
              <p>No listing is waiting for review.</p>
            )
          }
        />
      </section>
    </Requires>
  );
}
