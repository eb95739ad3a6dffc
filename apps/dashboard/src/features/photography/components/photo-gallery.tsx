import {
  PHOTO_SHOOT_API,
  PHOTO_SHOOT_TEXTS,
  type TListingPhoto,
  type TPhotographyGallery,
} from '@lantern/contracts';
import { Alert, Button } from '@lantern/ui';
import { useState } from 'react';
import { usePhotography, useUsePhotos } from '../api/photography.ts';
import { PhotoViewer } from './photo-viewer.tsx';

const LISTING_NAMES = { mls: 'MLS listing', fsbo: 'For Sale By Owner listing' } as const;

/**
 * The photographs delivered for the property (issue 39): a gallery that opens full screen, each
 * original or all of them as one ZIP to download, and "Use in my listing" — the photos chosen, in
 * the order chosen, added to the property's listing.
 */
export function PhotoGallery({ property }: { property: string }) {
  const query = usePhotography(property);
  const [viewing, setViewing] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const use = useUsePhotos(property);
  const [said, setSaid] = useState<string | null>(null);
  if (query.isPending) return <p role="status">Loading your photographs…</p>;
  if (query.isError) return <Alert tone="danger">{query.error.message}</Alert>;
  const gallery = query.data;
  const photos = gallery.shoots.flatMap((s) => s.photos);
  if (!photos.length)
    return gallery.inReview ? (
      <section aria-labelledby="photos-title" className="ln-card ph-gallery">
        <h2 id="photos-title" className="ln-card__title">
          Your photographs
        </h2>
        <p>{PHOTO_SHOOT_TEXTS.notApproved}</p>
      </section>
    ) : null;

  const toggle = (hash: string) =>
    setChosen((all) => (all.includes(hash) ? all.filter((h) => h !== hash) : [...all, hash]));
  const addToListing = () => {
    setSaid(null);
    use.mutate(
      { photos: chosen },
      {
        onSuccess: (done) => {
          setSaid(done.message);
          setChosen([]);
        },
      },
    );
  };

  return (
    <section aria-labelledby="photos-title" className="ln-card ph-gallery">
      <div className="ph-gallery__head">
        <h2 id="photos-title" className="ln-card__title">
          Your photographs
        </h2>
        <Button variant="secondary" href={PHOTO_SHOOT_API.zip(property)} download>
          Download all {photos.length} (ZIP)
        </Button>
      </div>
      <p>
        Select a photo to see it full screen. Tick the ones you want on your listing, in the order
        they should appear.
      </p>
      <ul className="ph-gallery__grid">
        {photos.map((p, i) => (
          <GalleryItem
            key={p.hash}
            photo={p}
            index={i}
            total={photos.length}
            order={chosen.indexOf(p.hash)}
            onOpen={() => setViewing(i)}
            onToggle={() => toggle(p.hash)}
          />
        ))}
      </ul>
      <UseBar gallery={gallery} chosen={chosen.length} busy={use.isPending} onUse={addToListing} />
      {use.isError ? <Alert tone="danger">{use.error.message}</Alert> : null}
      {said ? (
        <Alert tone="success" announce>
          {said}
        </Alert>
      ) : null}
      <PhotoViewer
        photos={photos}
        index={viewing}
        onIndex={setViewing}
        onClose={() => setViewing(null)}
      />
    </section>
  );
}

function GalleryItem(props: {
  photo: TListingPhoto;
  index: number;
  total: number;
  order: number;
  onOpen: () => void;
  onToggle: () => void;
}) {
  const { photo, order } = props;
  const label = `${photo.fileName}, photo ${props.index + 1} of ${props.total}`;
  return (
    <li className={order >= 0 ? 'ph-gallery__item is-chosen' : 'ph-gallery__item'}>
      <button type="button" className="ph-gallery__open" onClick={props.onOpen}>
        {photo.urls ? <img src={photo.urls.thumb} alt="" loading="lazy" /> : null}
        <span className="ln-visually-hidden">Open {label} full screen</span>
      </button>
      <label className="ph-gallery__pick">
        <input type="checkbox" checked={order >= 0} onChange={props.onToggle} />
        <span>{order >= 0 ? `Choice ${order + 1}` : 'Use'}</span>
        <span className="ln-visually-hidden"> {label}</span>
      </label>
    </li>
  );
}

function UseBar(props: {
  gallery: TPhotographyGallery;
  chosen: number;
  busy: boolean;
  onUse: () => void;
}) {
  const { target } = props.gallery;
  if (!target) return <p className="ds-muted">{PHOTO_SHOOT_TEXTS.noListing}</p>;
  if (!target.editable) return <p className="ds-muted">{PHOTO_SHOOT_TEXTS.listingLocked}</p>;
  return (
    <div className="ph-gallery__use">
      <p className="ph-gallery__note">
        Adds to your {LISTING_NAMES[target.kind]}, after its photos (room for {target.room} more).
      </p>
      <Button disabled={props.chosen === 0} loading={props.busy} onClick={props.onUse}>
        {props.chosen
          ? `Use ${props.chosen} photo${props.chosen === 1 ? '' : 's'} in my listing`
          : 'Use in my listing'}
      </Button>
    </div>
  );
}
