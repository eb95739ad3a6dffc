import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCameraRaw, photoTypeOf } from './magic.ts';

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1')]);

describe('photoTypeOf', () => {
  it('knows JPEG, PNG and HEIC by their first bytes', () => {
    expect(photoTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(photoTypeOf(Buffer.from('89504e470d0a1a0a0000000d', 'hex'))).toBe('image/png');
    for (const brand of ['heic', 'heix', 'mif1', 'hevc']) {
      expect(photoTypeOf(ftyp(brand))).toBe('image/heic');
    }
    const real = readFileSync(
      join(import.meta.dirname, '../../../test/fixtures/photos/1280x960.heic'),
    );
    expect(photoTypeOf(real.subarray(0, 12))).toBe('image/heic');
  });

  it('refuses everything else, however it is named', () => {
    expect(photoTypeOf(Buffer.from('This is text.'))).toBeNull();
    expect(photoTypeOf(Buffer.from('GIF89a......'))).toBeNull();
    expect(photoTypeOf(ftyp('avif'))).toBeNull(); // AV1, not what phones write
    expect(photoTypeOf(ftyp('isom'))).toBeNull(); // an MP4 video
    expect(photoTypeOf(Buffer.from([0xff, 0xd8]))).toBeNull(); // too short to tell
    expect(photoTypeOf(Buffer.alloc(0))).toBeNull();
  });

  it('tells camera RAW files apart, so their refusal can say to export a JPEG', () => {
    const bytes = (text: string) => Buffer.from(text, 'latin1');
    for (const head of [
      bytes('II*\0\x10\0\0\0CR\x02\0'), // Canon CR2 (TIFF, little-endian)
      bytes('MM\0*\0\0\0\x08\0\x1c'), // Nikon NEF (TIFF, big-endian)
      bytes('IIRO\x08\0\0\0'), // Olympus ORF
      bytes('IIU\0\x18\0\0\0'), // Panasonic RW2
      ftyp('crx '), // Canon CR3
      bytes('FUJIFILMCCD-RAW 0201'),
    ]) {
      expect(photoTypeOf(head)).toBeNull();
      expect(isCameraRaw(head)).toBe(true);
    }
    expect(isCameraRaw(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(false);
    expect(isCameraRaw(ftyp('heic'))).toBe(false);
    expect(isCameraRaw(Buffer.from('GIF89a......'))).toBe(false);
  });
});
