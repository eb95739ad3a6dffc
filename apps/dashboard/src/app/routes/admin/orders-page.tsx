import { ORDER_STATUS_LABELS, type TAdminOrderRow } from '@lantern/contracts';
import { ADMIN_ORDERS_PAGES, ADMIN_PAGES, formatCents } from '@lantern/domain';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import { fetchOrdersPage, ordersKey } from '../../../features/orders/api/admin-orders.ts';
import { useProductChoices } from '../../../features/outreach/api/marketing.ts';
import { Requires } from './requires.tsx';

const columns: ReadonlyArray<DataColumn<TAdminOrderRow>> = [
  {
    id: 'product',
    header: 'Order',
    cell: (o) => <Link to={ADMIN_ORDERS_PAGES.order(o.hash)}>{o.product.name}</Link>,
  },
  {
    id: 'property',
    header: 'Property',
    cell: (o) => <Link to={ADMIN_PAGES.property(o.property.hash)}>{o.property.address}</Link>,
  },
  { id: 'customer', header: 'Customer', cell: (o) => o.customer.email },
  { id: 'status', header: 'State', cell: (o) => ORDER_STATUS_LABELS[o.status] },
  {
    id: 'invoice',
    header: 'Invoice',
    numeric: true,
    cell: (o) =>
      o.invoice ? (
        <Link to={ADMIN_PAGES.invoice(o.invoice.hash)}>{formatCents(o.invoice.totalCents)}</Link>
      ) : (
        'None yet'
      ),
  },
  {
    id: 'created',
    header: 'Ordered',
    sort: 'created',
    firstDir: 'desc',
    cell: (o) => formatDate(o.createdAt),
  },
];

/** Order management (issue 21): every order, by state and product. */
export function OrdersPage() {
  const products = useProductChoices();
  const filters = [
    {
      name: 'status',
      label: 'State',
      default: 'all',
      options: [
        { value: 'all', label: 'Every state' },
        ...Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label })),
      ],
    },
    {
      name: 'product',
      label: 'Product',
      default: '',
      options: [{ value: '', label: 'Every product' }, ...(products.data ?? [])],
    },
  ];
  return (
    <Requires permission="orders.view">
      <section className="ds-page" aria-labelledby="orders-title">
        <h1 id="orders-title">Orders</h1>
        <DataTable<TAdminOrderRow>
          caption="Orders"
          queryKey={ordersKey}
          fetchPage={fetchOrdersPage}
          columns={columns}
          rowKey={(o) => o.hash}
          filters={filters}
          searchLabel="Search by customer email, street or product"
          empty={(filtered) => (filtered ? <p>No order matches.</p> : <p>No orders yet.</p>)}
        />
      </section>
    </Requires>
  );
}
