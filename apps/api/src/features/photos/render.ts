import { PHOTO_LIMITS, PHOTO_SIZES, type TPhotoSizeName, type TPhotoType } from '@lantern/domain';
import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';

// No libvips operation cache: every photo is new, and the cache would hold memory for nothing.
sharp.cache(false);
// One libvips thread per photo, always: the job processes two at once. (sharp picks one on glibc
// by itself, but more when MALLOC_ARENA_MAX is set, as the Docker image does.)
sharp.concurrency(1);

export type Rendered<S extends string = TPhotoSizeName> =
  | { ok: true; width: number; height: number; sizes: Record<S, Buffer> }
  | { ok: false; reason: 'tooSmall' | 'unreadable'; width: number | null; height: number | null };

/** Landscape or portrait: the long side at least 1024, the short one at least 768. */
export function bigEnough(width: number, height: number): boolean {
  return (
    Math.max(width, height) >= PHOTO_LIMITS.minWidth &&
    Math.min(width, height) >= PHOTO_LIMITS.minHeight
  );
}

async function open(input: Buffer, type: TPhotoType): Promise<Sharp> {
  if (type === 'image/heic') {
    // sharp's prebuilt libvips reads HEIF only with AV1 inside (AVIF), not phones' HEVC.
    const { width, height, data } = await decodeHeic({ buffer: input });
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
    });
  }
  return sharp(input, { failOn: 'error' });
}

/**
 * The web sizes of one photo: turned upright by its EXIF orientation, then every bit of metadata
 * (EXIF with GPS, XMP, IPTC, comments) left out — sharp writes none unless asked. JPEG at each of
 * `edges`' longest edges (PHOTO_SIZES unless a caller such as site media names its own), never
 * enlarged.
 */
export async function renderPhoto<S extends string = TPhotoSizeName>(
  input: Buffer,
  type: TPhotoType,
  edges: Readonly<Record<S, number>> = PHOTO_SIZES as unknown as Record<S, number>,
): Promise<Rendered<S>> {
  let image: Sharp;
  let width: number;
  let height: number;
  try {
    image = await open(input, type);
    const meta = await image.metadata();
    width = meta.autoOrient?.width ?? meta.width;
    height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new Error('no dimensions');
  } catch {
    return { ok: false, reason: 'unreadable', width: null, height: null };
  }
  if (!bigEnough(width, height)) return { ok: false, reason: 'tooSmall', width, height };
  try {
    // One decode of the original, for the largest size; each smaller size is made from the one
    // before it (a 1600-pixel JPEG is plenty for a 320-pixel thumbnail). Half the memory of
    // resizing the original twice.
    const names = (Object.keys(edges) as S[]).sort((a, b) => edges[b] - edges[a]);
    const sizes = {} as Record<S, Buffer>;
    let source = image.rotate().flatten({ background: '#ffffff' });
    for (const name of names) {
      const edge = edges[name];
      sizes[name] = await source
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      source = sharp(sizes[name]);
    }
    return { ok: true, width, height, sizes };
  } catch {
    return { ok: false, reason: 'unreadable', width, height };
  }
}
