import { Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

/** One file of a ZIP: its name inside the archive and how to read it (null: skipped). */
export interface ZipEntry {
  name: string;
  open(): Promise<Readable | null>;
}

/**
 * A ZIP archive as a stream, made as it is read: each file is read chunk by chunk and stored as
 * it is (photos are compressed already), so memory holds a chunk or two however large the
 * archive (the `pnpm bench` photo ZIP measures it). fflate writes sizes after each file's data,
 * which is what lets the archive start before a file's length is known.
 */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  async function* generate(): AsyncGenerator<Uint8Array> {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) failure = err;
      else out.push(chunk);
    });
    const flush = () => {
      if (failure) throw failure;
      return out.splice(0);
    };
    for (const entry of entries) {
      const body = await entry.open();
      if (!body) continue;
      const file = new ZipPassThrough(entry.name);
      zip.add(file);
      for await (const chunk of body) {
        file.push(chunk as Uint8Array);
        yield* flush();
      }
      file.push(new Uint8Array(0), true);
      yield* flush();
    }
    zip.end();
    yield* flush();
  }
  return Readable.from(generate(), { objectMode: false });
}

/** Names made safe and unique inside an archive: `01 living-room.jpg`, in the order given. */
export function archiveNames(names: readonly string[]): string[] {
  const width = String(names.length).length;
  return names.map((name, i) => {
    // Stored names have no control characters already (the photo service's displayName).
    const clean = name.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'photo';
    return `${String(i + 1).padStart(Math.max(2, width), '0')} ${clean}`;
  });
}
