import {
  ApiError,
  CDA_STATUS_LABELS,
  dollarsToCents,
  formatCents,
  formatListingDay,
  SETTLEMENT_PAGES,
  SETTLEMENT_STATUS_LABELS,
  SETTLEMENT_TRANSACTION_STATUSES,
  type TSettlementTransaction,
} from '@lantern/contracts';
import { Button, Select, TextField } from '@lantern/ui';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import {
  fetchVendorSettlementPage,
  settlementKey,
  useCreateTransaction,
  useSettlementProperties,
} from '../../../features/settlement/api/settlement.ts';

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

function NewTransaction() {
  const properties = useSettlementProperties();
  const create = useCreateTransaction();
  const navigate = useNavigate();
  const free = (properties.data?.properties ?? []).filter((p) => !p.openTransaction);
  const [property, setProperty] = useState('');
  const [price, setPrice] = useState('');
  const [closing, setClosing] = useState('');
  const [file, setFile] = useState('');
  const error = create.error instanceof ApiError ? create.error : null;
  const cents = dollarsToCents(price);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      {
        property: property || (free[0]?.hash ?? ''),
        escrowNumber: file,
        salePriceCents: cents ?? Number.NaN,
        closingDate: closing,
      },
      { onSuccess: (t) => navigate(SETTLEMENT_PAGES.vendorOne(t.hash)) },
    );
  }
  if (!properties.data) return null;
  if (free.length === 0)
    return (
      <p>
        Every property assigned to you has an open transaction. Our team assigns new ones to you.
      </p>
    );
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="new-transaction-title">
      <h2 id="new-transaction-title">Start a transaction</h2>
      <Select
        label="Property"
        value={property || (free[0]?.hash ?? '')}
        onChange={(e) => setProperty(e.target.value)}
        options={free.map((p) => ({ value: p.hash, label: p.address }))}
        error={error?.field('property')}
      />
      <TextField
        label="Sale price (dollars)"
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={
          (price && cents === null ? 'Enter the sale price in dollars and cents.' : undefined) ??
          error?.field('salePriceCents')
        }
      />
      <TextField
        label="Closing date"
        type="date"
        value={closing}
        onChange={(e) => setClosing(e.target.value)}
        error={error?.field('closingDate')}
      />
      <TextField
        label="File number (optional)"
        value={file}
        onChange={(e) => setFile(e.target.value)}
        error={error?.field('escrowNumber')}
      />
      {create.error ? (
        <p role="alert" className="ds-error">
          {create.error.message}
        </p>
      ) : null}
      <Button type="submit" disabled={create.isPending}>
        Start the transaction
      </Button>
    </form>
  );
}

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
      <NewTransaction />
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
