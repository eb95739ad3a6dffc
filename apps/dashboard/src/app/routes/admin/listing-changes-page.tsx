import {
  ADMIN_LISTINGS_API,
  CHANGE_KIND_LABELS,
  CHANGE_STATUS_LABELS,
  LISTING_MANAGE_TEXTS as LM,
  STANDARD_STATUS_LABELS,
  streetAddressUnit,
  type TAdminChangeRow,
  ZDeclineChangeSchema,
  ZStaffDecisionSchema,
} from '@lantern/contracts';
import { ADMIN_LISTINGS_PAGES } from '@lantern/domain';
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  Dialog,
  fieldError,
  formError,
  setApiErrors,
  TextAreaField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import {
  adminDocumentHref,
  fetchListingChangesPage,
  listingChangesKey,
  useCompleteChange,
  useDeclineChange,
} from '../../../features/mls-listing-review/api/listing-changes.ts';
import { Requires } from './requires.tsx';

const TONES: Record<TAdminChangeRow['status'], BadgeTone> = {
  pending: 'warning',
  completed: 'success',
  declined: 'neutral',
};

/** What staff carry out: the summary, and the words or figures that go with it. */
function WhatToDo({ row }: { row: TAdminChangeRow }) {
  const d = row.details;
  return (
    <>
      <strong>{CHANGE_KIND_LABELS[row.kind]}</strong>: {row.summary}
      {d.kind === 'remarks' ? <p className="adm-pre-line">{d.PublicRemarks}</p> : null}
      {d.kind === 'photos' ? (
        <>
          <p className="adm-pre-line">{d.instructions}</p>
          {d.photos?.length ? <ChosenPhotos change={row.hash} photos={d.photos} /> : null}
          <p className="ds-muted">{LM.photosManual}</p>
        </>
      ) : null}
    </>
  );
}

/** The set a photo change chose (issue 39), each photo's original to download for the MLS. */
function ChosenPhotos({ change, photos }: { change: string; photos: readonly string[] }) {
  return (
    <>
      <p>{LM.photosSet(photos.length)}</p>
      <ol className="ds-photo-set">
        {photos.map((photo, i) => (
          <li key={photo}>
            <a href={ADMIN_LISTINGS_API.changePhoto(change, photo, 'original')} download>
              <img
                src={ADMIN_LISTINGS_API.changePhoto(change, photo, 'thumb')}
                alt={`${i + 1} of ${photos.length}: download the original`}
              />
            </a>
          </li>
        ))}
      </ol>
    </>
  );
}

const columns: ReadonlyArray<DataColumn<TAdminChangeRow>> = [
  {
    id: 'property',
    header: 'Property',
    cell: (r) => (
      <>
        <Link to={ADMIN_LISTINGS_PAGES.listing(r.listing)}>
          {streetAddressUnit(r.property.streetAddress, r.property.unit)}
        </Link>
        <div className="ds-muted">
          {r.property.city}, {r.property.state}
        </div>
      </>
    ),
  },
  {
    id: 'mls',
    header: 'MLS number',
    cell: (r) => (
      <>
        {r.mlsNumber ?? '—'}
        {r.standardStatus ? (
          <div className="ds-muted">{STANDARD_STATUS_LABELS[r.standardStatus]}</div>
        ) : null}
      </>
    ),
  },
  { id: 'change', header: 'Change', cell: (r) => <WhatToDo row={r} /> },
  {
    id: 'requested',
    header: 'Asked by',
    cell: (r) => (
      <>
        {r.requestedBy ?? '—'}
        {r.requestedByEmail && r.requestedByEmail !== r.requestedBy ? (
          <div className="ds-muted">{r.requestedByEmail}</div>
        ) : null}
      </>
    ),
  },
  {
    id: 'created',
    header: 'Asked on',
    sort: 'created',
    firstDir: 'asc',
    cell: (r) => formatWhen(r.createdAt),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (r) => (
      <>
        <Badge tone={TONES[r.status]}>{CHANGE_STATUS_LABELS[r.status]}</Badge>
        {r.decidedAt ? (
          <div className="ds-muted">
            {formatWhen(r.decidedAt)}
            {r.decidedBy ? ` by ${r.decidedBy}` : ''}
          </div>
        ) : null}
        {r.staffNote ? <p>{r.staffNote}</p> : null}
      </>
    ),
  },
];

const STATUS_FILTER = {
  name: 'status',
  label: 'Status',
  default: 'pending',
  options: [
    { value: 'pending', label: 'To do' },
    { value: 'completed', label: 'Done' },
    { value: 'declined', label: 'Declined' },
    { value: 'all', label: 'Every change' },
  ],
} as const;

type Deciding = { row: TAdminChangeRow; done: boolean };

/**
 * Issue 18, "Manage": every change owners asked for on a live listing, as work of its own. Staff
 * make the change on the MLS and mark it done (the listing's price, remarks, end date or status
 * follow), or decline it with a note the owners read.
 */
export function ListingChangesPage() {
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  return (
    <Requires permission="listings.review">
      <section className="ds-page" aria-labelledby="listing-changes-title">
        <h1 id="listing-changes-title">{LM.queueTitle}</h1>
        <p>
          Price, remarks, photo, status and renewal changes owners signed for their live listings,
          oldest first. Make each one on the MLS, then mark it done.
        </p>
        <div role="status">
          {said ? (
            <Alert tone="success" announce={false}>
              {said}
            </Alert>
          ) : null}
        </div>
        <DataTable<TAdminChangeRow>
          caption={LM.queueTitle}
          queryKey={listingChangesKey}
          fetchPage={fetchListingChangesPage}
          columns={columns}
          rowKey={(r) => r.hash}
          filters={[STATUS_FILTER]}
          defaultSort={{ sort: 'created', dir: 'asc' }}
          searchLabel="Search by street, city, MLS number or email"
          rowActions={(r) => (
            <>
              {r.document ? (
                <a
                  className="ln-btn ln-btn--secondary ln-btn--sm"
                  href={adminDocumentHref(r.listing, r.document)}
                  download
                >
                  Signed form <span className="ln-visually-hidden">of {r.summary}</span>
                </a>
              ) : null}
              {r.status === 'pending' ? (
                <>
                  <Button
                    size="sm"
                    onClick={() => {
                      setSaid(null);
                      setDeciding({ row: r, done: true });
                    }}
                  >
                    {LM.completeButton}
                    <span className="ln-visually-hidden">: {r.summary}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => {
                      setSaid(null);
                      setDeciding({ row: r, done: false });
                    }}
                  >
                    {LM.declineButton}
                    <span className="ln-visually-hidden">: {r.summary}</span>
                  </Button>
                </>
              ) : null}
            </>
          )}
          empty={(filtered) =>
            filtered ? <p>No change matches this search.</p> : <p>No changes to make.</p>
          }
        />
        <Dialog
          title={
            deciding
              ? `${deciding.done ? LM.completeButton : LM.declineButton}: ${deciding.row.summary}`
              : ''
          }
          open={deciding !== null}
          onOpenChange={(open) => !open && setDeciding(null)}
        >
          {deciding ? (
            <DecisionForm
              deciding={deciding}
              onDone={(message) => {
                setDeciding(null);
                setSaid(message);
              }}
            />
          ) : null}
        </Dialog>
      </section>
    </Requires>
  );
}

function DecisionForm({
  deciding,
  onDone,
}: {
  deciding: Deciding;
  onDone: (message: string) => void;
}) {
  return deciding.done ? (
    <CompleteForm row={deciding.row} onDone={onDone} />
  ) : (
    <DeclineForm row={deciding.row} onDone={onDone} />
  );
}

function CompleteForm({
  row,
  onDone,
}: {
  row: TAdminChangeRow;
  onDone: (message: string) => void;
}) {
  const complete = useCompleteChange();
  const form = useSchemaForm(ZStaffDecisionSchema, { defaultValues: { note: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const out = await complete.mutateAsync({ hash: row.hash, note: values.note || undefined });
      onDone(out.message);
    } catch (error) {
      setApiErrors(error, form.setError, ['note']);
    }
  });
  const problem = formError(errors);
  return (
    <form onSubmit={submit} noValidate>
      <p>Mark this done once the change is made on the MLS. The owners are emailed.</p>
      <TextAreaField
        label={LM.completeNote}
        error={fieldError(errors, 'note')}
        {...form.register('note')}
      />
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <p className="ds-actions">
        <Button type="submit" loading={isSubmitting}>
          {LM.completeButton}
        </Button>
      </p>
    </form>
  );
}

function DeclineForm({ row, onDone }: { row: TAdminChangeRow; onDone: (message: string) => void }) {
  const decline = useDeclineChange();
  const form = useSchemaForm(ZDeclineChangeSchema, { defaultValues: { note: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const out = await decline.mutateAsync({ hash: row.hash, note: values.note });
      onDone(out.message);
    } catch (error) {
      setApiErrors(error, form.setError, ['note']);
    }
  });
  const problem = formError(errors);
  return (
    <form onSubmit={submit} noValidate>
      <TextAreaField
        label={LM.declineNote}
        error={fieldError(errors, 'note')}
        {...form.register('note')}
      />
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <p className="ds-actions">
        <Button type="submit" variant="danger" loading={isSubmitting}>
          {LM.declineButton}
        </Button>
      </p>
    </form>
  );
}
