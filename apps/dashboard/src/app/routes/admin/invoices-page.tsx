import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type TAdminInvoiceRow } from '@lantern/contracts';
import { ADMIN_PAGES, formatCents } from '@lantern/domain';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { fetchInvoicesPage, invoicesKey } from '../../../features/invoices/api/admin-invoices.ts';
import { formatDay } from '../../../features/invoices/components/dates.ts';
import { InvoiceStatus } from '../../../features/invoices/components/invoice-status.tsx';
import { Requires } from './requires.tsx';

const columns: ReadonlyArray<DataColumn<TAdminInvoiceRow>> = [
  {
    id: 'number',
    header: 'Invoice',
    sort: 'number',
    firstDir: 'desc',
    cell: (r) => <Link to={ADMIN_PAGES.invoice(r.hash)}>{r.number}</Link>,
  },
  { id: 'billedTo', header: 'Billed to', cell: (r) => r.billedTo },
  { id: 'property', header: 'Property', cell: (r) => r.streetAddress },
  { id: 'description', header: 'Service', cell: (r) => r.description },
  { id: 'status', header: 'Status', cell: (r) => <InvoiceStatus status={r.status} /> },
  { id: 'total', header: 'Total', numeric: true, cell: (r) => formatCents(r.totalCents) },
  { id: 'paid', header: 'Paid', numeric: true, cell: (r) => formatCents(r.paidCents) },
  { id: 'due', header: 'Due', sort: 'due', cell: (r) => formatDay(r.dueDate) },
];

const STATUS_FILTER = {
  name: 'status',
  label: 'Status',
  default: 'all',
  options: [
    { value: 'all', label: 'Every invoice' },
    ...INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] })),
  ],
} as const;

/** Issue 17: every invoice, to find the one a check or transfer pays. */
export function InvoicesPage() {
  return (
    <Requires permission="orders.view">
      <section className="ds-page" aria-labelledby="invoices-title">
        <h1 id="invoices-title">Invoices</h1>
        <DataTable<TAdminInvoiceRow>
          caption="Invoices"
          queryKey={invoicesKey}
          fetchPage={fetchInvoicesPage}
          columns={columns}
          rowKey={(r) => r.hash}
          filters={[STATUS_FILTER]}
          defaultSort={{ sort: 'number', dir: 'desc' }}
          searchLabel="Search by invoice number, email or street"
          rowActions={(r) => (
            <Link className="ln-btn ln-btn--secondary ln-btn--sm" to={ADMIN_PAGES.invoice(r.hash)}>
              Open <span className="ln-visually-hidden">{r.number}</span>
            </Link>
          )}
          empty={(filtered) =>
            filtered ? <p>No invoice matches this search.</p> : <p>No invoices yet.</p>
          }
        />
      </section>
    </Requires>
  );
}
