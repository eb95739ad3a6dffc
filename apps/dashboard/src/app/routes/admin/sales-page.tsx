import {
  SALE_PRICE_DISPLAY_LABELS,
  SALES_IMPORT_MAX_MB,
  SALES_TEXTS,
  type TSalesImport,
  ZSalesImportQuerySchema,
} from '@lantern/contracts';
import {
  Alert,
  Button,
  FormError,
  fieldError,
  Select,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { z } from 'zod';
import { ZChosenFileSchema } from '../../../components/chosen-file.ts';
import { formatWhen } from '../../../components/data-table/format.ts';
import {
  useSalesImport,
  useSalesImports,
  useUploadSales,
} from '../../../features/sales/api/sales.ts';
import { Requires } from './requires.tsx';

const STATUS_WORDS: Record<TSalesImport['status'], string> = {
  queued: 'Waiting to start',
  checking: 'Checking every line',
  storing: 'Storing the sales',
  done: 'Imported',
  refused: 'Refused: nothing stored',
  failed: 'Failed: nothing stored',
};
const n = (v: number) => v.toLocaleString('en-US');

/** Where an import stands, as the page polls it; refused lines with their numbers and reasons. */
function ImportProgress({ hash }: { hash: string }) {
  const { data, error } = useSalesImport(hash);
  if (error) return <Alert tone="danger">{error.message}</Alert>;
  if (!data) return <p role="status">Starting…</p>;
  return (
    <section aria-labelledby="import-now" className="adm-section">
      <h2 id="import-now">{data.fileName}</h2>
      <p role="status" aria-live="polite" data-testid="sales-import-status">
        {STATUS_WORDS[data.status]} · {n(data.linesRead)} lines read
        {data.status === 'done'
          ? ` · ${n(data.stored)} new sales stored, ${n(data.alreadyStored)} already in the store`
          : ''}
      </p>
      {data.refused > 0 ? (
        <>
          <Alert tone="danger">{SALES_TEXTS.refusedLines(data.refused)}</Alert>
          <div className="ds-table-wrap">
            <table className="ds-table">
              <caption>Refused lines</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {data.refusals.map((r) => (
                  <tr key={r.line}>
                    <td>{r.line}</td>
                    <td>{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {data.error ? <Alert tone="danger">{data.error}</Alert> : null}
    </section>
  );
}

/** The import's choices as the request checks them, and the chosen file. */
const ZUploadFormSchema = ZSalesImportQuerySchema.extend({
  // An empty source name is none: the file's name is used.
  name: z
    .string()
    .trim()
    .transform((name) => name || undefined)
    .pipe(ZSalesImportQuerySchema.shape.name),
  file: ZChosenFileSchema,
});

function UploadForm({ onStarted }: { onStarted: (hash: string) => void }) {
  const upload = useUploadSales();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useSchemaForm(ZUploadFormSchema, {
    defaultValues: { attribution: '', name: '', priceDisplay: 'model_only' },
  });
  const submit = handleSubmit(async ({ file, ...choices }) => {
    try {
      const started = await upload.mutateAsync({ file, choices });
      onStarted(started.hash);
    } catch (error) {
      setApiErrors(error, setError, ['file', 'attribution', 'priceDisplay', 'name']);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="adm-permissions">
      <div className="ln-field">
        <label htmlFor="sales-file" className="ln-label">
          CSV file of closed sales (at most {SALES_IMPORT_MAX_MB} MB)
        </label>
        <input id="sales-file" type="file" accept=".csv,text/csv" {...register('file')} />
        {fieldError(errors, 'file') ? (
          <p className="ln-field__error">{fieldError(errors, 'file')}</p>
        ) : null}
      </div>
      <TextField
        label="Credit line"
        hint="Shown wherever these sales are, as the source asks (e.g. “King County Department of Assessments”)."
        {...register('attribution')}
        error={fieldError(errors, 'attribution')}
        required
      />
      <Select
        label="What the source lets us do with the prices"
        {...register('priceDisplay')}
        options={(['model_only', 'public'] as const).map((v) => ({
          value: v,
          label: SALE_PRICE_DISPLAY_LABELS[v],
        }))}
        error={fieldError(errors, 'priceDisplay')}
      />
      <TextField
        label="Source name (optional)"
        hint="Sales are kept under file:NAME; the same sale imported again under it is not stored twice. The file’s name when empty."
        {...register('name')}
        error={fieldError(errors, 'name')}
      />
      <FormError errors={errors} />
      <div>
        <Button type="submit" loading={upload.isPending} disabled={!watch('file')?.length}>
          Import
        </Button>
      </div>
    </form>
  );
}

/** Admin → Sales data (issue 37): import files of closed sales for valuations. */
export function SalesPage() {
  const [current, setCurrent] = useState<string | null>(null);
  const list = useSalesImports();
  return (
    <Requires permission="sales.import">
      <section className="ds-page" aria-labelledby="sales-title">
        <h1 id="sales-title">{SALES_TEXTS.title}</h1>
        <p>
          Closed sales feed the valuation engine. A file is checked whole first: when any line is
          refused, nothing of it is stored, and each refused line is listed with its number and
          reason. Columns may use RESO names (ListingKey or ParcelNumber, CloseDate, ClosePrice, …)
          or the county-records layout (id, date, price, sqft_living, zipcode, lat, long, …).
        </p>
        <UploadForm onStarted={setCurrent} />
        {current ? <ImportProgress hash={current} /> : null}
        {list.error ? <Alert tone="danger">{list.error.message}</Alert> : null}
        {list.data ? (
          <>
            <h2>In the store</h2>
            <ul>
              {list.data.sources.map((s) => (
                <li key={s.source}>
                  {s.source}: {n(s.sales)} sales{s.newest ? `, newest closed ${s.newest}` : ''}
                </li>
              ))}
            </ul>
            <h2>Latest imports</h2>
            <div className="ds-table-wrap">
              <table className="ds-table">
                <caption className="ln-visually-hidden">Latest imports</caption>
                <thead>
                  <tr>
                    <th scope="col">File</th>
                    <th scope="col">State</th>
                    <th scope="col">Stored</th>
                    <th scope="col">Refused</th>
                    <th scope="col">By</th>
                    <th scope="col">When</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.imports.map((i) => (
                    <tr key={i.hash}>
                      <td>{i.fileName}</td>
                      <td>{STATUS_WORDS[i.status]}</td>
                      <td>{n(i.stored)}</td>
                      <td>{n(i.refused)}</td>
                      <td>{i.createdBy ?? 'command line'}</td>
                      <td>{formatWhen(i.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </section>
    </Requires>
  );
}
