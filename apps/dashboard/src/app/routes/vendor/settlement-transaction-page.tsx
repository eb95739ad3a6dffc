import {
  SETTLEMENT_API,
  SETTLEMENT_PAGES,
  SETTLEMENT_STATUS_LABELS,
  SETTLEMENT_TEXTS,
  type TSettlementTransactionDetail,
} from '@lantern/contracts';
import {
  ApiError,
  centsToDollars,
  dollarsToCents,
  SETTLEMENT_TRANSACTION_STATUSES,
  type TSettlementTransactionStatus,
} from '@lantern/domain';
import { Button, Select, Spinner, TextField } from '@lantern/ui';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  useSettlementTransaction,
  useUpdateTransaction,
  useUploadStatement,
} from '../../../features/settlement/api/settlement.ts';
import { CdaEditor } from '../../../features/settlement/components/cda-editor.tsx';
import { CdaSummary } from '../../../features/settlement/components/cda-summary.tsx';
import { SignCda } from '../../../features/settlement/components/sign-cda.tsx';

function Figures({ t }: { t: TSettlementTransactionDetail }) {
  const update = useUpdateTransaction(t.hash);
  const [price, setPrice] = useState(centsToDollars(t.salePriceCents));
  const [closing, setClosing] = useState(t.closingDate);
  const [file, setFile] = useState(t.escrowNumber ?? '');
  const [status, setStatus] = useState<TSettlementTransactionStatus>(t.status);
  const [saved, setSaved] = useState(false);
  const error = update.error instanceof ApiError ? update.error : null;
  const cents = dollarsToCents(price);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    update.mutate(
      {
        escrowNumber: file,
        salePriceCents: cents ?? Number.NaN,
        closingDate: closing,
        status,
      },
      { onSuccess: () => setSaved(true) },
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="figures-title">
      <h2 id="figures-title">The sale</h2>
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
      <Select
        label="Status"
        value={status}
        onChange={(e) => setStatus(e.target.value as TSettlementTransactionStatus)}
        options={SETTLEMENT_TRANSACTION_STATUSES.map((value) => ({
          value,
          label: SETTLEMENT_STATUS_LABELS[value],
        }))}
      />
      {update.error ? (
        <p role="alert" className="ds-error">
          {update.error.message}
        </p>
      ) : null}
      {saved ? <p role="status">Saved.</p> : null}
      <Button type="submit" variant="secondary" disabled={update.isPending}>
        Save the sale
      </Button>
    </form>
  );
}

function Statement({ t }: { t: TSettlementTransactionDetail }) {
  const upload = useUploadStatement(t.hash);
  const [file, setFile] = useState<File | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (file) upload.mutate(file);
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="statement-title">
      <h2 id="statement-title">Settlement statement</h2>
      <p>The statement the authorisation's figures come from, as a PDF (at most 25 MB).</p>
      <label className="ln-label" htmlFor="statement-file">
        Settlement statement (PDF)
      </label>
      <input
        id="statement-file"
        type="file"
        accept="application/pdf,.pdf"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      {upload.error ? (
        <p role="alert" className="ds-error">
          {upload.error.message}
        </p>
      ) : null}
      {upload.isSuccess ? <p role="status">The statement is uploaded.</p> : null}
      <Button type="submit" variant="secondary" disabled={!file || upload.isPending}>
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
