import { MESSAGES } from '@lantern/contracts';
import type { PhotoApiPaths } from '@lantern/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { photosKey } from '../api/photos.ts';
import { uploadPhoto } from '../api/upload-photo.ts';
import { planUploads, runLimited } from '../photo-checks.ts';

/** Uploads in flight at once (issue 16: three in parallel). */
export const UPLOAD_LANES = 3;

export interface UploadEntry {
  id: number;
  name: string;
  /** 0…1 while sending. */
  progress: number;
  state: 'waiting' | 'sending' | 'stored' | 'refused';
  /** Why it was refused, in words. */
  message?: string;
}

/** Sends one file of the property's listing, reporting progress 0…1. */
export type UploadFn = (
  property: string,
  file: File,
  onProgress: (fraction: number) => void,
) => ReturnType<typeof uploadPhoto>;

/**
 * The uploader's files: checked in the browser, then sent one request per file, three at a time,
 * each with its own progress. A file refused here or by the server says why beside its name.
 */
export function usePhotoUploads(
  paths: PhotoApiPaths,
  property: string,
  existing: number,
  upload: UploadFn = (p, file, progress) => uploadPhoto(paths.photos, p, file, progress),
  /** Called once a batch is done with its stored photos, in the order the files were chosen. */
  onStored?: (hashes: string[]) => void,
) {
  const client = useQueryClient();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const nextId = useRef(0);
  // Files accepted in this page's uploads count against the limit before the list catches up.
  const pending = useRef(0);

  const update = useCallback((id: number, change: Partial<UploadEntry>) => {
    setEntries((list) => list.map((e) => (e.id === id ? { ...e, ...change } : e)));
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const plan = planUploads(files, existing + pending.current).map((p) => ({
        ...p,
        id: nextId.current++,
      }));
      setEntries((list) => [
        ...list,
        ...plan.map(({ id, file, refusal }) => ({
          id,
          name: file.name,
          progress: 0,
          state: refusal ? ('refused' as const) : ('waiting' as const),
          ...(refusal ? { message: refusal } : {}),
        })),
      ]);
      const sending = plan.filter((p) => !p.refusal);
      pending.current += sending.length;
      const stored: (string | undefined)[] = sending.map(() => undefined);
      const batch = runLimited(sending, UPLOAD_LANES, async ({ id, file }) => {
        update(id, { state: 'sending' });
        try {
          const result = await upload(property, file, (progress) => update(id, { progress }));
          if (result.stored) stored[sending.findIndex((p) => p.id === id)] = result.photo.hash;
          update(
            id,
            result.stored
              ? { state: 'stored', progress: 1 }
              : { state: 'refused', message: result.error },
          );
          await client.invalidateQueries({ queryKey: photosKey(paths, property) });
        } catch (error) {
          update(id, {
            state: 'refused',
            message: error instanceof Error ? error.message : MESSAGES.serverError,
          });
        } finally {
          pending.current -= 1;
        }
      });
      return batch.then(() => {
        const hashes = stored.filter((h): h is string => !!h);
        if (hashes.length > 1) onStored?.(hashes);
      });
    },
    [client, existing, paths, property, update, upload, onStored],
  );

  const clearFinished = useCallback(
    () => setEntries((list) => list.filter((e) => e.state === 'waiting' || e.state === 'sending')),
    [],
  );

  return { entries, add, clearFinished };
}
