import { DOCUMENTS_API, type TChecklist, type TChecklistItem } from '@lantern/contracts';
import { DOCUMENT_STATES, type TTransactionKind } from '@lantern/domain';
import { Alert, Badge, Button } from '@lantern/ui';
import { type FormEvent, useId, useState } from 'react';
import { useStateYearBuilt, useUploadDocument } from '../api/documents.ts';

const NEED_TEXT = {
  required: 'Needed',
  optional: 'If you have one',
  ask: 'Needed if the home was built before 1978',
} as const;

const TONE = {
  submitted: 'primary',
  approved: 'success',
  rejected: 'danger',
  exempt: 'neutral',
} as const;

function kb(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Asked when neither listing of the property says when it was built (the 1978 rule). */
export function YearBuiltForm({ property }: { property: string }) {
  const id = useId();
  const [year, setYear] = useState('');
  const save = useStateYearBuilt(property);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ property, year: Number(year) });
  };
  return (
    <form className="ln-card" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>When was the home built?</h2>
      <p>
        Homes built before 1978 need the lead-based paint disclosure. No listing of this property
        says the year, so please tell us.
      </p>
      <label htmlFor={`${id}-year`}>Year built</label>{' '}
      <input
        id={`${id}-year`}
        inputMode="numeric"
        value={year}
        onChange={(e) => setYear(e.target.value)}
        aria-invalid={save.isError || undefined}
        aria-describedby={save.isError ? `${id}-err` : undefined}
      />{' '}
      <Button type="submit" disabled={save.isPending}>
        Save the year
      </Button>
      {save.isError ? (
        <p id={`${id}-err`} role="alert" className="ln-field-error">
          {save.error.message}
        </p>
      ) : null}
    </form>
  );
}

function UploadForm({
  item,
  property,
  kind,
}: {
  item: TChecklistItem;
  property: string;
  kind: TTransactionKind;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadDocument(property, kind);
  const again = item.latest !== null;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!file) return;
    const form = e.currentTarget;
    upload.mutate({ type: item.type, file }, { onSuccess: () => form.reset() });
  };
  return (
    <form onSubmit={submit} className="ds-actions">
      <label htmlFor={`${id}-file`}>
        {again ? `New file for the ${item.label}` : `File for the ${item.label}`} (PDF, JPEG or PNG,
        up to 25 MB)
      </label>{' '}
      <input
        id={`${id}-file`}
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        aria-describedby={upload.isError ? `${id}-err` : undefined}
      />{' '}
      <Button type="submit" disabled={!file || upload.isPending}>
        {upload.isPending ? 'Uploading…' : again ? 'Send the new file' : 'Upload'}
      </Button>
      {upload.isError ? (
        <p id={`${id}-err`} role="alert" className="ln-field-error">
          {upload.error.message}
        </p>
      ) : null}
    </form>
  );
}

/** The checklist: each document type, what is missing, the latest file and its review. */
export function DocumentChecklist({ checklist }: { checklist: TChecklist }) {
  const property = checklist.property.hash;
  return (
    <>
      <p role="status">
        {checklist.missing === 0
          ? 'Nothing is missing: every needed document is approved or not needed.'
          : `${checklist.missing} ${checklist.missing === 1 ? 'document is' : 'documents are'} still missing or waiting for approval.`}
      </p>
      <ul className="ds-document-list">
        {checklist.items.map((item) => (
          <li key={item.type} className="ln-card" aria-labelledby={`doc-${item.type}`}>
            <h2 id={`doc-${item.type}`}>
              {item.label}{' '}
              {item.latest ? (
                <Badge tone={TONE[item.latest.state]}>
                  {DOCUMENT_STATES[item.latest.state].label}
                </Badge>
              ) : item.missing ? (
                <Badge tone="warning">Missing</Badge>
              ) : null}
            </h2>
            <p>{NEED_TEXT[item.need]}</p>
            {item.latest ? (
              <p>
                <a href={`${DOCUMENTS_API.file(item.latest.hash)}`}>{item.latest.fileName}</a> ·{' '}
                {kb(item.latest.bytes)} · sent{' '}
                {new Date(item.latest.uploadedAt).toLocaleDateString()}
                {item.latest.version > 1 ? ` · file ${item.latest.version}` : ''}
              </p>
            ) : null}
            {item.latest?.state === 'rejected' ? (
              <Alert tone="danger">
                <p>
                  <strong>Sent back:</strong> {item.latest.reasonText}
                </p>
                {item.latest.note ? <p>Our note: {item.latest.note}</p> : null}
                <p>Please send a corrected file.</p>
              </Alert>
            ) : null}
            {item.canUpload ? (
              <UploadForm item={item} property={property} kind={checklist.kind} />
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
