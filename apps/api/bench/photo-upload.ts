// `pnpm --filter @lantern/api bench:photos`: 20 photos of about 5 MB (12-megapixel JPEGs)
// uploaded at once, one request each, to the product in its own process
// (bench/photo-upload-server.ts, local file storage, jobs in-process). Reported: the server's
// idle RSS, its peak while the uploads are received and the `photo.process` job makes the web
// sizes (two at a time), and the resize throughput in photos a second (from the last upload's
// answer to the last photo ready). Run twice: with MALLOC_ARENA_MAX=2 as the Docker image sets
// it, and with glibc's default, which keeps much more of what libvips' threads freed. Writes
// bench/photo-upload-results.json for docs/performance.md.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TListingPhotosResponse, TPhotoUploadResponse } from '@lantern/contracts';
import { MLS_LISTING_API } from '@lantern/domain';
import { phonePhoto } from './phone-photo.ts';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20);
const PORT = 3941;
const MB = 1024 * 1024;

const photo = await phonePhoto();

interface Result {
  malloc: string;
  photos: number;
  stored: number;
  ready: number;
  refused: number;
  idleMb: number;
  peakDuringUploadMb: number;
  peakMb: number;
  aboveIdleMb: number;
  uploadSeconds: number;
  processSeconds: number;
  photosPerSecond: number;
}

/** One run in a fresh server process; `arenas` sets glibc's MALLOC_ARENA_MAX (undefined: glibc's default). */
async function run(arenas: string | undefined, port: number): Promise<Result> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  delete env.MALLOC_ARENA_MAX;
  if (arenas) env.MALLOC_ARENA_MAX = arenas;
  const child = fork(join(import.meta.dirname, 'photo-upload-server.ts'), {
    env,
    execArgv: ['--expose-gc'],
  });
  const message = <T>() =>
    new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  const { cookie, property, baseline } = await message<{
    cookie: string;
    property: string;
    baseline: number;
  }>();
  const base = `http://127.0.0.1:${port}`;
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest', origin: base };

  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: PHOTOS }, async (_, i) => {
      const form = new FormData();
      form.append('files', new Blob([photo], { type: 'image/jpeg' }), `photo-${i + 1}.jpg`);
      const res = await fetch(`${base}${MLS_LISTING_API.photos}?property=${property}`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (!res.ok) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
      return (await res.json()) as TPhotoUploadResponse;
    }),
  );
  const uploaded = performance.now();
  child.send('report');
  const afterUpload = await message<{ peak: number }>();

  let ready = 0;
  let refused = 0;
  for (;;) {
    const res = await fetch(`${base}${MLS_LISTING_API.photos}?property=${property}`, { headers });
    const { photos } = (await res.json()) as TListingPhotosResponse;
    ready = photos.filter((p) => p.status === 'ready').length;
    refused = photos.filter((p) => p.status === 'refused').length;
    if (ready + refused >= PHOTOS) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const processed = performance.now();
  child.send('report');
  const end = await message<{ peak: number }>();
  child.send('close');
  await new Promise((resolve) => child.once('exit', resolve));
  return {
    malloc: arenas ? `MALLOC_ARENA_MAX=${arenas}` : 'glibc default',
    photos: PHOTOS,
    stored: answers.flatMap((a) => a.files).filter((f) => f.stored).length,
    ready,
    refused,
    idleMb: Math.round(baseline / MB),
    peakDuringUploadMb: Math.round(afterUpload.peak / MB),
    peakMb: Math.round(end.peak / MB),
    aboveIdleMb: Math.round((end.peak - baseline) / MB),
    uploadSeconds: Math.round((uploaded - started) / 100) / 10,
    processSeconds: Math.round((processed - uploaded) / 100) / 10,
    photosPerSecond: Math.round((ready / ((processed - uploaded) / 1000)) * 100) / 100,
  };
}

// As the Docker image runs the server (Dockerfile: MALLOC_ARENA_MAX=2), then glibc's default.
const results = [await run('2', PORT), await run(undefined, PORT + 1)];
const photoMb = Math.round((photo.length / MB) * 100) / 100;
for (const r of results) {
  console.log(
    `${r.malloc}: ${PHOTOS} photos of ${photoMb} MB (4032x3024) uploaded at once in ${r.uploadSeconds} s, all processed ${r.processSeconds} s later (${r.ready} ready, ${r.refused} refused)`,
  );
  console.log(
    `  server RSS idle ${r.idleMb} MB, peak ${r.peakMb} MB (+${r.aboveIdleMb} MB; ${r.peakDuringUploadMb} MB when the uploads were in); resizing ${r.photosPerSecond} photos/s`,
  );
}
writeFileSync(
  join(import.meta.dirname, 'photo-upload-results.json'),
  `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), photoMb, results }, null, 2)}\n`,
);
const shipped = results[0];
if (shipped && shipped.aboveIdleMb > 200) {
  console.error(`RSS grew ${shipped.aboveIdleMb} MB above idle: over the 200 MB budget`);
  process.exitCode = 1;
}
