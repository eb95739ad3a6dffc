import {
  CONCIERGE_LISTING_TEXTS as CL,
  CONCIERGE_DRAFT_PAGES,
  LISTING_EVENT_LABELS,
  MLS_LISTING_STATUS_LABELS,
  photoReasonKey,
  RETURN_REASON_FIELD_LABELS as R,
  returnReasonLabel,
  type TConciergeListingDetail,
  ZConciergeReturnRequestSchema,
} from '@lantern/contracts';
import { CONCIERGE_PAGES, CONCIERGE_TEXTS as CT } from '@lantern/domain';
import {
  Alert,
  Button,
  fieldError,
  formError,
  setApiErrors,
  TextAreaField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { formatWhen } from '../../../components/data-table/format.ts';
import { listingFieldRows } from '../../../features/mls-listing-review/components/listing-fields.tsx';
import {
  useConciergeListing,
  useConciergeReady,
  useConciergeReturn,
} from '../../../features/vendor/api/concierge.ts';

/**
 * /vendor/concierge/:hash (issue 24; decision 048): one of the concierge's listings as the
 * customer built it, a note box beside each field and photo, and the two actions while it is
 * with them: return it to the customer with the notes, or mark it ready for staff review.
 */
export function ConciergeListingPage() {
  const { hash = '' } = useParams();
  const listing = useConciergeListing(hash);
  if (listing.isPending) return <p role="status">Loading…</p>;
  if (listing.isError) return <Alert tone="danger">{listing.error.message}</Alert>;
  return <Review listing={listing.data} />;
}

/** A note box per field and photo; the ones left empty are not sent. */
const ZReturnFormSchema = z
  .object({ notes: z.record(z.string(), z.string().optional()) })
  .transform(({ notes }) => ({
    notes: Object.entries(notes)
      .map(([field, text]) => ({ field, note: (text ?? '').trim() }))
      .filter((n) => n.note.length > 0),
  }))
  .pipe(ZConciergeReturnRequestSchema);

function Review({ listing: l }: { listing: TConciergeListingDetail }) {
  const [said, setSaid] = useState<string | null>(null);
  const giveBack = useConciergeReturn(l.hash);
  const ready = useConciergeReady(l.hash);
  const busy = giveBack.isPending || ready.isPending;
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useSchemaForm(ZReturnFormSchema, { defaultValues: { notes: {} } });
  const error = formError(errors) ?? fieldError(errors, 'notes');

  const note = (field: string, label: string) =>
    l.waiting ? (
      <TextAreaField label={label} rows={2} maxLength={1000} {...register(`notes.${field}`)} />
    ) : null;

  const onReturn = handleSubmit(async (request) => {
    try {
      await giveBack.mutateAsync(request);
      reset();
      setSaid(CT.returned);
    } catch (err) {
      setApiErrors(err, setError, ['notes']);
    }
  });

  async function onReady() {
    clearErrors();
    try {
      await ready.mutateAsync({});
      setSaid(CT.ready);
    } catch (err) {
      setApiErrors(err, setError, []);
    }
  }

  const rows = listingFieldRows(l);
  return (
    <section className="ds-page" aria-labelledby="concierge-listing-title">
      <p>
        <Link to={CONCIERGE_PAGES.list}>{CT.listTitle}</Link>
      </p>
      <h1 id="concierge-listing-title">
        {l.property.streetAddress}, {l.property.city}, {l.property.state}{' '}
        <span className="adm-status">{MLS_LISTING_STATUS_LABELS[l.status]}</span>
      </h1>
      <p role="status">{said}</p>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {l.conciergeListing && (l.status === 'draft' || l.status === 'returned') ? (
        <p>
          {CL.draftIntro}{' '}
          <Link
            to={`${CONCIERGE_DRAFT_PAGES.step('form')}?property=${encodeURIComponent(l.propertyHash)}`}
          >
            Open the draft
          </Link>
        </p>
      ) : l.waiting ? null : (
        <p>{CT.notWaiting}</p>
      )}

      <form onSubmit={onReturn} aria-labelledby="concierge-listing-title">
        <section className="adm-section" aria-labelledby="c-fields-title">
          <h2 id="c-fields-title">Listing details</h2>
          <dl className="adm-details">
            {rows.map((r, i) => (
              <div key={r.label}>
                <dt>{r.label}</dt>
                <dd>
                  {r.value ?? <span className="ds-muted">Not given</span>}
                  {rows[i + 1]?.field === r.field
                    ? null
                    : note(r.field, CT.noteLabel(returnReasonLabel(r.field)))}
                </dd>
              </div>
            ))}
          </dl>
          <h3>{R.PublicRemarks}</h3>
          <p className="adm-remarks">{l.form.PublicRemarks ?? 'None written.'}</p>
          {l.warnings.length ? (
            <ul>
              {l.warnings.map((w) => (
                <li key={w.phrase} className="ln-alert ln-alert--warning">
                  {w.message}
                </li>
              ))}
            </ul>
          ) : null}
          {note('PublicRemarks', CT.noteLabel(R.PublicRemarks))}
          <h3>{R.Owners}</h3>
          <ul>
            {(l.form.Owners ?? []).map((o) => (
              <li key={o.email}>
                {o.name} · {o.email}
              </li>
            ))}
          </ul>
          {note('Owners', CT.noteLabel(R.Owners))}
        </section>

        <section className="adm-section" aria-labelledby="c-photos-title">
          <h2 id="c-photos-title">Photos ({l.photos.length})</h2>
          <ol className="adm-photos">
            {l.photos.map((p, i) => (
              <li key={p.hash}>
                <a href={p.urls.web} target="_blank" rel="noreferrer">
                  <img
                    src={p.urls.thumb}
                    alt={p.caption || `Photo ${i + 1}: ${p.fileName}`}
                    loading="lazy"
                  />
                </a>
                {p.caption ? <span className="adm-sub">{p.caption}</span> : null}
                {note(photoReasonKey(p.hash), CT.photoNoteLabel(i + 1))}
              </li>
            ))}
          </ol>
          {note('photos', CT.noteLabel('the photos as a whole'))}
        </section>

        {l.waiting ? (
          <section className="adm-section" aria-labelledby="c-decide-title">
            <h2 id="c-decide-title">Your review</h2>
            {note('listing', CT.noteLabel(R.listing.toLowerCase()))}
            <p>
              <Button type="submit" disabled={busy}>
                {CT.returnButton}
              </Button>{' '}
              <Button type="button" variant="secondary" disabled={busy} onClick={onReady}>
                {CT.readyButton}
              </Button>
            </p>
          </section>
        ) : null}
      </form>

      {l.returnReasons ? (
        <section className="adm-section" aria-labelledby="c-last-title">
          <h2 id="c-last-title">Notes sent back last time</h2>
          <ul>
            {Object.entries(l.returnReasons).flatMap(([field, list]) =>
              list.map((text) => (
                <li key={`${field}-${text}`}>
                  <strong>{photoLabel(l, field)}:</strong> {text}
                </li>
              )),
            )}
          </ul>
        </section>
      ) : null}

      <section className="adm-section" aria-labelledby="c-history-title">
        <h2 id="c-history-title">History</h2>
        <ul>
          {l.history.map((h) => (
            <li key={`${h.at}-${h.kind}`}>
              {formatWhen(h.at)}: {LISTING_EVENT_LABELS[h.kind]}
              {h.by ? ` (${h.by})` : ''}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

/** A note's place in words: "Photo 2" for one of the listing's photos, else the field's label. */
function photoLabel(l: TConciergeListingDetail, field: string) {
  const i = l.photos.findIndex((p) => photoReasonKey(p.hash) === field);
  return i >= 0 ? `Photo ${i + 1}` : returnReasonLabel(field);
}
