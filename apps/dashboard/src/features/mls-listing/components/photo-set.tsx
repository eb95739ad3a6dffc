import { LISTING_MANAGE_TEXTS as LM, type TListingPhoto } from '@lantern/contracts';

/** The photos on the MLS now, read only: the set our team last sent (issue 39). */
export function PhotosOnMls({ photos }: { photos: readonly TListingPhoto[] }) {
  if (!photos.length) return null;
  return (
    <section aria-labelledby="photos-on-mls-title">
      <h3 id="photos-on-mls-title">{LM.photosOnMls}</h3>
      <p className="ds-muted">{LM.photosOnMlsNote}</p>
      <ol className="ds-photo-set">
        {photos.map((p, i) =>
          p.urls ? (
            <li key={p.hash}>
              <img src={p.urls.thumb} alt={`${p.fileName}, ${i + 1} of ${photos.length}`} />
            </li>
          ) : null,
        )}
      </ol>
    </section>
  );
}

/**
 * Choosing the photos a live listing should have, in order (issue 39): its own and any our
 * photographer delivered, each ticked in the order it should appear.
 */
export function PhotoSetPicker({
  own,
  delivered,
  chosen,
  onChange,
  error,
}: {
  own: readonly TListingPhoto[];
  delivered: readonly TListingPhoto[];
  chosen: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
}) {
  const toggle = (hash: string) =>
    onChange(chosen.includes(hash) ? chosen.filter((h) => h !== hash) : [...chosen, hash]);
  const item = (p: TListingPhoto, from: string) => {
    const order = chosen.indexOf(p.hash);
    return (
      <li key={p.hash} className={order >= 0 ? 'is-chosen' : undefined}>
        {p.urls ? <img src={p.urls.thumb} alt="" /> : null}
        <label>
          <input type="checkbox" checked={order >= 0} onChange={() => toggle(p.hash)} />
          <span>{order >= 0 ? `Photo ${order + 1}` : 'Use'}</span>
          <span className="ln-visually-hidden">
            {' '}
            {p.fileName} ({from})
          </span>
        </label>
      </li>
    );
  };
  return (
    <fieldset className="ds-photo-picker" aria-describedby="photo-set-hint">
      <legend>{LM.photosChoose}</legend>
      <p id="photo-set-hint" className="ds-muted">
        {LM.photosChooseHint}
      </p>
      <ul className="ds-photo-set">{own.map((p) => item(p, LM.photosOnMls))}</ul>
      {delivered.length ? (
        <>
          <p className="ds-photo-picker__from">{LM.photosDelivered}</p>
          <ul className="ds-photo-set">{delivered.map((p) => item(p, LM.photosDelivered))}</ul>
        </>
      ) : null}
      {error ? (
        <p className="ln-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
