import {
  DOCUMENTS_API,
  type TAdminDocumentRow,
  ZAddRejectReasonRequestSchema,
  ZDocumentReviewRequestSchema,
} from '@lantern/contracts';
import { DOCUMENT_STATES, DOCUMENT_TYPES, TRANSACTION_KINDS } from '@lantern/domain';
import { Button, fieldError, formError, setApiErrors, useSchemaForm } from '@lantern/ui';
import { useId, useState } from 'react';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import {
  documentsKey,
  fetchDocumentsPage,
  useAddRejectReason,
  useRejectReasons,
  useRetireRejectReason,
  useReviewDocument,
} from '../../../features/documents/api/document-review.ts';
import { Requires } from './requires.tsx';

const name = (d: TAdminDocumentRow) => `${DOCUMENT_TYPES[d.type].label}, ${d.property.address}`;

const columns: ReadonlyArray<DataColumn<TAdminDocumentRow>> = [
  {
    id: 'document',
    header: 'Document',
    cell: (d) => (
      <>
        <a href={DOCUMENTS_API.adminFile(d.hash)}>{DOCUMENT_TYPES[d.type].label}</a>
        <br />
        {d.fileName}
        {d.version > 1 ? ` (file ${d.version})` : ''}
      </>
    ),
  },
  {
    id: 'property',
    header: 'Property',
    cell: (d) => `${d.property.address} · ${TRANSACTION_KINDS[d.kind].label}`,
  },
  { id: 'uploader', header: 'Sent by', cell: (d) => d.uploaderEmail ?? 'Former customer' },
  {
    id: 'uploaded',
    header: 'Sent',
    sort: 'uploaded',
    firstDir: 'asc',
    cell: (d) => formatWhen(d.uploadedAt),
  },
  {
    id: 'state',
    header: 'State',
    cell: (d) =>
      d.reasonText
        ? `${DOCUMENT_STATES[d.state].label}: ${d.reasonText}`
        : DOCUMENT_STATES[d.state].label,
  },
];

const FILTERS = [
  {
    name: 'state',
    label: 'State',
    default: 'submitted',
    options: [
      { value: 'submitted', label: 'Waiting for review' },
      { value: 'rejected', label: 'Sent back' },
      { value: 'approved', label: 'Approved' },
      { value: 'exempt', label: 'Not needed' },
      { value: 'all', label: 'Every state' },
    ],
  },
] as const;

/** The request's own "send back" rule, without the decision the form stands for. */
const ZSendBackSchema = ZDocumentReviewRequestSchema.options[2].omit({ decision: true });

function SendBackForm({ doc, onCancel }: { doc: TAdminDocumentRow; onCancel: () => void }) {
  const id = useId();
  const review = useReviewDocument(doc.hash);
  const reasons = useRejectReasons();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useSchemaForm(ZSendBackSchema, { defaultValues: { reason: '', note: '' } });
  const sendBack = handleSubmit(async (values) => {
    try {
      await review.mutateAsync({ decision: 'reject', ...values });
    } catch (error) {
      setApiErrors(error, setError, ['reason', 'note']);
    }
  });
  const message = formError(errors) ?? fieldError(errors, 'reason') ?? fieldError(errors, 'note');
  return (
    <>
      <form onSubmit={sendBack} aria-label={`Send back: ${name(doc)}`}>
        <label htmlFor={`${id}-reason`}>Reason</label>{' '}
        <select id={`${id}-reason`} {...register('reason')} required>
          <option value="">Choose a reason</option>
          {(reasons.data?.reasons ?? [])
            .filter((r) => !r.retired)
            .map((r) => (
              <option key={r.key} value={r.key}>
                {r.label}
              </option>
            ))}
        </select>{' '}
        <label htmlFor={`${id}-note`}>Note (optional)</label>{' '}
        <input id={`${id}-note`} {...register('note')} />{' '}
        <Button
          type="submit"
          variant="danger"
          size="sm"
          disabled={!watch('reason') || review.isPending}
        >
          Send back
        </Button>{' '}
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </form>
      {message ? <p role="alert">{message}</p> : null}
    </>
  );
}

function ReviewActions({ doc }: { doc: TAdminDocumentRow }) {
  const review = useReviewDocument(doc.hash);
  const [rejecting, setRejecting] = useState(false);
  if (doc.state !== 'submitted') return null;
  if (rejecting)
    return (
      <div>
        <SendBackForm doc={doc} onCancel={() => setRejecting(false)} />
      </div>
    );
  return (
    <div>
      <Button
        size="sm"
        disabled={review.isPending}
        aria-label={`Approve: ${name(doc)}`}
        onClick={() => review.mutate({ decision: 'approve' })}
      >
        Approve
      </Button>{' '}
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Send back: ${name(doc)}`}
        onClick={() => setRejecting(true)}
      >
        Send back…
      </Button>{' '}
      <Button
        size="sm"
        variant="ghost"
        disabled={review.isPending}
        aria-label={`Not needed: ${name(doc)}`}
        onClick={() => review.mutate({ decision: 'exempt' })}
      >
        Not needed
      </Button>
      {review.isError ? <p role="alert">{review.error.message}</p> : null}
    </div>
  );
}

/** The reasons staff choose from when sending a document back: add, retire, offer again. */
function RejectReasons() {
  const id = useId();
  const reasons = useRejectReasons();
  const add = useAddRejectReason();
  const retire = useRetireRejectReason();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useSchemaForm(ZAddRejectReasonRequestSchema, { defaultValues: { label: '' } });
  const submit = handleSubmit(async ({ label }) => {
    try {
      await add.mutateAsync(label);
      reset();
    } catch (error) {
      setApiErrors(error, setError, ['label']);
    }
  });
  const error = formError(errors) ?? fieldError(errors, 'label');
  return (
    <section aria-labelledby={`${id}-h`} className="ln-card">
      <h2 id={`${id}-h`}>Reasons for sending a document back</h2>
      {reasons.data ? (
        <ul>
          {reasons.data.reasons.map((r) => (
            <li key={r.key}>
              {r.label}
              {r.retired ? ' (retired)' : ''}{' '}
              <Button
                size="sm"
                variant="ghost"
                disabled={retire.isPending}
                aria-label={`${r.retired ? 'Offer again' : 'Retire'}: ${r.label}`}
                onClick={() => retire.mutate({ key: r.key, retired: !r.retired })}
              >
                {r.retired ? 'Offer again' : 'Retire'}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">Loading…</p>
      )}
      <form onSubmit={submit}>
        <label htmlFor={`${id}-label`}>New reason</label>{' '}
        <input
          id={`${id}-label`}
          {...register('label')}
          maxLength={200}
          aria-describedby={error ? `${id}-err` : undefined}
        />{' '}
        <Button type="submit" size="sm" disabled={add.isPending || !watch('label').trim()}>
          Add the reason
        </Button>
        {error ? (
          <p id={`${id}-err`} role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}

/** Staff's document review (issue 23): the latest file of each checklist item, by state. */
export function DocumentReviewPage() {
  return (
    <Requires permission="documents.review">
      <section className="ds-page" aria-labelledby="documents-title">
        <h1 id="documents-title">Documents</h1>
        <DataTable<TAdminDocumentRow>
          caption="Documents"
          queryKey={documentsKey}
          fetchPage={fetchDocumentsPage}
          columns={columns}
          rowKey={(d) => d.hash}
          filters={FILTERS}
          defaultSort={{ sort: 'uploaded', dir: 'asc' }}
          rowActions={(d) => <ReviewActions doc={d} />}
          searchLabel="Search by street, city or who sent it"
          empty={(filtered) =>
            filtered ? <p>No document in this state.</p> : <p>No documents yet.</p>
          }
        />
        <RejectReasons />
      </section>
    </Requires>
  );
}
