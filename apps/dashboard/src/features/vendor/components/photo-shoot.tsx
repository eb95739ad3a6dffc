import {
  PHOTO_SHOOT_LICENCE,
  PHOTO_SHOOT_MAX_PHOTOS,
  type TPhotoShoot,
  type TVendorWorkOrder,
} from '@lantern/contracts';
import { ApiError, PHOTO_SHOOT_STATUSES } from '@lantern/domain';
import { Alert, Badge, Button, Checkbox } from '@lantern/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import {
  uploadShootPhoto,
  useAgreeLicence,
  useDeleteShootPhoto,
  useShootKey,
  useSubmitShoot,
  useVendorShoot,
} from '../api/photo-shoots.ts';

type SendState = 'waiting' | 'sending' | 'stored' | 'refused' | 'failed';
interface Sending {
  id: number;
  file: File;
  state: SendState;
  message?: string;
}

/** Files sent at once: enough to keep the line busy, few enough that a drop costs little. */
const AT_ONCE = 2;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The photographer's side of a shoot on the work order (issue 39): the licence, the upload of
 * many photos — each file alone, so a dropped connection costs only the file in flight and the
 * failed ones can be sent again; files already up are skipped when chosen again — and the
 * review.
 */
export function PhotoShoot({ workOrder }: { workOrder: TVendorWorkOrder }) {
  const { hash } = workOrder;
  const query = useVendorShoot(hash);
  const agree = useAgreeLicence(hash);
  const submit = useSubmitShoot(hash);
  const remove = useDeleteShootPhoto(hash);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const shoot = query.data?.shoot;
  const { sending, busy, start, retry } = useShootUploads(hash, shoot);
  const visited = workOrder.state === 'en_route' || workOrder.state === 'done';
  const editable =
    !!shoot && visited && (shoot.status === 'uploading' || shoot.status === 'returned');

  function choose() {
    setError(null);
    const files = [...(input.current?.files ?? [])];
    if (!files.length) return setError('Choose the photos to upload.');
    start(files);
    if (input.current) input.current.value = '';
  }

  if (query.isPending) return <p role="status">Loading the shoot…</p>;
  if (query.isError || !shoot)
    return <Alert tone="danger">{query.error?.message ?? 'The shoot could not be loaded.'}</Alert>;

  const sent = sending.filter((s) => s.state === 'stored').length;
  const failed = sending.filter((s) => s.state === 'failed' || s.state === 'refused');
  return (
    <section aria-labelledby={`${inputId}-title`} className="ds-shoot">
      <h3 id={`${inputId}-title`}>
        Photographs for the owner{' '}
        <Badge tone={shoot.status === 'approved' ? 'success' : 'neutral'}>
          {PHOTO_SHOOT_STATUSES[shoot.status].label}
        </Badge>
      </h3>
      {shoot.status === 'returned' && shoot.returnReason ? (
        <Alert tone="warning" title="Sent back by Lantern">
          {shoot.returnReason}
        </Alert>
      ) : null}
      {!visited && !shoot.photos.length ? (
        <p>Deliver the photographs here once you are on the way to the visit.</p>
      ) : null}
      {visited && !shoot.licenceAgreedAt ? (
        <LicenceAgreement
          pending={agree.isPending}
          onAgree={() => agree.mutate(undefined, { onError: (e) => setError(errorText(e)) })}
        />
      ) : null}
      {editable && shoot.licenceAgreedAt ? (
        <div className="ds-shoot__upload">
          <label htmlFor={inputId}>
            Photos (JPEG, PNG or HEIC, 15 MB each, up to {PHOTO_SHOOT_MAX_PHOTOS}; no RAW files)
          </label>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/heic,image/heif"
            multiple
          />
          <Button variant="secondary" disabled={busy} onClick={choose}>
            Upload
          </Button>
        </div>
      ) : null}
      <SendProgress sending={sending} sent={sent} failed={failed} onRetry={retry} busy={busy} />
      <ShootGrid shoot={shoot} editable={editable} onDelete={(p) => remove.mutate(p)} />
      {editable && shoot.photos.length ? (
        <Button
          loading={submit.isPending}
          disabled={busy}
          onClick={() => submit.mutate(undefined, { onError: (e) => setError(errorText(e)) })}
        >
          Send {shoot.photos.length} photo{shoot.photos.length === 1 ? '' : 's'} for review
        </Button>
      ) : null}
      {shoot.status === 'submitted' ? (
        <p role="status">With Lantern for review. You will hear if anything needs changing.</p>
      ) : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
    </section>
  );
}

/**
 * The files being sent, AT_ONCE at a time, each alone; files already up (same name and size)
 * are marked so and skipped. The shoot in the cache follows each answer.
 */
function useShootUploads(hash: string, shoot: TPhotoShoot | undefined) {
  const client = useQueryClient();
  const key = useShootKey(hash);
  const [sending, setSending] = useState<Sending[]>([]);
  const busy = sending.some((s) => s.state === 'sending' || s.state === 'waiting');

  const update = (id: number, change: Partial<Sending>) =>
    setSending((all) => all.map((s) => (s.id === id ? { ...s, ...change } : s)));

  async function sendAll(items: Sending[]) {
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        update(item.id, { state: 'sending' });
        try {
          const done = await uploadShootPhoto(hash, item.file);
          client.setQueryData(key, { shoot: done.shoot });
          const [result] = done.files;
          if (result?.stored) update(item.id, { state: 'stored' });
          else update(item.id, { state: 'refused', message: result?.error ?? '' });
        } catch (err) {
          update(item.id, { state: 'failed', message: errorText(err) });
          // The shoot itself refused (locked, no licence): the rest would be refused too.
          if (err instanceof ApiError && err.status !== 413) queue.length = 0;
        }
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
  }

  function start(files: File[]) {
    const have = new Set(shoot?.photos.map((p) => `${p.fileName}/${p.bytes}`));
    const items = files.map((file, i) => ({
      id: Date.now() + i,
      file,
      state: (have.has(`${file.name}/${file.size}`) ? 'stored' : 'waiting') as SendState,
      ...(have.has(`${file.name}/${file.size}`) ? { message: 'Already uploaded' } : {}),
    }));
    setSending(items);
    void sendAll(items.filter((i) => i.state === 'waiting'));
  }

  function retry() {
    const failed = sending.filter((s) => s.state === 'failed');
    setSending((all) => all.map((s) => (s.state === 'failed' ? { ...s, state: 'waiting' } : s)));
    void sendAll(failed);
  }

  return { sending, busy, start, retry };
}

/** The licence, and the box to tick before agreeing to it. */
function LicenceAgreement({ pending, onAgree }: { pending: boolean; onAgree: () => void }) {
  const [agreed, setAgreed] = useState(false);
  return (
    <div className="ds-shoot__licence">
      <p>{PHOTO_SHOOT_LICENCE}</p>
      <Checkbox
        label="I agree to this licence for the photographs I deliver"
        checked={agreed}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
      />
      <Button disabled={!agreed} loading={pending} onClick={onAgree}>
        Agree and continue
      </Button>
    </div>
  );
}

function SendProgress(props: {
  sending: Sending[];
  sent: number;
  failed: Sending[];
  busy: boolean;
  onRetry: () => void;
}) {
  const { sending, sent, failed, busy } = props;
  if (!sending.length) return null;
  const canRetry = !busy && failed.some((f) => f.state === 'failed');
  return (
    <div className="ds-shoot__progress">
      <p role="status">
        {busy ? 'Uploading: ' : 'Uploaded: '}
        {sent} of {sending.length}
      </p>
      <progress max={sending.length} value={sent + failed.length} aria-hidden="true" />
      {failed.length ? (
        <Alert tone="danger" title="Not uploaded">
          <ul>
            {failed.map((f) => (
              <li key={f.id}>
                {f.file.name}: {f.message}
              </li>
            ))}
          </ul>
          {canRetry ? (
            <Button size="sm" variant="secondary" onClick={props.onRetry}>
              Send the failed ones again
            </Button>
          ) : null}
        </Alert>
      ) : null}
    </div>
  );
}

function ShootGrid(props: {
  shoot: TPhotoShoot;
  editable: boolean;
  onDelete: (hash: string) => void;
}) {
  const { photos } = props.shoot;
  if (!photos.length) return null;
  return (
    <ul className="ds-shoot__grid" aria-label="Photos delivered">
      {photos.map((p, i) => (
        <li key={p.hash}>
          {p.urls ? (
            <img src={p.urls.thumb} alt={`${p.fileName}, ${i + 1} of ${photos.length}`} />
          ) : (
            <span className="ds-shoot__pending">
              {p.status === 'refused'
                ? `${p.fileName}: ${p.error}`
                : `${p.fileName}: being prepared…`}
            </span>
          )}
          {props.editable ? (
            <Button size="sm" variant="ghost" onClick={() => props.onDelete(p.hash)}>
              Delete <span className="ln-visually-hidden">{p.fileName}</span>
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
