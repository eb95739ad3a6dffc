import {
  SETTLEMENT_API,
  SETTLEMENT_STATUS_LABELS,
  SETTLEMENT_TEXTS,
  type TSettlementTransactionDetail,
  ZSettlementTransactionUpdateSchema,
} from '@lantern/contracts';
import {
  centsToDollars,
  dollarsToCents,
  SETTLEMENT_PAGES,
  SETTLEMENT_TRANSACTION_STATUSES,
} from '@lantern/domain';
import {
  Button,
  fieldError,
  formError,
  Select,
  Spinner,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { ZChosenFileSchema } from '../../../components/chosen-file.ts';
import { withFormFieldNames } from '../../../components/form-field-names.ts';
import {
  useSettlementTransaction,
  useUpdateTransaction,
  useUploadStatement,
} from '../../../features/settlement/api/settlement.ts';
import { CdaEditor } from '../../../features/settlement/components/cda-editor.tsx';
import { CdaSummary } from '../../../features/settlement/components/cda-summary.tsx';
import { SignCda } from '../../../features/settlement/components/sign-cda.tsx';

const UPDATE = ZSettlementTransactionUpdateSchema.shape;
/** The sale price as typed in dollars, then the request's own rule for it. */
const ZFiguresFormSchema = ZSettlementTransactionUpdateSchema.omit({ salePriceCents: true }).extend(
  {
    price: z
      .string()
      .transform((price, ctx) => {
        if (!price) return Number.NaN;
        const cents = dollarsToCents(price);
        if (cents !== null) return cents;
        ctx.addIssue({ code: 'custom', message: 'Enter the sale price in dollars and cents.' });
        return z.NEVER;
      })
      .pipe(UPDATE.salePriceCents),
  },
);

function Figures({ t }: { t: TSettlementTransactionDetail }) {
  const update = useUpdateTransaction(t.hash);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(ZFiguresFormSchema, {
    defaultValues: {
      price: centsToDollars(t.salePriceCents),
      closingDate: t.closingDate,
      escrowNumber: t.escrowNumber ?? '',
      status: t.status,
    },
  });
  const onSubmit = handleSubmit(async ({ price, ...rest }) => {
    setSaved(false);
    try {
      await update.mutateAsync({ salePriceCents: price, ...rest });
      setSaved(true);
    } catch (error) {
      setApiErrors(withFormFieldNames(error, { salePriceCents: 'price' }), setError, [
        'price',
        'closingDate',
        'escrowNumber',
        'status',
      ]);
    }
  });
  const formMessage = formError(errors);
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="figures-title">
      <h2 id="figures-title">The sale</h2>
      <TextField
        label="Sale price (dollars)"
        inputMode="decimal"
        {...register('price')}
        error={fieldError(errors, 'price')}
      />
      <TextField
        label="Closing date"
        type="date"
        {...register('closingDate')}
        error={fieldError(errors, 'closingDate')}
      />
      <TextField
        label="File number (optional)"
        {...register('escrowNumber')}
        error={fieldError(errors, 'escrowNumber')}
      />
      <Select
        label="Status"
        {...register('status')}
        options={SETTLEMENT_TRANSACTION_STATUSES.map((value) => ({
          value,
          label: SETTLEMENT_STATUS_LABELS[value],
        }))}
        error={fieldError(errors, 'status')}
      />
      {formMessage ? (
        <p role="alert" className="ds-error">
          {formMessage}
        </p>
      ) : null}
      {saved ? <p role="status">Saved.</p> : null}
      <Button type="submit" variant="secondary" disabled={update.isPending}>
        Save the sale
      </Button>
    </form>
  );
}

const ZStatementFormSchema = z.object({ file: ZChosenFileSchema });

function Statement({ t }: { t: TSettlementTransactionDetail }) {
  const upload = useUploadStatement(t.hash);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useSchemaForm(ZStatementFormSchema);
  const onSubmit = handleSubmit(async ({ file }) => {
    try {
      await upload.mutateAsync(file);
    } catch (error) {
      setApiErrors(error, setError, ['file']);
    }
  });
  const message = formError(errors) ?? fieldError(errors, 'file');
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="statement-title">
      <h2 id="statement-title">Settlement statement</h2>
      <p>The statement the authorisation's figures come from, as a PDF (at most 25 MB).</p>
      <label className="ln-label" htmlFor="statement-file">
        Settlement statement (PDF)
      </label>
      <input id="statement-file" type="file" accept="application/pdf,.pdf" {...register('file')} />
      {message ? (
        <p role="alert" className="ds-error">
          {message}
        </p>
      ) : null}
      {upload.isSuccess ? <p role="status">The statement is uploaded.</p> : null}
      <Button
        type="submit"
        variant="secondary"
        disabled={!watch('file')?.length || upload.isPending}
      >
        Upload the statement
      </Button>
    </form>
  );
}

/** /vendor/settlement/{hash}: one transaction, its statement and its CDA. */
export function VendorSettlementTransactionPage() {
  const { hash = '' } = useParams();
  const query = useSettlementTransaction('vendor', hash);
  if (query.isPending) return <Spinner label="Loading the transaction" />;
  if (query.error || !query.data)
    return (
      <section className="ds-page">
        <h1>Transaction not found</h1>
        <p>
          It is not one of yours.{' '}
          <Link to={SETTLEMENT_PAGES.vendor}>Back to your transactions</Link>
        </p>
      </section>
    );
  const t = query.data;
  const draft = !t.cda || t.cda.status === 'draft';
  const notReady = !t.statement
    ? SETTLEMENT_TEXTS.noStatement
    : !t.cda
      ? SETTLEMENT_TEXTS.noCda
      : null;
  return (
    <section className="ds-page" aria-labelledby="settlement-title">
      <p>
        <Link to={SETTLEMENT_PAGES.vendor}>Your transactions</Link>
      </p>
      <h1 id="settlement-title">{t.property.address}</h1>
      <Figures key={`${t.hash}-${t.salePriceCents}-${t.status}`} t={t} />
      <CdaSummary
        transaction={t}
        files={{
          statement: SETTLEMENT_API.statement(t.hash),
          unsigned: SETTLEMENT_API.cdaFile(t.hash, 'unsigned'),
          signed: SETTLEMENT_API.cdaFile(t.hash, 'signed'),
        }}
      />
      {draft && t.status === 'open' ? (
        <>
          <Statement t={t} />
          <CdaEditor hash={t.hash} cda={t.cda} />
          <SignCda hash={t.hash} ready={notReady} />
        </>
      ) : t.cda?.status === 'signed' ? (
        <p>{SETTLEMENT_TEXTS.cdaSigned}</p>
      ) : t.cda?.status === 'approved' ? (
        <p>{SETTLEMENT_TEXTS.cdaApproved}</p>
      ) : null}
    </section>
  );
}
