import {
  PHOTO_SHOOT_RULES,
  PHOTO_SHOOT_TEXTS,
  type TPhotoShootRuleKey,
  type TWorkOrder,
} from '@lantern/contracts';
import { PHOTO_SHOOT_STATUSES } from '@lantern/domain';
import { Alert, Button, Checkbox, TextAreaField } from '@lantern/ui';
import { useState } from 'react';
import { useReviewShoot, useWorkOrderShoot } from '../api/work-orders.ts';

/**
 * Staff's review of a photography shoot (issue 39): every photo against the MLS's photo rules —
 * each rule ticked before it can be approved — then approve (the customer is mailed) or send it
 * back to the photographer with what to change.
 */
export function ShootReview({
  workOrder,
  onDone,
}: {
  workOrder: TWorkOrder;
  onDone: (decision: 'approve' | 'return') => void;
}) {
  const query = useWorkOrderShoot(workOrder.hash);
  const review = useReviewShoot(workOrder.hash);
  const [checked, setChecked] = useState<Set<TPhotoShootRuleKey>>(new Set());
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (query.isPending) return <p role="status">Loading the shoot…</p>;
  if (query.isError) return <Alert tone="danger">{query.error.message}</Alert>;
  const { shoot } = query.data;
  const open = shoot.status === 'submitted';

  async function decide(decision: 'approve' | 'return') {
    setError(null);
    if (decision === 'approve' && checked.size < PHOTO_SHOOT_RULES.length)
      return setError(PHOTO_SHOOT_TEXTS.rulesUnchecked);
    if (decision === 'return' && !reason.trim()) return setError(PHOTO_SHOOT_TEXTS.reasonNeeded);
    try {
      await review.mutateAsync(
        decision === 'approve' ? { decision, rules: [...checked] } : { decision, reason },
      );
      onDone(decision);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  const toggle = (key: TPhotoShootRuleKey, on: boolean) =>
    setChecked((all) => {
      const next = new Set(all);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <div className="adm-shoot">
      <p>
        {PHOTO_SHOOT_STATUSES[shoot.status].label}: {shoot.photos.length} photo
        {shoot.photos.length === 1 ? '' : 's'}.
        {shoot.licenceAgreedAt
          ? ` The photographer agreed to the licence on ${new Date(shoot.licenceAgreedAt).toLocaleDateString('en-US')}.`
          : ''}
      </p>
      <ul className="ds-shoot__grid" aria-label="Photos of the shoot">
        {shoot.photos.map((p, i) =>
          p.urls ? (
            <li key={p.hash}>
              <a href={p.urls.web} target="_blank" rel="noreferrer">
                <img
                  src={p.urls.thumb}
                  alt={`${p.fileName}, ${i + 1} of ${shoot.photos.length} (opens larger)`}
                />
              </a>
            </li>
          ) : (
            <li key={p.hash}>{p.fileName}</li>
          ),
        )}
      </ul>
      {open ? (
        <>
          <fieldset className="adm-shoot__rules">
            <legend>Every photo follows the MLS’s rules</legend>
            {PHOTO_SHOOT_RULES.map((r) => (
              <Checkbox
                key={r.key}
                label={r.text}
                checked={checked.has(r.key)}
                onChange={(e) => toggle(r.key, e.currentTarget.checked)}
              />
            ))}
          </fieldset>
          <TextAreaField
            label="What to change (to send it back)"
            hint="The photographer reads this."
            value={reason}
            maxLength={2000}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className="adm-actions">
            <Button loading={review.isPending} onClick={() => void decide('approve')}>
              Approve and deliver to the owner
            </Button>
            <Button
              variant="secondary"
              loading={review.isPending}
              onClick={() => void decide('return')}
            >
              Send back to the photographer
            </Button>
          </div>
        </>
      ) : shoot.returnReason && shoot.status === 'returned' ? (
        <Alert tone="warning" title="Sent back">
          {shoot.returnReason}
        </Alert>
      ) : null}
    </div>
  );
}
