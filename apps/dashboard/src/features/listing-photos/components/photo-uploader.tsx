import {
  MLS_LISTING_PAGE_TEXTS,
  PHOTO_LIMITS,
  PHOTO_TYPES,
  type PhotoApiPaths,
} from '@lantern/domain';
import { Button } from '@lantern/ui';
import { type DragEvent, useId, useRef, useState } from 'react';
import { type UploadFn, usePhotoUploads } from '../hooks/use-photo-uploads.ts';

const ACCEPT = [...PHOTO_TYPES, '.jpg', '.jpeg', '.png', '.heic', '.heif'].join(',');

/**
 * Choose or drop up to 50 photos; each shows its own progress, and a refused file says why.
 * The listing's photo rules (the MLS's, or the FSBO listing's) sit beside it.
 */
export function PhotoUploader({
  paths,
  property,
  existing,
  rules,
  upload,
  onStored,
}: {
  /** The listing's photo routes. */
  paths: PhotoApiPaths;
  property: string;
  existing: number;
  rules: readonly string[];
  upload?: UploadFn;
  onStored?: (hashes: string[]) => void;
}) {
  const { entries, add, clearFinished } = usePhotoUploads(
    paths,
    property,
    existing,
    upload,
    onStored,
  );
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const rulesId = useId();
  const inputId = useId();

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void add(Array.from(event.dataTransfer.files));
  };
  const finished = entries.some((e) => e.state === 'stored' || e.state === 'refused');

  return (
    <div className="ds-uploader">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is the pointer's shortcut; the file input inside is the keyboard's way */}
      <div
        className="ds-uploader__zone"
        data-over={over || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <label htmlFor={inputId} className="ln-label">
          Add photos (JPEG, PNG or HEIC, up to {PHOTO_LIMITS.maxPhotos} at once, at most 15 MB each)
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={rulesId}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void add(files);
          }}
        />
        <p className="ds-muted">Or drop photos here.</p>
      </div>
      <section
        id={rulesId}
        className="ds-uploader__rules"
        aria-label={MLS_LISTING_PAGE_TEXTS.photoRulesTitle}
      >
        <h2>{MLS_LISTING_PAGE_TEXTS.photoRulesTitle}</h2>
        <ul>
          {rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
      {entries.length > 0 ? (
        <section aria-label="Uploads" className="ds-uploads">
          <ul>
            {entries.map((entry) => (
              <UploadRow key={entry.id} entry={entry} />
            ))}
          </ul>
          {finished ? (
            <Button variant="secondary" size="sm" onClick={clearFinished}>
              Clear finished uploads
            </Button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function UploadRow({ entry }: { entry: ReturnType<typeof usePhotoUploads>['entries'][number] }) {
  const id = useId();
  return (
    <li className="ds-uploads__file" data-state={entry.state}>
      {entry.state === 'refused' ? (
        <>
          <span>{entry.name}</span>{' '}
          <span role="alert" className="ln-field__error">
            Not added: {entry.message}
          </span>
        </>
      ) : (
        <>
          <label htmlFor={id}>{entry.name}</label>{' '}
          <progress id={id} max={1} value={entry.progress} />{' '}
          <span>
            {entry.state === 'waiting'
              ? 'Waiting'
              : entry.state === 'sending'
                ? `${Math.round(entry.progress * 100)}%`
                : 'Uploaded'}
          </span>
        </>
      )}
    </li>
  );
}
