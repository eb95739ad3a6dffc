import {
  REFERRAL_TEXTS,
  type TReferralRow,
  ZCreateReferralRequestSchema,
  ZPayReferralRequestSchema,
} from '@lantern/contracts';
import { ADMIN_PAGES, formatCents } from '@lantern/domain';
import {
  Alert,
  Button,
  Dialog,
  fieldError,
  formError,
  setApiErrors,
  TextAreaField,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDate } from '../../../components/data-table/format.ts';
import {
  fetchReferralsPage,
  referralsKey,
  useDeleteReferral,
  useMarkEarned,
  useMarkPaid,
  useRecordReferral,
} from '../../../features/referrals/api/referrals.ts';
import { PropertyPicker } from '../../../features/staff/components/property-picker.tsx';
import { dollarsToCents } from '../../../lib/form-values.ts';
import { Requires } from './requires.tsx';

const STATUS_LABELS: Record<TReferralRow['status'], string> = {
  pending: 'Pending',
  earned: 'Earned',
  paid: 'Paid',
};

const columns: ReadonlyArray<DataColumn<TReferralRow>> = [
  {
    id: 'referrer',
    header: 'Referred by',
    cell: (r) => <Link to={ADMIN_PAGES.user(r.referrer.hash)}>{r.referrer.email}</Link>,
  },
  {
    id: 'customer',
    header: 'Customer',
    cell: (r) =>
      r.customer.hash ? (
        <Link to={ADMIN_PAGES.user(r.customer.hash)}>{r.customer.email}</Link>
      ) : (
        r.customer.email
      ),
  },
  {
    id: 'property',
    header: 'Property',
    cell: (r) =>
      r.property ? (
        <Link to={ADMIN_PAGES.property(r.property.hash)}>{r.property.address}</Link>
      ) : (
        'None yet'
      ),
  },
  { id: 'fee', header: 'Fee', numeric: true, cell: (r) => formatCents(r.feeCents) },
  {
    id: 'status',
    header: 'State',
    cell: (r) =>
      r.status === 'paid'
        ? `Paid ${r.paidAt ? formatDate(r.paidAt) : ''} (${r.paidReference ?? ''})`
        : r.status === 'earned' && !r.payable
          ? 'Earned — no license on file'
          : STATUS_LABELS[r.status],
  },
  {
    id: 'created',
    header: 'Recorded',
    sort: 'created',
    firstDir: 'desc',
    cell: (r) => formatDate(r.createdAt),
  },
];

const STATUS_FILTER = {
  name: 'status',
  label: 'State',
  default: 'all',
  options: [
    { value: 'all', label: 'Every state' },
    { value: 'pending', label: 'Pending' },
    { value: 'earned', label: 'Earned' },
    { value: 'paid', label: 'Paid' },
  ],
} as const;

/** Referrals (issue 23): who referred whom and the fee, from recorded to paid. */
export function ReferralsPage() {
  const [paying, setPaying] = useState<TReferralRow | null>(null);
  const [deleting, setDeleting] = useState<TReferralRow | null>(null);
  const earned = useMarkEarned();
  const remove = useDeleteReferral();
  return (
    <Requires permission="referrals.manage">
      <section className="ds-page" aria-labelledby="referrals-title">
        <h1 id="referrals-title">Referrals</h1>
        <p className="ds-note">
          Fees are paid only to a referrer with a real estate license on file for the property’s
          state, valid on the day of payment. Add licenses on the person’s page.
        </p>
        <RecordReferral />
        {earned.isError ? <Alert tone="danger">{earned.error.message}</Alert> : null}
        <DataTable<TReferralRow>
          caption="Referrals"
          queryKey={referralsKey}
          fetchPage={fetchReferralsPage}
          columns={columns}
          rowKey={(r) => r.hash}
          filters={[STATUS_FILTER]}
          searchLabel="Search by referrer, customer or street"
          rowActions={(r) => {
            const who = <span className="ln-visually-hidden">{r.customer.email}</span>;
            if (r.status === 'pending')
              return (
                <>
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={earned.isPending && earned.variables === r.hash}
                    onClick={() => earned.mutate(r.hash)}
                  >
                    Mark earned {who}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(r)}>
                    Delete {who}
                  </Button>
                </>
              );
            if (r.status === 'earned')
              return (
                <Button size="sm" variant="secondary" onClick={() => setPaying(r)}>
                  Mark paid {who}
                </Button>
              );
            return null;
          }}
          empty={(filtered) =>
            filtered ? <p>No referral matches.</p> : <p>No referrals recorded yet.</p>
          }
        />
        <Dialog
          title={`Pay ${paying ? formatCents(paying.feeCents) : ''} to ${paying?.referrer.email ?? ''}`}
          open={paying !== null}
          onOpenChange={(open) => !open && setPaying(null)}
        >
          {paying ? <PayForm referral={paying} onDone={() => setPaying(null)} /> : null}
        </Dialog>
        <ConfirmDialog
          title="Delete this referral?"
          description={
            deleting
              ? `${deleting.referrer.email} referring ${deleting.customer.email}, ${formatCents(deleting.feeCents)}.`
              : undefined
          }
          open={deleting !== null}
          onClose={() => {
            setDeleting(null);
            remove.reset();
          }}
          confirmLabel="Delete referral"
          onConfirm={() =>
            deleting && remove.mutate(deleting.hash, { onSuccess: () => setDeleting(null) })
          }
          pending={remove.isPending}
          error={remove.error}
        />
      </section>
    </Requires>
  );
}

function RecordReferral() {
  const record = useRecordReferral();
  const [done, setDone] = useState<string | null>(null);
  const form = useSchemaForm(ZCreateReferralRequestSchema, {
    defaultValues: { referrerEmail: '', customerEmail: '', property: null, notes: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const property = form.watch('property') ?? '';
  const submit = form.handleSubmit(async (body) => {
    setDone(null);
    try {
      const row = await record.mutateAsync(body);
      form.reset();
      setDone(`Recorded: ${row.referrer.email} referred ${row.customer.email}.`);
    } catch (error) {
      setApiErrors(error, form.setError, [
        'referrerEmail',
        'customerEmail',
        'property',
        'feeCents',
        'notes',
      ]);
    }
  });
  const problem = formError(errors);
  return (
    <details className="adm-section">
      <summary>Record a referral</summary>
      <form onSubmit={submit} noValidate aria-label="Record a referral">
        <TextField
          label="Referred by (email)"
          type="email"
          hint="A person with the Referrer or Referral agent vendor kind."
          error={fieldError(errors, 'referrerEmail')}
          {...form.register('referrerEmail')}
        />
        <TextField
          label="Customer (email)"
          type="email"
          error={fieldError(errors, 'customerEmail')}
          {...form.register('customerEmail')}
        />
        <PropertyPicker
          value={property}
          onChange={(hash) => form.setValue('property', hash || null)}
          error={fieldError(errors, 'property')}
        />
        <TextField
          label="Fee (US dollars)"
          inputMode="decimal"
          error={fieldError(errors, 'feeCents')}
          {...form.register('feeCents', { setValueAs: dollarsToCents })}
        />
        <TextAreaField
          label="Notes (optional)"
          rows={2}
          error={fieldError(errors, 'notes')}
          {...form.register('notes')}
        />
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
        <p className="ds-actions">
          <Button type="submit" loading={isSubmitting}>
            Record referral
          </Button>
        </p>
        <div role="status">
          {done ? (
            <Alert tone="success" announce={false}>
              {done}
            </Alert>
          ) : null}
        </div>
      </form>
    </details>
  );
}

function PayForm({ referral, onDone }: { referral: TReferralRow; onDone: () => void }) {
  const paid = useMarkPaid();
  const form = useSchemaForm(ZPayReferralRequestSchema, { defaultValues: { reference: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ reference }) => {
    try {
      await paid.mutateAsync({ hash: referral.hash, reference });
      onDone();
    } catch (error) {
      setApiErrors(error, form.setError, ['reference']);
    }
  });
  const problem = formError(errors);
  return (
    <form onSubmit={submit} noValidate aria-label="Mark paid">
      {!referral.payable && referral.property ? (
        <Alert tone="warning">{REFERRAL_TEXTS.noLicense(referral.property.state)}</Alert>
      ) : null}
      <TextField
        label="Check number or transfer reference"
        error={fieldError(errors, 'reference')}
        {...form.register('reference')}
      />
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <p className="ds-actions">
        <Button type="submit" loading={isSubmitting}>
          Mark paid
        </Button>
      </p>
    </form>
  );
}
