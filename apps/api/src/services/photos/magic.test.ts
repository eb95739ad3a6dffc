import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { photoTypeOf } from './magic.ts';

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
});
