import {
  INVOICE_STATUS_LABELS,
  LISTING_EVENT_LABELS,
  LISTING_REVIEW_TEXTS,
  MLS_LISTING_STATUS_LABELS,
  returnReasonLabel,
  type TAdminListingDetail,
} from '@lantern/contracts';
import { ADMIN_LISTINGS_PAGES, ADMIN_PAGES, formatCents } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatWhen } from '../../../components/data-table/format.ts';
import { useAdminListing } from '../../../features/mls-listing-review/api/mls-listings.ts';
import { ListingDecisions } from '../../../features/mls-listing-review/components/listing-decisions.tsx';
import { ListingFields } from '../../../features/mls-listing-review/components/listing-fields.tsx';
import { Requires } from './requires.tsx';

/** Issue 18: one MLS listing with everything staff check, and the decisions on a submitted one. */
export function MlsListingPage() {
  return (
    <Requires permission="listings.review">
      <ListingDetail />
    </Requires>
  );
}

function ListingDetail() {
  const { hash = '' } = useParams();
  const listing = useAdminListing(hash);
  const [decided, setDecided] = useState<string | null>(null);
  if (listing.isPending) return <p role="status">Loading…</p>;
  if (listing.isError) return <Alert tone="danger">{listing.error.message}</Alert>;
  const l = listing.data;
  return (
    <section className="ds-page" aria-labelledby="listing-title">
      <p>
        <Link to={ADMIN_LISTINGS_PAGES.listings}>MLS listings</Link>
      </p>
      <h1 id="listing-title" className="adm-title">
        {l.property.streetAddress}, {l.property.city}, {l.property.state}{' '}
        <span className="adm-status">{MLS_LISTING_STATUS_LABELS[l.status]}</span>
      </h1>
      <p className="ds-muted">
        {l.order.productName} ·{' '}
        {l.submittedAt ? `submitted ${formatWhen(l.submittedAt)}` : 'not submitted'} ·{' '}
        {l.board ? l.board.name : LISTING_REVIEW_TEXTS.noBoard}
      </p>
      <p role="status">{decided}</p>
      <Outcome listing={l} />

      <section className="adm-section" aria-labelledby="owners-title">
        <h2 id="owners-title">Owners</h2>
        {l.form.Owners?.length ? (
          <ul>
            {l.form.Owners.map((o) => (
              <li key={o.email}>
                {o.name} · <a href={`mailto:${o.email}`}>{o.email}</a>
              </li>
            ))}
          </ul>
        ) : (
          <p>No owner named yet.</p>
        )}
      </section>

      <section className="adm-section" aria-labelledby="location-title">
        <h2 id="location-title">Property and MLS</h2>
        <p>
          {l.property.streetAddress}, {l.property.city}, {l.property.state} {l.property.zipCode}
          {l.property.county ? ` · ${l.property.county}` : ' · no county on the property'}
        </p>
        <p>
          MLS:{' '}
          {l.board ? (
            <a href={l.board.website} rel="noreferrer" target="_blank">
              {l.board.name}
            </a>
          ) : (
            <strong>{LISTING_REVIEW_TEXTS.noBoard}</strong>
          )}
        </p>
      </section>

      <Invoice listing={l} />

      <section className="adm-section" aria-labelledby="fields-title">
        <h2 id="fields-title">Listing details</h2>
        <ListingFields listing={l} />
        <h3>Public remarks</h3>
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
      </section>

      <section className="adm-section" aria-labelledby="photos-title">
        <h2 id="photos-title">Photos ({l.photos.length})</h2>
        {l.photos.length ? (
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
              </li>
            ))}
          </ol>
        ) : (
          <p>No photo is ready.</p>
        )}
      </section>

      {l.returnReasons && l.status !== 'returned' ? (
        <section className="adm-section" aria-labelledby="last-reasons-title">
          <h2 id="last-reasons-title">Reasons it was sent back last time</h2>
          <Reasons reasons={l.returnReasons} />
        </section>
      ) : null}

      {l.history.length ? (
        <section className="adm-section" aria-labelledby="history-title">
          <h2 id="history-title">History</h2>
          <ul>
            {l.history.map((h) => (
              <li key={`${h.at}-${h.kind}`}>
                {formatWhen(h.at)}: {LISTING_EVENT_LABELS[h.kind]}
                {h.board ? ` (${h.board})` : ''}
                {h.by ? `, by ${h.by}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {l.status === 'submitted' ? (
        <ListingDecisions listing={l} onDone={setDecided} key={l.hash} />
      ) : null}
    </section>
  );
}

/** Where the listing stands once decided, in a sentence. */
function Outcome({ listing: l }: { listing: TAdminListingDetail }) {
  if (l.status === 'live')
    return (
      <Alert tone="success">
        Live on {l.board?.name ?? 'the MLS'} as MLS number {l.mlsNumber}
        {l.liveAt ? ` since ${formatWhen(l.liveAt)}` : ''}.
      </Alert>
    );
  if (l.status === 'returned' && l.returnReasons)
    return (
      <Alert tone="info" title="Sent back to the owners">
        <Reasons reasons={l.returnReasons} />
      </Alert>
    );
  if (l.status === 'rejected')
    return (
      <Alert tone="warning" title="Cannot be listed">
        {l.rejectedReason}
      </Alert>
    );
  if (l.status === 'submitted' && l.rejectedReason)
    return (
      <Alert tone="warning" title="A refund did not finish">
        “Cannot be listed” was started ({l.rejectedReason}) but not every payment could be refunded.
        Try “Cannot be listed” again: it refunds what is left.
      </Alert>
    );
  return null;
}

function Reasons({ reasons }: { reasons: Record<string, string[]> }) {
  return (
    <ul>
      {Object.entries(reasons).flatMap(([field, list]) =>
        list.map((r) => (
          <li key={`${field}-${r}`}>
            <strong>{returnReasonLabel(field)}:</strong> {r}
          </li>
        )),
      )}
    </ul>
  );
}

function Invoice({ listing: l }: { listing: TAdminListingDetail }) {
  const inv = l.invoice;
  return (
    <section className="adm-section" aria-labelledby="invoice-title">
      <h2 id="invoice-title">Invoice</h2>
      {inv ? (
        <>
          <p>
            <Link to={ADMIN_PAGES.invoice(inv.hash)}>{inv.number}</Link> ·{' '}
            {INVOICE_STATUS_LABELS[inv.status]} · order {l.order.status.replace('_', ' ')}
          </p>
          <ul>
            {inv.lines.map((line, i) => (
              <li key={`${i}-${line.description}`}>
                {line.description}: {formatCents(line.amountCents)}
              </li>
            ))}
          </ul>
          <dl className="adm-figures">
            {(
              [
                ['Total', inv.totalCents],
                ['Paid', inv.paidCents],
                ['Refunded', inv.refundedCents],
              ] as const
            ).map(([label, cents]) => (
              <div key={label} className="adm-figure">
                <dt>{label}</dt>
                <dd>{formatCents(cents)}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p>Nothing has been billed for this listing.</p>
      )}
    </section>
  );
}
