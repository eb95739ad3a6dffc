import {
  COVERAGE_STATES,
  MARKETING_TEXTS,
  type TMarketingList,
  type TMarketingOrderRow,
  type TMarketingOwnerRow,
  type TMarketingPropertyRow,
} from '@lantern/contracts';
import { ADMIN_PAGES, formatCents } from '@lantern/domain';
import { useMemo } from 'react';
import { Link, Navigate, NavLink, useLocation, useParams } from 'react-router';
import {
  type DataColumn,
  type DataFilter,
  DataTable,
} from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import {
  fetchMarketingOrders,
  fetchMarketingOwners,
  fetchMarketingProperties,
  marketingExportHref,
  marketingKey,
  useProductChoices,
} from '../../../features/outreach/api/marketing.ts';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { Requires } from './requires.tsx';

const LISTS: ReadonlyArray<{ list: TMarketingList; label: string }> = [
  { list: 'owners', label: 'Owners' },
  { list: 'properties', label: 'Properties' },
  { list: 'orders', label: 'Orders' },
];

const optInText = (o: { newsletter: boolean; promotions: boolean }) =>
  [o.newsletter ? 'Newsletter' : null, o.promotions ? 'News and offers' : null]
    .filter(Boolean)
    .join(', ') || 'None';

const ownerColumns: ReadonlyArray<DataColumn<TMarketingOwnerRow>> = [
  {
    id: 'email',
    header: 'Email',
    cell: (r) => <Link to={ADMIN_PAGES.user(r.hash)}>{r.email}</Link>,
  },
  { id: 'name', header: 'Name', cell: (r) => r.name ?? '' },
  { id: 'properties', header: 'Properties', numeric: true, cell: (r) => r.properties },
  { id: 'orders', header: 'Orders', numeric: true, cell: (r) => r.orders },
  { id: 'optins', header: 'Opted in to', cell: (r) => optInText(r.optIns) },
  {
    id: 'created',
    header: 'Joined',
    sort: 'created',
    firstDir: 'desc',
    cell: (r) => formatDate(r.createdAt),
  },
];

const propertyColumns: ReadonlyArray<DataColumn<TMarketingPropertyRow>> = [
  {
    id: 'address',
    header: 'Property',
    cell: (r) => (
      <Link to={ADMIN_PAGES.property(r.hash)}>
        {r.address}, {r.city}, {r.state} {r.zipCode}
      </Link>
    ),
  },
  { id: 'county', header: 'County', cell: (r) => r.county ?? '' },
  { id: 'owner', header: 'Owner', cell: (r) => r.owner.email },
  { id: 'optins', header: 'Owner opted in to', cell: (r) => optInText(r.owner.optIns) },
  { id: 'orders', header: 'Orders', numeric: true, cell: (r) => r.orders },
  {
    id: 'created',
    header: 'Added',
    sort: 'created',
    firstDir: 'desc',
    cell: (r) => formatDate(r.createdAt),
  },
];

const orderColumns: ReadonlyArray<DataColumn<TMarketingOrderRow>> = [
  { id: 'product', header: 'Product', cell: (r) => r.product.name },
  {
    id: 'price',
    header: 'Price',
    numeric: true,
    cell: (r) => (r.priceCents === null ? 'Quote' : formatCents(r.priceCents)),
  },
  { id: 'property', header: 'Property', cell: (r) => `${r.address}, ${r.city}, ${r.state}` },
  { id: 'customer', header: 'Customer', cell: (r) => r.customer.email },
  { id: 'optins', header: 'Customer opted in to', cell: (r) => optInText(r.customer.optIns) },
  {
    id: 'created',
    header: 'Ordered',
    sort: 'created',
    firstDir: 'desc',
    cell: (r) => formatDate(r.createdAt),
  },
];

const DATE_LABELS: Record<TMarketingList, string> = {
  owners: 'Joined',
  properties: 'Added',
  orders: 'Ordered',
};

function useFilters(list: TMarketingList): DataFilter[] {
  const products = useProductChoices();
  return useMemo(
    () => [
      {
        name: 'optIn',
        label: 'Opted in',
        default: 'all',
        options: [
          { value: 'all', label: 'Everyone' },
          { value: 'opted-in', label: 'Opted in to anything' },
          { value: 'newsletter', label: 'Newsletter' },
          { value: 'promotions', label: 'News and offers' },
          { value: 'none', label: 'Not opted in' },
        ],
      },
      {
        name: 'state',
        label: 'State',
        default: '',
        options: [
          { value: '', label: 'Every state' },
          ...COVERAGE_STATES.map((s) => ({ value: s.code, label: s.name })),
        ],
      },
      { name: 'county', label: 'County', input: 'text', default: '' },
      {
        name: 'service',
        label: 'Product ordered',
        default: '',
        options: [{ value: '', label: 'Any or none' }, ...(products.data ?? [])],
      },
      { name: 'from', label: `${DATE_LABELS[list]} from`, input: 'date', default: '' },
      { name: 'to', label: `${DATE_LABELS[list]} to`, input: 'date', default: '' },
    ],
    [list, products.data],
  );
}

/**
 * Marketing lists (issue 23): owners, properties and orders filtered for a campaign. The
 * filters stay in the address when switching lists, so one campaign's place and product carry
 * over; exports hold only people who opted in.
 */
export function MarketingPage() {
  const { list: param } = useParams();
  const list: TMarketingList = LISTS.some((l) => l.list === param)
    ? (param as TMarketingList)
    : 'owners';
  const location = useLocation();
  const access = useStaffAccess();
  const canExport = grants(access.data?.permissions, 'data.export');
  const filters = useFilters(list);
  if (list !== param) {
    return <Navigate to={`${ADMIN_PAGES.marketing}/${list}${location.search}`} replace />;
  }
  const carry = new URLSearchParams(location.search);
  carry.delete('cursor');
  const search = carry.toString() ? `?${carry}` : '';
  const common = {
    filters,
    ...(canExport ? { exportHref: marketingExportHref(list) } : {}),
    empty: (filtered: boolean) =>
      filtered ? <p>Nobody matches these filters.</p> : <p>Nothing in this list yet.</p>,
  };
  return (
    <Requires permission="marketing.lists">
      <section className="ds-page" aria-labelledby="marketing-title">
        <h1 id="marketing-title">Marketing lists</h1>
        <nav aria-label="Marketing lists" className="adm-nav">
          <ul>
            {LISTS.map((l) => (
              <li key={l.list}>
                <NavLink to={`${ADMIN_PAGES.marketing}/${l.list}${search}`}>{l.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {canExport ? <p className="ds-note">{MARKETING_TEXTS.exportNote}</p> : null}
        {list === 'owners' ? (
          <DataTable<TMarketingOwnerRow>
            key="owners"
            caption="Owners"
            queryKey={marketingKey('owners')}
            fetchPage={fetchMarketingOwners}
            columns={ownerColumns}
            rowKey={(r) => r.hash}
            searchLabel="Search by email or name"
            {...common}
          />
        ) : list === 'properties' ? (
          <DataTable<TMarketingPropertyRow>
            key="properties"
            caption="Properties"
            queryKey={marketingKey('properties')}
            fetchPage={fetchMarketingProperties}
            columns={propertyColumns}
            rowKey={(r) => r.hash}
            searchLabel="Search by address, ZIP or owner email"
            {...common}
          />
        ) : (
          <DataTable<TMarketingOrderRow>
            key="orders"
            caption="Orders"
            queryKey={marketingKey('orders')}
            fetchPage={fetchMarketingOrders}
            columns={orderColumns}
            rowKey={(r) => r.hash}
            searchLabel="Search by customer email, street or product"
            {...common}
          />
        )}
      </section>
    </Requires>
  );
}
