import type { TPhotoType } from '@lantern/domain';

/** Bytes needed to tell the types apart (a Fujifilm RAW's signature is the longest). */
export const MAGIC_BYTES = 16;

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

/**
 * Whether the first bytes are a camera's RAW file, so the refusal can say what to do: the TIFF
 * family most makers use (CR2, NEF, ARW, DNG, PEF; Olympus ORF and Panasonic RW2 vary its
 * header), Canon's CR3 (an ISO box of brand `crx `) and Fujifilm's RAF. A plain TIFF is a RAW
 * too for us: neither can go on a listing as it is.
 */
export function isCameraRaw(head: Buffer): boolean {
  if (head.length < 4) return false;
  const tiff = head.toString('latin1', 0, 4);
  if (tiff === 'II*\0' || tiff === 'MM\0*' || tiff === 'IIRO' || tiff === 'IIU\0') return true;
  if (head.length >= 12 && head.toString('latin1', 4, 12) === 'ftypcrx ') return true;
  return head.length >= 15 && head.toString('latin1', 0, 15) === 'FUJIFILMCCD-RAW';
}
