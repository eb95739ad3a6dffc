import {
  CONCIERGE_LISTING_TEXTS as CL,
  CONCIERGE_DRAFT_API,
  type TUsePhotosRequest,
  ZPhotographyGallerySchema,
  ZUsePhotosResponseSchema,
} from '@lantern/contracts';
import { Alert, Button } from '@lantern/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { photosKey } from '../../../features/listing-photos/api/photos.ts';
import { listingKey } from '../../../features/mls-listing/api/listing.ts';
import { api } from '../../../lib/api.ts';

const galleryKey = (property: string) => ['vendor', 'concierge', 'photography', property] as const;

/**
 * On the concierge's photos step (issue 39; decisions 064, 065): the photographer's delivered
 * photos of the property, chosen in order and added to the draft the concierge holds.
 */
export function PhotographerPhotos({ property, canEdit }: { property: string; canEdit: boolean }) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([]);
  const [said, setSaid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const gallery = useQuery({
    queryKey: galleryKey(property),
    queryFn: ({ signal }) =>
      api.get(`${CONCIERGE_DRAFT_API.photography}?property=${encodeURIComponent(property)}`, {
        schema: ZPhotographyGallerySchema,
        signal,
      }),
  });
  const use = useMutation({
    mutationFn: (body: TUsePhotosRequest) =>
      api.request('POST', CONCIERGE_DRAFT_API.photographyUse, {
        body,
        schema: ZUsePhotosResponseSchema,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: photosKey(CONCIERGE_DRAFT_API, property) });
      await client.invalidateQueries({ queryKey: listingKey(property) });
    },
  });
  if (gallery.isPending) return <p role="status">Loading…</p>;
  if (gallery.isError) return <Alert tone="danger">{gallery.error.message}</Alert>;
  const photos = gallery.data.shoots.flatMap((s) => s.photos);
  const toggle = (hash: string) =>
    setChosen((c) => (c.includes(hash) ? c.filter((h) => h !== hash) : [...c, hash]));
  const onAdd = async () => {
    setSaid(null);
    setError(null);
    if (chosen.length === 0) return setError(CL.photographyChoose);
    try {
      const done = await use.mutateAsync({ property, photos: chosen });
      setSaid(done.message);
      setChosen([]);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section className="adm-section" aria-labelledby="photographer-photos-title">
      <h2 id="photographer-photos-title">{CL.photographyTitle}</h2>
      {photos.length === 0 ? (
        <p>{CL.photographyNone}</p>
      ) : (
        <>
          <p>{CL.photographyIntro}</p>
          <ul className="adm-photos">
            {photos.map((p) => (
              <li key={p.hash}>
                {p.urls ? <img src={p.urls.thumb} alt={p.caption || p.fileName} /> : null}
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.includes(p.hash)}
                    disabled={!canEdit}
                    onChange={() => toggle(p.hash)}
                    aria-label={CL.photographyPick(p.fileName)}
                  />{' '}
                  {p.fileName}
                </label>
              </li>
            ))}
          </ul>
          <p role="status">{said}</p>
          {error ? <Alert tone="danger">{error}</Alert> : null}
          {canEdit ? (
            <p className="ds-actions">
              <Button variant="secondary" onClick={() => void onAdd()} disabled={use.isPending}>
                {CL.photographyAdd}
              </Button>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
