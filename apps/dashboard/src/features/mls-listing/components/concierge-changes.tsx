import { CONCIERGE_LISTING_TEXTS as CL, type TMlsListing } from '@lantern/contracts';
import { Alert, Button } from '@lantern/ui';
import { useState } from 'react';
import { useAcceptConciergeChanges } from '../api/listing.ts';

/**
 * The owners' side of the concierge listing (issue 39; decision 065): while the concierge holds
 * the draft, who holds it; once handed back, each change beside the value the owners had, and
 * "Accept the changes" for an owner who can edit (the sign step waits for it).
 */
export function ConciergeState({ listing, property }: { listing: TMlsListing; property: string }) {
  const { heldBy, changes } = listing.concierge;
  if (heldBy) return <Alert tone="info">{CL.heldBy(heldBy)}</Alert>;
  if (!changes) return null;
  return <ConciergeChanges listing={listing} property={property} />;
}

function ConciergeChanges({ listing, property }: { listing: TMlsListing; property: string }) {
  const accept = useAcceptConciergeChanges();
  const [error, setError] = useState<string | null>(null);
  const changes = listing.concierge.changes ?? [];
  const onAccept = async () => {
    setError(null);
    try {
      await accept.mutateAsync({ property });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section className="ds-concierge-changes" aria-labelledby="concierge-changes-title">
      <h2 id="concierge-changes-title">{CL.reviewTitle}</h2>
      <p>{CL.reviewIntro('Your concierge')}</p>
      <div className="ds-table-wrap">
        <table className="ds-table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">{CL.beforeLabel}</th>
              <th scope="col">{CL.afterLabel}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field}>
                <th scope="row">{c.label}</th>
                <td className="ds-change-value">{c.before}</td>
                <td className="ds-change-value">{c.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {listing.canEdit ? (
        <p className="ds-actions">
          <Button onClick={() => void onAccept()} disabled={accept.isPending}>
            {CL.acceptButton}
          </Button>
        </p>
      ) : null}
    </section>
  );
}
