import {
  DOCUMENTS_API,
  type TChecklist,
  type TChecklistItem,
  ZYearBuiltRequestSchema,
} from '@lantern/contracts';
import { DOCUMENT_STATES, type TTransactionKind } from '@lantern/domain';
import {
  Alert,
  Badge,
  Button,
  fieldError,
  formError,
  setApiErrors,
  useSchemaForm,
} from '@lantern/ui';
import { useId } from 'react';
import { z } from 'zod';
import { typedNumber } from '../../../lib/form-values.ts';
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

/** Only the year is typed; the property is the page's. */
const ZYearFormSchema = ZYearBuiltRequestSchema.pick({ year: true });

/** Asked when neither listing of the property says when it was built (the 1978 rule). */
export function YearBuiltForm({ property }: { property: string }) {
  const id = useId();
  const save = useStateYearBuilt(property);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZYearFormSchema);
  const submit = handleSubmit(async ({ year }) => {
    try {
      await save.mutateAsync({ property, year });
    } catch (error) {
      setApiErrors(error, setError, ['year']);
    }
  });
  const message = fieldError(errors, 'year') ?? formError(errors);
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
        {...register('year', { setValueAs: typedNumber })}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-err` : undefined}
      />{' '}
      <Button type="submit" disabled={isSubmitting}>
        Save the year
      </Button>
      {message ? (
        <p id={`${id}-err`} role="alert" className="ln-field-error">
          {message}
        </p>
      ) : null}
    </form>
  );
}

/** A picker, not a request body: the one file chosen (the upload sends it as multipart). */
const ZUploadFormSchema = z.object({
  file: z
    .custom<FileList>((v) => v instanceof FileList)
    .transform((files, ctx) => {
      const file = files.item(0);
      if (!file) {
        ctx.addIssue({ code: 'custom', message: 'Choose a file.' });
        return z.NEVER;
      }
      return file;
    }),
});

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
  const upload = useUploadDocument(property, kind);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZUploadFormSchema);
  const chosen = (watch('file') as FileList | undefined)?.length ?? 0;
  const again = item.latest !== null;
  const submit = handleSubmit(async ({ file }) => {
    try {
      await upload.mutateAsync({ type: item.type, file });
      reset();
    } catch (error) {
      setApiErrors(error, setError, ['file'], { focus: false });
    }
  });
  const message = fieldError(errors, 'file') ?? formError(errors);
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
        {...register('file')}
        aria-describedby={message ? `${id}-err` : undefined}
      />{' '}
      <Button type="submit" disabled={!chosen || isSubmitting}>
        {isSubmitting ? 'Uploading…' : again ? 'Send the new file' : 'Upload'}
      </Button>
      {message ? (
        <p id={`${id}-err`} role="alert" className="ln-field-error">
          {message}
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
