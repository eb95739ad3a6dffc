import {
  ADMIN_PAGES,
  formatCents,
  PAYMENT_METHOD_LABELS,
  type TAdminInvoiceDetail,
  type TRecordPaymentRequest,
  ZRecordPaymentRequestSchema,
  ZRefundRequestSchema,
} from '@lantern/contracts';
import {
  Alert,
  Button,
  fieldError,
  formError,
  Select,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { formatWhen } from '../../../components/data-table/format.ts';
import { withFormFieldNames } from '../../../components/form-field-names.ts';
import { grants, useStaffAccess } from '../../../features/admin/api/access.ts';
import {
  useAdminInvoice,
  useRecordPayment,
  useRefund,
  useVoidInvoice,
} from '../../../features/admin/api/invoices.ts';
import { parseDollars } from '../../../features/admin/components/dollars.ts';
import { formatDay } from '../../../features/invoices/components/dates.ts';
import { InvoiceStatus } from '../../../features/invoices/components/invoice-status.tsx';
import { Requires } from './requires.tsx';

/** The request takes cents; the money forms take dollars. */
const AMOUNT = { amountCents: 'amount' };

/** An amount as staff type it ("149", "$1,049.00"), in cents, then checked by the request's rule. */
const dollars = (message: string, cents: z.ZodNumber) =>
  z
    .string()
    .transform((text, ctx) => {
      const value = parseDollars(text);
      if (value !== null && value >= 1) return value;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .pipe(cents);

/** Issue 17: one invoice for staff, where checks and transfers are recorded and refunds made. */
export function InvoicePage() {
  return (
    <Requires permission="orders.view">
      <InvoiceDetail />
    </Requires>
  );
}

function InvoiceDetail() {
  const { hash = '' } = useParams();
  const invoice = useAdminInvoice(hash);
  const access = useStaffAccess();
  const canRecord = grants(access.data?.permissions, 'payments.record');
  if (invoice.isPending) return <p role="status">Loading…</p>;
  if (invoice.isError) return <Alert tone="danger">{invoice.error.message}</Alert>;
  const inv = invoice.data;
  return (
    <section className="ds-page" aria-labelledby="invoice-title">
      <p>
        <Link to={ADMIN_PAGES.invoices}>Invoices</Link>
      </p>
      <h1 id="invoice-title" className="adm-title">
        {inv.number} <InvoiceStatus status={inv.status} />
      </h1>
      <p className="ds-muted">
        {inv.description} · {inv.streetAddress}, {inv.address.city}, {inv.address.state} · billed to{' '}
        {inv.billedTo} · due {formatDay(inv.dueDate)} · order {inv.orderStatus.replace('_', ' ')}
      </p>
      <dl className="adm-figures">
        {(
          [
            ['Total', inv.totalCents],
            ['Paid', inv.paidCents],
            ['Refunded', inv.refundedCents],
            ['Balance due', inv.balanceCents],
          ] as const
        ).map(([label, cents]) => (
          <div key={label} className="adm-figure">
            <dt>{label}</dt>
            <dd>{formatCents(cents)}</dd>
          </div>
        ))}
      </dl>
      {inv.alerts.length ? (
        <Alert tone="danger" title="Card payments that need you">
          <ul>
            {inv.alerts.map((a) => (
              <li key={`${a.createdAt}-${a.detail}`}>
                {formatWhen(a.createdAt)}: {a.detail}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Payments invoice={inv} canRefund={canRecord} />
      <Refunds invoice={inv} />
      {canRecord && inv.status === 'open' ? <RecordPayment invoice={inv} /> : null}
      {canRecord && inv.status === 'open' && inv.paidCents === 0 ? (
        <VoidInvoice invoice={inv} />
      ) : null}
    </section>
  );
}

function Payments({ invoice, canRefund }: { invoice: TAdminInvoiceDetail; canRefund: boolean }) {
  const [refunding, setRefunding] = useState<string | null>(null);
  const refundable = invoice.status === 'paid' || invoice.status === 'partially_refunded';
  return (
    <section className="adm-section" aria-labelledby="payments-title">
      <h2 id="payments-title">Payments</h2>
      {invoice.payments.length === 0 ? (
        <p>No payment recorded yet.</p>
      ) : (
        <div className="ds-table-wrap">
          <table className="ds-table">
            <caption className="ln-visually-hidden">Payments</caption>
            <thead>
              <tr>
                <th scope="col">Payment</th>
                <th scope="col" className="ds-num">
                  Amount
                </th>
                {canRefund && refundable ? <th scope="col">Refund</th> : null}
              </tr>
            </thead>
            <tbody>
              {invoice.payments.map((p) => (
                <tr key={p.hash}>
                  <td>
                    {PAYMENT_METHOD_LABELS[p.method]} <span className="adm-ref">{p.reference}</span>
                    <span className="adm-sub">
                      Received {formatDay(p.receivedOn)}
                      {p.recordedBy ? `, recorded by ${p.recordedBy}` : ''}
                    </span>
                  </td>
                  <td className="ds-num">{formatCents(p.amountCents)}</td>
                  {canRefund && refundable ? (
                    <td>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setRefunding(p.hash)}
                        aria-expanded={refunding === p.hash}
                      >
                        Refund <span className="ln-visually-hidden">{p.reference}</span>
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {refunding && refundable ? (
        <RefundForm
          invoice={invoice}
          payment={refunding}
          onDone={() => setRefunding(null)}
          key={refunding}
        />
      ) : null}
    </section>
  );
}

function Refunds({ invoice }: { invoice: TAdminInvoiceDetail }) {
  if (invoice.refunds.length === 0) return null;
  return (
    <section className="adm-section" aria-labelledby="refunds-title">
      <h2 id="refunds-title">Refunds</h2>
      <div className="ds-table-wrap">
        <table className="ds-table">
          <caption className="ln-visually-hidden">Refunds</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Reason</th>
              <th scope="col">By</th>
              <th scope="col" className="ds-num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.refunds.map((r) => (
              <tr key={r.hash}>
                <td>{formatWhen(r.createdAt)}</td>
                <td className="ds-invoice__reason">{r.reason}</td>
                <td>{r.recordedBy ?? '—'}</td>
                <td className="ds-num">{formatCents(r.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const METHODS: ReadonlyArray<TRecordPaymentRequest['method']> = ['check', 'bank_transfer', 'cash'];

const ZRecordPaymentFormSchema = ZRecordPaymentRequestSchema.omit({ amountCents: true }).extend({
  amount: dollars(
    'Enter the amount received, like 149.00.',
    ZRecordPaymentRequestSchema.shape.amountCents,
  ),
});

function RecordPayment({ invoice }: { invoice: TAdminInvoiceDetail }) {
  const record = useRecordPayment(invoice.hash);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useSchemaForm(ZRecordPaymentFormSchema, {
    defaultValues: {
      amount: (invoice.balanceCents / 100).toFixed(2),
      method: 'check',
      reference: '',
      receivedOn: today(),
    },
  });
  const submit = handleSubmit(async ({ amount, ...rest }) => {
    try {
      await record.mutateAsync({ amountCents: amount, ...rest });
      setValue('reference', '');
    } catch (error) {
      setApiErrors(withFormFieldNames(error, AMOUNT), setError, [
        'amount',
        'method',
        'reference',
        'receivedOn',
      ]);
    }
  });
  const formMessage = formError(errors);
  return (
    <section className="adm-section" aria-labelledby="record-title">
      <h2 id="record-title">Record a payment</h2>
      <form className="adm-money-form" onSubmit={submit} noValidate>
        <TextField
          label="Amount (USD)"
          inputMode="decimal"
          {...register('amount')}
          error={fieldError(errors, 'amount')}
        />
        <Select
          label="Paid by"
          {...register('method')}
          options={METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          error={fieldError(errors, 'method')}
        />
        <TextField
          label="Check number or transfer reference"
          {...register('reference')}
          maxLength={100}
          error={fieldError(errors, 'reference')}
        />
        <TextField
          label="Received on"
          type="date"
          {...register('receivedOn')}
          max={today()}
          error={fieldError(errors, 'receivedOn')}
        />
        <Button type="submit" loading={record.isPending}>
          Record payment
        </Button>
      </form>
      {record.isSuccess ? <p role="status">Payment recorded.</p> : null}
      {formMessage ? <Alert tone="danger">{formMessage}</Alert> : null}
    </section>
  );
}

const ZRefundFormSchema = ZRefundRequestSchema.pick({ reason: true }).extend({
  amount: dollars(
    'Enter the amount to refund, like 50.00.',
    ZRefundRequestSchema.shape.amountCents,
  ),
});

function RefundForm({
  invoice,
  payment,
  onDone,
}: {
  invoice: TAdminInvoiceDetail;
  payment: string;
  onDone: () => void;
}) {
  const refund = useRefund(invoice.hash);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(ZRefundFormSchema, { defaultValues: { amount: '', reason: '' } });
  const submit = handleSubmit(async ({ amount, reason }) => {
    try {
      await refund.mutateAsync({ payment, amountCents: amount, reason });
      onDone();
    } catch (error) {
      setApiErrors(withFormFieldNames(error, AMOUNT), setError, ['amount', 'reason']);
    }
  });
  const formMessage = formError(errors);
  return (
    <form className="adm-money-form" onSubmit={submit} noValidate aria-label="Refund">
      <TextField
        label="Refund amount (USD)"
        inputMode="decimal"
        {...register('amount')}
        hint={`At most ${formatCents(invoice.paidCents - invoice.refundedCents)} in all.`}
        error={fieldError(errors, 'amount')}
      />
      <TextField
        label="Reason"
        {...register('reason')}
        maxLength={500}
        error={fieldError(errors, 'reason')}
      />
      <Button type="submit" loading={refund.isPending}>
        Refund
      </Button>
      <Button type="button" variant="secondary" onClick={onDone}>
        Cancel
      </Button>
      {formMessage ? <Alert tone="danger">{formMessage}</Alert> : null}
    </form>
  );
}

function VoidInvoice({ invoice }: { invoice: TAdminInvoiceDetail }) {
  const voidIt = useVoidInvoice(invoice.hash);
  const [sure, setSure] = useState(false);
  return (
    <section className="adm-section" aria-labelledby="void-title">
      <h2 id="void-title">Void</h2>
      <p>Nothing was paid on this invoice. Voiding it cancels the order.</p>
      {sure ? (
        <>
          <Button variant="danger" loading={voidIt.isPending} onClick={() => voidIt.mutate()}>
            Void {invoice.number}
          </Button>{' '}
          <Button variant="secondary" onClick={() => setSure(false)}>
            Keep it
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setSure(true)}>
          Void this invoice…
        </Button>
      )}
      {voidIt.error ? <Alert tone="danger">{voidIt.error.message}</Alert> : null}
    </section>
  );
}
