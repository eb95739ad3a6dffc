import { MLS_LISTING_STATUS_LABELS, type TConciergeListingRow } from '@lantern/contracts';
import { CONCIERGE_PAGES, CONCIERGE_TEXTS as CT } from '@lantern/domain';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import {
  conciergeListingsKey,
  fetchConciergeListingsPage,
} from '../../../features/vendor/api/concierge.ts';

const columns: ReadonlyArray<DataColumn<TConciergeListingRow>> = [
  {
    id: 'property',
    header: 'Listing',
    cell: (r) => (
      <Link to={CONCIERGE_PAGES.one(r.hash)}>
        {r.streetAddress}, {r.city}, {r.state}
      </Link>
    ),
  },
  { id: 'owners', header: 'Owners', cell: (r) => r.owners.map((o) => o.name).join(', ') },
  {
    id: 'submitted',
    header: 'Signed',
    sort: 'submitted',
    firstDir: 'asc',
    cell: (r) => (r.submittedAt ? formatWhen(r.submittedAt) : 'Not signed yet'),
  },
  { id: 'status', header: 'State', cell: (r) => MLS_LISTING_STATUS_LABELS[r.status] },
  { id: 'photos', header: 'Photos', numeric: true, cell: (r) => r.photoCount },
];

const FILTERS = [
  {
    name: 'status',
    label: 'Show',
    default: 'waiting',
    options: [
      { value: 'waiting', label: 'Waiting for you' },
      { value: 'all', label: 'Every listing assigned to you' },
    ],
  },
] as const;

/** /vendor/concierge (issue 24): the concierge's own listings, waiting ones first. */
export function ConciergeListingsPage() {
  return (
    <section className="ds-page" aria-labelledby="concierge-title">
      <h1 id="concierge-title">{CT.listTitle}</h1>
      <p>{CT.listIntro}</p>
      <DataTable<TConciergeListingRow>
        caption={CT.listTitle}
        queryKey={conciergeListingsKey}
        fetchPage={fetchConciergeListingsPage}
        columns={columns}
        rowKey={(r) => r.hash}
        filters={FILTERS}
        defaultSort={{ sort: 'submitted', dir: 'asc' }}
        searchLabel="Search by address or owner"
        empty={(filtered) =>
          filtered ? <p>No listing matches.</p> : <p>No listing is waiting for you.</p>
        }
      />
    </section>
  );
}
