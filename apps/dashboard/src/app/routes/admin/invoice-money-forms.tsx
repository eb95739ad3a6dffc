import {
  PAYMENT_METHOD_LABELS,
  type TAdminInvoiceDetail,
  type TRecordPaymentRequest,
  ZRecordPaymentRequestSchema,
  ZRefundRequestSchema,
} from '@lantern/contracts';
import { formatCents } from '@lantern/domain';
import {
  Button,
  FormError,
  fieldError,
  Select,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { z } from 'zod';
import { withFormFieldNames } from '../../../components/form-field-names.ts';
import { useRecordPayment, useRefund } from '../../../features/invoices/api/admin-invoices.ts';
import { parseDollars } from '../../../lib/dollars.ts';

/** The money forms of an invoice (invoice-page.tsx): a payment received, a refund made. */

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

const today = () => new Date().toISOString().slice(0, 10);
const METHODS: ReadonlyArray<TRecordPaymentRequest['method']> = ['check', 'bank_transfer', 'cash'];

const ZRecordPaymentFormSchema = ZRecordPaymentRequestSchema.omit({ amountCents: true }).extend({
  amount: dollars(
    'Enter the amount received, like 149.00.',
    ZRecordPaymentRequestSchema.shape.amountCents,
  ),
});

export function RecordPayment({ invoice }: { invoice: TAdminInvoiceDetail }) {
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
      <FormError errors={errors} />
    </section>
  );
}

const ZRefundFormSchema = ZRefundRequestSchema.pick({ reason: true }).extend({
  amount: dollars(
    'Enter the amount to refund, like 50.00.',
    ZRefundRequestSchema.shape.amountCents,
  ),
});

export function RefundForm({
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
      <FormError errors={errors} />
    </form>
  );
}
