import type { TPortalFeed, TPortalFeedCreated } from '@lantern/contracts';
import { Badge, Button } from '@lantern/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import { useRevokePortalFeed, useRotatePortalFeed } from '../api/portal-feeds.ts';

type Asking = { feed: TPortalFeed; action: 'rotate' | 'revoke' } | null;

const ASK = {
  rotate: {
    title: (name: string) => `Give ${name} a new address?`,
    description:
      'The address the portal has now stops working at once. The new one is shown once, to send to the portal.',
    confirm: 'Rotate the address',
  },
  revoke: {
    title: (name: string) => `Stop the feed to ${name}?`,
    description:
      'Its address stops working for good and owners no longer see this portal. You cannot undo this.',
    confirm: 'Revoke the feed',
  },
} as const;

/**
 * The portal feeds, newest first: when each was made, rotated and last fetched, and how many
 * listings their owners keep out of it; rotate hands a new address up to be shown once.
 */
export function PortalFeedsTable({
  feeds,
  onRotated,
}: {
  feeds: TPortalFeed[];
  onRotated: (made: TPortalFeedCreated) => void;
}) {
  const rotate = useRotatePortalFeed();
  const revoke = useRevokePortalFeed();
  const [asking, setAsking] = useState<Asking>(null);
  const pending = asking?.action === 'rotate' ? rotate : revoke;
  const close = () => {
    setAsking(null);
    rotate.reset();
    revoke.reset();
  };
  const confirm = () => {
    if (!asking) return;
    if (asking.action === 'revoke') {
      revoke.mutate(asking.feed.hash, { onSuccess: close });
      return;
    }
    rotate.mutate(asking.feed.hash, {
      onSuccess: (made) => {
        close();
        onRotated(made);
      },
    });
  };
  if (!feeds.length) return <p>No portal gets our feed yet.</p>;
  const ask = asking ? ASK[asking.action] : null;
  return (
    <>
      <div className="ds-table-wrap">
        <table className="ds-table" aria-labelledby="feeds-title">
          <thead>
            <tr>
              <th scope="col">Portal</th>
              <th scope="col">Made</th>
              <th scope="col">Address rotated</th>
              <th scope="col">Last fetched</th>
              <th scope="col" className="ds-num">
                Opted out
              </th>
              <th scope="col">
                <span className="ln-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {feeds.map((f) => (
              <FeedRow key={f.hash} feed={f} onAsk={(action) => setAsking({ feed: f, action })} />
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        title={ask && asking ? ask.title(asking.feed.name) : ''}
        description={ask?.description ?? ''}
        open={asking !== null}
        onClose={close}
        confirmLabel={ask?.confirm ?? ''}
        onConfirm={confirm}
        pending={pending.isPending}
        error={pending.error}
      />
    </>
  );
}

function FeedRow({
  feed,
  onAsk,
}: {
  feed: TPortalFeed;
  onAsk: (action: 'rotate' | 'revoke') => void;
}) {
  const live = feed.revokedAt === null;
  return (
    <tr>
      <th scope="row">
        {feed.name} {live ? null : <Badge tone="neutral">Revoked</Badge>}
      </th>
      <td>
        {formatWhen(feed.createdAt)}
        {feed.createdBy ? <span className="ds-muted"> by {feed.createdBy}</span> : null}
      </td>
      <td>{feed.rotatedAt ? formatWhen(feed.rotatedAt) : 'Never'}</td>
      <td>{feed.lastFetchedAt ? formatWhen(feed.lastFetchedAt) : 'Not yet'}</td>
      <td className="ds-num">{feed.optOuts}</td>
      <td>
        {live ? (
          <div className="adm-actions">
            <Button variant="secondary" size="sm" onClick={() => onAsk('rotate')}>
              Rotate<span className="ln-visually-hidden"> {feed.name}</span>
            </Button>
            <Button variant="danger" size="sm" onClick={() => onAsk('revoke')}>
              Revoke<span className="ln-visually-hidden"> {feed.name}</span>
            </Button>
          </div>
        ) : null}
      </td>
    </tr>
  );
}
