import {
  CDA_STATUS_LABELS,
  formatListingDay,
  SETTLEMENT_STATUS_LABELS,
  type TSettlementTransaction,
} from '@lantern/contracts';
import { formatCents, SETTLEMENT_PAGES, SETTLEMENT_TRANSACTION_STATUSES } from '@lantern/domain';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import {
  fetchVendorSettlementPage,
  settlementKey,
} from '../../../features/settlement/api/settlement.ts';
import { NewTransaction } from '../../../features/settlement/components/new-transaction.tsx';

const columns: ReadonlyArray<DataColumn<TSettlementTransaction>> = [
  {
    id: 'property',
    header: 'Property',
    cell: (t) => <Link to={SETTLEMENT_PAGES.vendorOne(t.hash)}>{t.property.address}</Link>,
  },
  { id: 'file', header: 'File number', cell: (t) => t.escrowNumber ?? '—' },
  { id: 'price', header: 'Sale price', numeric: true, cell: (t) => formatCents(t.salePriceCents) },
  { id: 'closing', header: 'Closing', cell: (t) => formatListingDay(t.closingDate) },
  { id: 'status', header: 'Status', cell: (t) => SETTLEMENT_STATUS_LABELS[t.status] },
  {
    id: 'cda',
    header: 'Authorisation',
    cell: (t) => (t.cdaStatus ? CDA_STATUS_LABELS[t.cdaStatus] : 'Not started'),
  },
  {
    id: 'created',
    header: 'Started',
    sort: 'created',
    firstDir: 'desc',
    cell: (t) => formatListingDay(t.createdAt.slice(0, 10)),
  },
];

const FILTERS = [
  {
    name: 'status',
    label: 'Status',
    default: '',
    options: [
      { value: '', label: 'Any status' },
      ...SETTLEMENT_TRANSACTION_STATUSES.map((value) => ({
        value,
        label: SETTLEMENT_STATUS_LABELS[value],
      })),
    ],
  },
] as const;

/** /vendor/settlement (issue 24): the settlement vendor's transactions on assigned properties. */
export function VendorSettlementPage() {
  return (
    <section className="ds-page" aria-labelledby="vendor-settlement-title">
      <h1 id="vendor-settlement-title">Settlement</h1>
      <p>
        The sales you close on the properties assigned to you. For each, upload the settlement
        statement and prepare the commission disbursement authorisation; our team approves it after
        you sign.
      </p>
      <NewTransaction area="vendor" />
      <DataTable<TSettlementTransaction>
        caption="Your transactions"
        queryKey={[...settlementKey, 'vendor-list']}
        fetchPage={fetchVendorSettlementPage}
        columns={columns}
        rowKey={(t) => t.hash}
        filters={FILTERS}
        defaultSort={{ sort: 'created', dir: 'desc' }}
        searchLabel="Search by address or file number"
        empty={(filtered) =>
          filtered ? <p>No transaction matches.</p> : <p>No transactions yet.</p>
        }
      />
    </section>
  );
}
