import { type Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { PHOTO_LIMITS, PHOTO_TEXTS, type TPhotoType } from '@lantern/domain';
import type { FileStorage } from '../storage/index.ts';
import { isCameraRaw, MAGIC_BYTES, photoTypeOf } from './magic.ts';

/** A file refused by its first bytes or its size, with the words to show the uploader. */
export class Refused extends Error {
  readonly text: string;
  constructor(text: string) {
    super(text);
    this.text = text;
  }
}

/**
 * Passes a file through while checking it: the type by its first bytes, the size by counting.
 * Fails (and so stops the store) on the first byte too many or a type that is not a photo.
 */
function photoCheck() {
  let head = Buffer.alloc(0);
  let type: TPhotoType | null = null;
  let bytes = 0;
  const decide = (final: boolean) => {
    if (type || (head.length < MAGIC_BYTES && !final)) return undefined;
    type = photoTypeOf(head);
    if (type) return undefined;
    return new Refused(isCameraRaw(head) ? PHOTO_TEXTS.raw : PHOTO_TEXTS.wrongType);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > PHOTO_LIMITS.maxBytes) return done(new Refused(PHOTO_TEXTS.tooLarge));
      if (!type && head.length < MAGIC_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, MAGIC_BYTES - head.length)]);
      }
      done(decide(false), chunk);
    },
    flush(done) {
      done(decide(true));
    },
  });
  return {
    stream,
    get type() {
      return type;
    },
  };
}

/**
 * One uploaded file streamed to `key` while checked (listing photos and site media share it):
 * a JPEG, PNG or HEIC by its first bytes, at most 15 MB. A refused file answers the reason in
 * the uploader's words; the rest of its part is read so the next part can be parsed.
 */
export async function storeCheckedPhoto(
  storage: FileStorage,
  key: string,
  part: { file: Readable },
): Promise<{ bytes: number; type: TPhotoType } | { error: string }> {
  const check = photoCheck();
  // The check may fail before the store has attached to it; the store then finds it errored.
  check.stream.on('error', () => undefined);
  // pipe() does not pass a source's error on: a request cut off mid-file must fail the store.
  part.file.once('error', (err) => check.stream.destroy(err));
  part.file.pipe(check.stream);
  try {
    const bytes = await storage.put(key, check.stream, {
      contentType: 'application/octet-stream',
    });
    return { bytes, type: check.type as TPhotoType };
  } catch (err) {
    // Read the rest of the part so the next one can be parsed (busboy stops if it is destroyed).
    part.file.unpipe(check.stream);
    part.file.resume();
    await finished(part.file).catch(() => undefined);
    const cause = check.stream.errored ?? err;
    if (cause instanceof Refused) return { error: cause.text };
    throw err;
  }
}
