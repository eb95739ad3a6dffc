import { Readable } from 'node:stream';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { archiveNames, zipStream } from './zip-stream.ts';

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

describe('zipStream', () => {
  it('makes an archive any unzip reads, file by file, skipping a missing one', async () => {
    const big = Buffer.alloc(300_000, 7);
    const zip = await bytes(
      zipStream([
        {
          name: '01 front.jpg',
          open: async () => Readable.from([big.subarray(0, 1000), big.subarray(1000)]),
        },
        { name: '02 gone.jpg', open: async () => null },
        { name: '03 kitchen.jpg', open: async () => Readable.from([Buffer.from('kitchen')]) },
      ]),
    );
    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files)).toEqual(['01 front.jpg', '03 kitchen.jpg']);
    expect(Buffer.from(files['01 front.jpg'] as Uint8Array).equals(big)).toBe(true);
    expect(Buffer.from(files['03 kitchen.jpg'] as Uint8Array).toString()).toBe('kitchen');
  });

  it('fails the stream when a file fails mid-way, rather than ending a short archive', async () => {
    const broken = new Readable({
      read() {
        this.destroy(new Error('storage went away'));
      },
    });
    await expect(bytes(zipStream([{ name: 'a.jpg', open: async () => broken }]))).rejects.toThrow(
      'storage went away',
    );
  });
});

describe('archiveNames', () => {
  it('numbers the names in order and keeps them inside the archive', () => {
    expect(archiveNames(['front.jpg', '../../etc/passwd', 'a:b?.jpg', ''])).toEqual([
      '01 front.jpg',
      '02 ..-..-etc-passwd',
      '03 a-b-.jpg',
      '04 photo',
    ]);
  });
});
