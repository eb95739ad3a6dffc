import {
  CDA_STATUS_LABELS,
  formatListingDay,
  SETTLEMENT_API,
  type TSettlementTransaction,
  ZCdaReturnRequestSchema,
} from '@lantern/contracts';
import { CDA_STATUSES, formatCents, SETTLEMENT_PAGES } from '@lantern/domain';
import {
  Button,
  fieldError,
  formError,
  Spinner,
  setApiErrors,
  TextAreaField,
  useSchemaForm,
} from '@lantern/ui';
import { Link, useParams } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import {
  fetchAdminSettlementPage,
  settlementKey,
  useApproveCda,
  useReturnCda,
  useSettlementTransaction,
} from '../../../features/settlement/api/settlement.ts';
import { CdaSummary } from '../../../features/settlement/components/cda-summary.tsx';
import { NewTransaction } from '../../../features/settlement/components/new-transaction.tsx';

const columns: ReadonlyArray<DataColumn<TSettlementTransaction>> = [
  {
    id: 'property',
    header: 'Property',
    cell: (t) => <Link to={SETTLEMENT_PAGES.adminOne(t.hash)}>{t.property.address}</Link>,
  },
  { id: 'file', header: 'File number', cell: (t) => t.escrowNumber ?? '—' },
  { id: 'price', header: 'Sale price', numeric: true, cell: (t) => formatCents(t.salePriceCents) },
  {
    id: 'commission',
    header: 'Commission',
    numeric: true,
    cell: (t) => (t.commissionCents === null ? '—' : formatCents(t.commissionCents)),
  },
  { id: 'closing', header: 'Closing', cell: (t) => formatListingDay(t.closingDate) },
  {
    id: 'cda',
    header: 'Authorisation',
    cell: (t) => (t.cdaStatus ? CDA_STATUS_LABELS[t.cdaStatus] : '—'),
  },
];

const FILTERS = [
  {
    name: 'cda',
    label: 'Authorisation',
    default: 'signed',
    options: CDA_STATUSES.map((value) => ({ value, label: CDA_STATUS_LABELS[value] })),
  },
] as const;

/** /admin/settlement (issue 24): signed commission disbursement authorisations to approve. */
export function AdminSettlementPage() {
  return (
    <section className="ds-page" aria-labelledby="admin-settlement-title">
      <h1 id="admin-settlement-title">Settlement</h1>
      <p>
        Commission disbursement authorisations signed by settlement agents, the longest waiting
        first. Check each against its settlement statement, then approve it — it can never change
        after — or send it back with a note.
      </p>
      <NewTransaction area="admin" />
      <DataTable<TSettlementTransaction>
        caption="Commission disbursement authorisations"
        queryKey={[...settlementKey, 'admin-list']}
        fetchPage={fetchAdminSettlementPage}
        columns={columns}
        rowKey={(t) => t.hash}
        filters={FILTERS}
        searchLabel="Search by address or file number"
        empty={(filtered) =>
          filtered ? <p>No authorisation matches.</p> : <p>Nothing waits for approval.</p>
        }
      />
    </section>
  );
}

function Decide({ hash }: { hash: string }) {
  const approve = useApproveCda(hash);
  const back = useReturnCda(hash);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(ZCdaReturnRequestSchema, { defaultValues: { note: '' } });
  const onReturn = handleSubmit(async ({ note }) => {
    try {
      await back.mutateAsync(note);
    } catch (error) {
      setApiErrors(error, setError, ['note']);
    }
  });
  return (
    <>
      <h2>Decide</h2>
      {approve.error ? (
        <p role="alert" className="ds-error">
          {approve.error.message}
        </p>
      ) : null}
      <Button onClick={() => approve.mutate(null)} disabled={approve.isPending}>
        Approve the authorisation
      </Button>
      <form onSubmit={onReturn} noValidate aria-labelledby="return-title">
        <h3 id="return-title">Send it back</h3>
        <TextAreaField
          label="What needs to change"
          {...register('note')}
          error={fieldError(errors, 'note') ?? formError(errors)}
        />
        <Button type="submit" variant="secondary" disabled={back.isPending}>
          Send back to the settlement agent
        </Button>
      </form>
    </>
  );
}

/** /admin/settlement/{hash}: one transaction's CDA, its statement and the decision. */
export function AdminSettlementTransactionPage() {
  const { hash = '' } = useParams();
  const query = useSettlementTransaction('admin', hash);
  if (query.isPending) return <Spinner label="Loading the transaction" />;
  if (query.error || !query.data)
    return (
      <section className="ds-page">
        <h1>Transaction not found</h1>
        <p>
          <Link to={SETTLEMENT_PAGES.admin}>Back to settlement</Link>
        </p>
      </section>
    );
  const t = query.data;
  return (
    <section className="ds-page" aria-labelledby="admin-settlement-one-title">
      <p>
        <Link to={SETTLEMENT_PAGES.admin}>Settlement</Link>
      </p>
      <h1 id="admin-settlement-one-title">{t.property.address}</h1>
      <p>
        Sale price {formatCents(t.salePriceCents)}, closing {formatListingDay(t.closingDate)}
        {t.escrowNumber ? `, file ${t.escrowNumber}` : ''}.
      </p>
      <CdaSummary
        transaction={t}
        files={{
          statement: SETTLEMENT_API.adminStatement(t.hash),
          unsigned: SETTLEMENT_API.adminCdaFile(t.hash, 'unsigned'),
          signed: SETTLEMENT_API.adminCdaFile(t.hash, 'signed'),
        }}
      />
      {t.cda?.status === 'signed' ? <Decide hash={t.hash} /> : null}
      {t.cda?.status === 'approved' ? (
        <p>This authorisation is approved and can no longer change.</p>
      ) : null}
    </section>
  );
}
