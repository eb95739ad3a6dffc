import { PHOTO_SHOOT_API, type TListingPhoto } from '@lantern/contracts';
import { Button, Dialog } from '@lantern/ui';
import type { KeyboardEvent } from 'react';

/**
 * One delivered photograph full screen (issue 39): the web size filling the window, the previous
 * and next by button or arrow key, and the original to download.
 */
export function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: readonly TListingPhoto[];
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const photo = index === null ? undefined : photos[index];
  const go = (step: number) => {
    if (index === null) return;
    onIndex((index + step + photos.length) % photos.length);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(1);
    if (e.key === 'ArrowLeft') go(-1);
  };
  return (
    <Dialog
      title={photo ? `Photo ${(index ?? 0) + 1} of ${photos.length}` : ''}
      open={photo !== undefined}
      onOpenChange={(open) => !open && onClose()}
      className="ph-viewer"
    >
      {photo?.urls ? (
        // The arrow keys move between photos wherever the focus is inside the viewer.
        // biome-ignore lint/a11y/noStaticElementInteractions: keys only; every action is a button too.
        <div className="ph-viewer__body" onKeyDown={onKey}>
          <img className="ph-viewer__photo" src={photo.urls.web} alt={photo.fileName} />
          <div className="ph-viewer__bar">
            <Button variant="secondary" onClick={() => go(-1)} disabled={photos.length < 2}>
              Previous
            </Button>
            <span className="ph-viewer__name">{photo.fileName}</span>
            <Button
              variant="secondary"
              href={PHOTO_SHOOT_API.file(photo.hash, 'original')}
              download={photo.fileName}
            >
              Download
            </Button>
            <Button variant="secondary" onClick={() => go(1)} disabled={photos.length < 2}>
              Next
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
