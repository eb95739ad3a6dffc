import type { TPhotoType } from '@lantern/contracts';

/** Bytes needed to tell the types apart. */
export const MAGIC_BYTES = 12;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Major brands of HEIF files holding HEVC images (ISO/IEC 23008-12), as phones write them. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** The photo type by the file's first bytes, whatever its name or declared type says. */
export function photoTypeOf(head: Buffer): TPhotoType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return 'image/jpeg';
  }
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG)) return 'image/png';
  if (
    head.length >= 12 &&
    head.toString('latin1', 4, 8) === 'ftyp' &&
    HEIC_BRANDS.has(head.toString('latin1', 8, 12))
  ) {
    return 'image/heic';
  }
  return null;
}
