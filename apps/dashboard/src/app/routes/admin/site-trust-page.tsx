import type { TReviewRating, TSiteTrustAdmin, TStateNotice } from '@lantern/contracts';
import { Alert, Button, Dialog } from '@lantern/ui';
import { useState } from 'react';
import { useRemoveTrustEntry, useSiteTrust } from '../../../features/site-trust/api/site-trust.ts';
import { ReviewRatingForm } from '../../../features/site-trust/components/review-rating-form.tsx';
import { StateNoticeForm } from '../../../features/site-trust/components/state-notice-form.tsx';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';

type Editing =
  | { kind: 'notice'; notice: TStateNotice | null }
  | { kind: 'review'; review: TReviewRating | null }
  | null;

const stars = (tenths: number) => (tenths / 10).toFixed(1);

/**
 * Admin → Trust and notices (issue 45; docs/decisions/080): the notices each state we are
 * licensed in requires on our website, and review ratings with their source, both shown in the
 * footer of every public page. Every staff member reads it; "Manage trust and notices" changes it.
 */
export function SiteTrustPage() {
  const access = useStaffAccess();
  const canEdit = grants(access.data?.permissions, 'site.manage');
  const trust = useSiteTrust();
  const remove = useRemoveTrustEntry();
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState('');

  const removeEntry = async (kind: 'notice' | 'review', id: number, name: string) => {
    if (!window.confirm(`Remove ${name} from the footer of every page?`)) return;
    await remove.mutateAsync({ kind, id });
    setStatus(`Removed ${name}.`);
  };
  const done = (what: string) => {
    setEditing(null);
    setStatus(`Saved ${what}. Every page of the site shows it now.`);
  };

  return (
    <section className="ds-page" aria-labelledby="trust-title">
      <h1 id="trust-title">Trust and notices</h1>
      <p>
        What the footer of every public page shows besides our licenses and the Equal Housing
        Opportunity mark: the notices each state we are licensed in requires on a brokerage’s
        website, and review ratings copied from review sites with a link to them. Nothing is shown
        that is not entered here.
      </p>
      {canEdit ? null : (
        <p className="ds-muted">Changing these needs the “Manage trust and notices” permission.</p>
      )}
      <p role="status">{status}</p>
      {trust.error ? <Alert tone="danger">{trust.error.message}</Alert> : null}
      {remove.error ? <Alert tone="danger">{remove.error.message}</Alert> : null}
      {trust.data ? (
        <>
          <NoticesTable
            data={trust.data}
            canEdit={canEdit}
            onEdit={(notice) => setEditing({ kind: 'notice', notice })}
            onRemove={(n) => removeEntry('notice', n.id, `${n.stateName}: ${n.label}`)}
          />
          <ReviewsTable
            data={trust.data}
            canEdit={canEdit}
            onEdit={(review) => setEditing({ kind: 'review', review })}
            onRemove={(r) => removeEntry('review', r.id, `the ${r.source} rating`)}
          />
          <h2>Homes listed</h2>
          <p>
            {trust.data.homesListed.count.toLocaleString('en-US')} homes have been listed on our
            site.{' '}
            {trust.data.homesListed.count >= trust.data.homesListed.floor
              ? 'The footer says so.'
              : `The footer says so from ${trust.data.homesListed.floor} on.`}
          </p>
        </>
      ) : null}
      <Dialog
        title={dialogTitle(editing)}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      >
        {editing?.kind === 'notice' ? (
          <StateNoticeForm
            notice={editing.notice}
            onDone={(n) => done(`${n.stateName}: ${n.label}`)}
          />
        ) : null}
        {editing?.kind === 'review' ? (
          <ReviewRatingForm
            review={editing.review}
            onDone={(r) => done(`the ${r.source} rating`)}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

function dialogTitle(editing: Editing): string {
  if (editing?.kind === 'notice')
    return editing.notice ? 'Change state notice' : 'Add a state notice';
  if (editing?.kind === 'review')
    return editing.review ? 'Change review rating' : 'Add a review rating';
  return '';
}

function NoticesTable({
  data,
  canEdit,
  onEdit,
  onRemove,
}: {
  data: TSiteTrustAdmin;
  canEdit: boolean;
  onEdit: (notice: TStateNotice | null) => void;
  onRemove: (notice: TStateNotice) => void;
}) {
  return (
    <>
      <h2 id="notices-title">State notices</h2>
      {canEdit ? <Button onClick={() => onEdit(null)}>Add a state notice</Button> : null}
      {data.notices.length === 0 ? (
        <p className="ds-muted">No state notices: the footer shows none.</p>
      ) : (
        <div className="ds-table-wrap">
          <table className="ds-table" aria-labelledby="notices-title">
            <thead>
              <tr>
                <th scope="col">State</th>
                <th scope="col">Link</th>
                <th scope="col">Order</th>
                {canEdit ? (
                  <th scope="col">
                    <span className="ln-visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {data.notices.map((n) => (
                <tr key={n.id}>
                  <th scope="row">{n.stateName}</th>
                  <td>
                    <a href={n.url} target="_blank" rel="noopener noreferrer">
                      {n.label}
                    </a>
                  </td>
                  <td>{n.position}</td>
                  {canEdit ? (
                    <td className="adm-actions">
                      <Button size="sm" variant="secondary" onClick={() => onEdit(n)}>
                        Edit <span className="ln-visually-hidden">{n.label}</span>
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => onRemove(n)}>
                        Remove <span className="ln-visually-hidden">{n.label}</span>
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function ReviewsTable({
  data,
  canEdit,
  onEdit,
  onRemove,
}: {
  data: TSiteTrustAdmin;
  canEdit: boolean;
  onEdit: (review: TReviewRating | null) => void;
  onRemove: (review: TReviewRating) => void;
}) {
  return (
    <>
      <h2 id="reviews-title">Review ratings</h2>
      {canEdit ? <Button onClick={() => onEdit(null)}>Add a review rating</Button> : null}
      {data.reviews.length === 0 ? (
        <p className="ds-muted">No review ratings: the footer shows none.</p>
      ) : (
        <div className="ds-table-wrap">
          <table className="ds-table" aria-labelledby="reviews-title">
            <thead>
              <tr>
                <th scope="col">Review site</th>
                <th scope="col">Rating</th>
                <th scope="col">Reviews</th>
                <th scope="col">Order</th>
                {canEdit ? (
                  <th scope="col">
                    <span className="ln-visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {data.reviews.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <a href={r.url} target="_blank" rel="noopener noreferrer">
                      {r.source}
                    </a>
                  </th>
                  <td>{stars(r.ratingTenths)} of 5</td>
                  <td>{r.reviewCount.toLocaleString('en-US')}</td>
                  <td>{r.position}</td>
                  {canEdit ? (
                    <td className="adm-actions">
                      <Button size="sm" variant="secondary" onClick={() => onEdit(r)}>
                        Edit <span className="ln-visually-hidden">{r.source}</span>
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => onRemove(r)}>
                        Remove <span className="ln-visually-hidden">{r.source}</span>
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
