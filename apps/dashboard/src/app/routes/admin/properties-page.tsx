import type { TAdminPropertyRow } from '@lantern/contracts';
import { ADMIN_PAGES } from '@lantern/domain';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import {
  fetchPropertiesPage,
  propertiesKey,
} from '../../../features/properties/api/admin-properties.ts';
import { Requires } from './requires.tsx';

const columns: ReadonlyArray<DataColumn<TAdminPropertyRow>> = [
  {
    id: 'street',
    header: 'Address',
    sort: 'street',
    firstDir: 'asc',
    cell: (p) => <Link to={ADMIN_PAGES.property(p.hash)}>{p.address}</Link>,
  },
  {
    id: 'county',
    header: 'County',
    // Placed by the geocoders; what they could not place waits for staff (issue 36).
    cell: (p) => (p.placed ? p.county : <strong>{p.county ?? 'No county'}, not on the map</strong>),
  },
  { id: 'participants', header: 'People', numeric: true, cell: (p) => p.participants },
  {
    id: 'created',
    header: 'Added',
    sort: 'created',
    firstDir: 'desc',
    cell: (p) => formatDate(p.createdAt),
  },
];

const filters = [
  {
    name: 'placement',
    label: 'Placement',
    default: 'all',
    options: [
      { value: 'all', label: 'Every property' },
      { value: 'unplaced', label: 'Without county or map position' },
    ],
  },
];

/** Every property (issue 20), searchable by address or parcel number. */
export function PropertiesPage() {
  return (
    <Requires permission="properties.view">
      <section className="ds-page" aria-labelledby="properties-title">
        <h1 id="properties-title">Properties</h1>
        <DataTable<TAdminPropertyRow>
          caption="Properties"
          queryKey={propertiesKey}
          fetchPage={fetchPropertiesPage}
          columns={columns}
          rowKey={(p) => p.hash}
          filters={filters}
          searchLabel="Search by address or parcel number"
          rowActions={(p) => (
            <Link className="ln-btn ln-btn--secondary ln-btn--sm" to={ADMIN_PAGES.property(p.hash)}>
              Open <span className="ln-visually-hidden">{p.address}</span>
            </Link>
          )}
          empty={(filtered) =>
            filtered ? <p>No property matches this search.</p> : <p>No properties yet.</p>
          }
        />
      </section>
    </Requires>
  );
}
