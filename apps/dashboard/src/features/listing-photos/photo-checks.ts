import { PHOTO_LIMITS, PHOTO_TEXTS, PHOTO_TYPES } from '@lantern/domain';

/** Browsers often give HEIC files no type; their name says what they are. */
const HEIC_NAME = /\.hei[cf]$/i;

/** Why the browser will not send this file, before any upload (the server checks again). */
export function photoRefusal(file: { name: string; type: string; size: number }): string | null {
  const typed = (PHOTO_TYPES as readonly string[]).includes(file.type);
  if (!typed && !HEIC_NAME.test(file.name)) return PHOTO_TEXTS.wrongType;
  if (file.size > PHOTO_LIMITS.maxBytes) return PHOTO_TEXTS.tooLarge;
  return null;
}

export interface PlannedUpload<F> {
  file: F;
  /** Set when the file is not sent, in the words shown beside its name. */
  refusal: string | null;
}

/**
 * Which of the chosen files go up: each is checked on its own, and once the listing would pass
 * PHOTO_LIMITS.maxPhotos the rest are refused with the "at most 50" words.
 */
export function planUploads<F extends { name: string; type: string; size: number }>(
  files: readonly F[],
  existing: number,
): PlannedUpload<F>[] {
  let room = PHOTO_LIMITS.maxPhotos - existing;
  return files.map((file) => {
    const refusal = photoRefusal(file);
    if (refusal) return { file, refusal };
    if (room <= 0) return { file, refusal: PHOTO_TEXTS.tooMany };
    room -= 1;
    return { file, refusal: null };
  });
}

/** Runs `work` on each item with at most `limit` running at once; resolves when all settle. */
export async function runLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Three uploads at once are stored in the order they finish. To keep the order the files were
 * chosen in, the batch's photos are put back in that order in the places they took; every other
 * photo keeps its place. Null when nothing would move.
 */
export function chosenOrder(current: readonly string[], batch: readonly string[]): string[] | null {
  const wanted = batch.filter((hash) => current.includes(hash));
  const queue = [...wanted];
  const next = current.map((hash) => (wanted.includes(hash) ? (queue.shift() as string) : hash));
  return next.every((hash, i) => hash === current[i]) ? null : next;
}
