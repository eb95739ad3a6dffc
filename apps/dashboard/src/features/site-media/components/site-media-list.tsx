import './site-media.css';
import type { TAdminSiteMedia } from '@lantern/contracts';
import { Alert, Badge, Button } from '@lantern/ui';
import { useMoveSiteMedia, useUpdateSiteMedia } from '../api/site-media.ts';

/**
 * The photos in their public order, each with its thumbnail, alt text, caption and state; with
 * `canEdit`, buttons to move, publish or unpublish, edit and delete it (each names its photo to
 * a screen reader).
 */
export function SiteMediaList({
  photos,
  canEdit,
  onEdit,
  onDelete,
  onDone,
}: {
  photos: TAdminSiteMedia[];
  canEdit: boolean;
  onEdit: (photo: TAdminSiteMedia) => void;
  onDelete: (photo: TAdminSiteMedia) => void;
  /** Told what changed, for the page's live status line. */
  onDone: (message: string) => void;
}) {
  const move = useMoveSiteMedia();
  const update = useUpdateSiteMedia();
  const failed = move.error ?? update.error;
  if (photos.length === 0) return <p>No photos yet.</p>;

  return (
    <>
      {failed ? <Alert tone="danger">{failed.message}</Alert> : null}
      <ol className="sm-list" aria-label="Photos in the order /photography shows them">
        {photos.map((p, i) => {
          const name = <span className="ln-visually-hidden"> photo {i + 1}</span>;
          const publish = async () => {
            await update.mutateAsync({ hash: p.hash, change: { published: !p.published } });
            onDone(`Photo ${i + 1} ${p.published ? 'unpublished' : 'published'}.`);
          };
          const shift = async (direction: 'up' | 'down') => {
            await move.mutateAsync({ hash: p.hash, direction });
            onDone(`Photo moved ${direction === 'up' ? 'earlier' : 'later'}.`);
          };
          return (
            <li key={p.hash} className="sm-item">
              {/* The alt text is written beside it: the thumbnail itself says nothing more. */}
              <img
                src={p.thumbUrl}
                alt=""
                width={160}
                height={Math.round((160 * p.height) / p.width)}
              />
              <div className="sm-item__text">
                <p>
                  <strong>{p.alt}</strong>
                </p>
                {p.caption ? <p className="ds-muted">{p.caption}</p> : null}
                <p>
                  <Badge tone={p.published ? 'success' : 'neutral'}>
                    {p.published ? 'Published' : 'Not published'}
                  </Badge>{' '}
                  <span className="ds-muted">
                    {p.fileName}, {p.width} × {p.height}
                  </span>
                </p>
              </div>
              {canEdit ? (
                <div className="adm-actions sm-item__actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={i === 0}
                    onClick={() => shift('up')}
                  >
                    Move up{name}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={i === photos.length - 1}
                    onClick={() => shift('down')}
                  >
                    Move down{name}
                  </Button>
                  <Button
                    size="sm"
                    variant={p.published ? 'secondary' : 'primary'}
                    onClick={publish}
                  >
                    {p.published ? 'Unpublish' : 'Publish'}
                    {name}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => onEdit(p)}>
                    Edit{name}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => onDelete(p)}>
                    Delete{name}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}
