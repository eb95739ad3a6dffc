import { describe, expect, it } from 'vitest';
import { documentTypeOf } from './sniff.ts';

describe('documentTypeOf', () => {
  it('knows PDF, JPEG and PNG by their bytes', () => {
    expect(documentTypeOf(Buffer.from('%PDF-1.7\n%âãÏÓ', 'latin1'))).toBe('application/pdf');
    expect(documentTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(
      documentTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])),
    ).toBe('image/png');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(documentTypeOf(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'))).toBeNull(); // .exe
    expect(documentTypeOf(Buffer.from('PK\x03\x04', 'latin1'))).toBeNull(); // .docx
    expect(documentTypeOf(Buffer.from('%PDF', 'latin1'))).toBeNull(); // too short
    expect(documentTypeOf(Buffer.from(' %PDF-1.4', 'latin1'))).toBeNull();
    expect(documentTypeOf(Buffer.alloc(0))).toBeNull();
    // A HEIC photo is a photo, not a document we take.
    expect(documentTypeOf(Buffer.from('\x00\x00\x00\x18ftypheic', 'latin1'))).toBeNull();
  });
});
