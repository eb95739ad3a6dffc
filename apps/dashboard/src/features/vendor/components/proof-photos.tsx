import type { TVendorWorkOrder } from '@lantern/contracts';
import { WORK_ORDER_MAX_PHOTOS } from '@lantern/domain';
import { Alert, Button } from '@lantern/ui';
import { useId, useRef, useState } from 'react';
import { useUploadProofPhotos, useVendorWorkOrder } from '../api/work-orders.ts';

/**
 * The proof photos of a trip (issue 21): the ones added so far, and more added while on the way
 * (en route), up to 8. Marking it done needs at least one; staff then approve them.
 */
export function ProofPhotos({ workOrder }: { workOrder: TVendorWorkOrder }) {
  const detail = useVendorWorkOrder(workOrder.hash);
  const upload = useUploadProofPhotos(workOrder.hash);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [refusals, setRefusals] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const photos = detail.data?.photos ?? [];
  const canAdd = workOrder.state === 'en_route' && photos.length < WORK_ORDER_MAX_PHOTOS;

  async function send() {
    const files = [...(input.current?.files ?? [])];
    setError(null);
    setRefusals([]);
    if (!files.length) {
      setError('Choose at least one photo.');
      return;
    }
    try {
      const done = await upload.mutateAsync(files);
      setRefusals(done.files.flatMap((f) => (f.stored ? [] : [`${f.name}: ${f.error}`])));
      if (input.current) input.current.value = '';
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <section aria-label="Proof photos">
      <h3>Proof photos</h3>
      {detail.isPending ? <p role="status">Loading photos…</p> : null}
      {detail.isError ? <Alert tone="danger">{detail.error.message}</Alert> : null}
      {photos.length ? (
        <ul className="ds-proof-photos">
          {photos.map((p) => (
            <li key={p.hash}>
              {p.urls ? (
                <img
                  src={p.urls.thumb}
                  alt={`The finished work, ${p.position + 1} of ${photos.length}`}
                  width={120}
                />
              ) : (
                <span>
                  {p.status === 'refused'
                    ? `${p.fileName}: ${p.error}`
                    : `${p.fileName}: being prepared…`}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : detail.isSuccess ? (
        <p>No photos yet. Marking the work done needs at least one.</p>
      ) : null}
      {canAdd ? (
        <div>
          <label htmlFor={inputId}>
            Photos of the finished work (JPEG, PNG or HEIC; up to {WORK_ORDER_MAX_PHOTOS} in all)
          </label>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/heic,image/heif"
            multiple
          />
          <Button variant="secondary" loading={upload.isPending} onClick={() => void send()}>
            Add the photos
          </Button>
        </div>
      ) : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {refusals.length ? (
        <Alert tone="danger">
          <ul>
            {refusals.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {upload.isSuccess && !refusals.length && !error ? <p role="status">Photos added.</p> : null}
    </section>
  );
}
