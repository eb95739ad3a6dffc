// `pnpm --filter @lantern/api bench:photos`: 20 photos of about 5 MB (12-megapixel JPEGs)
// uploaded at once, one request each, to the product in its own process
// (bench/photo-upload-server.ts, local file storage, jobs in-process). Reported: the server's
// idle RSS, its peak while the uploads are received and the `photo.process` job makes the web
// sizes (two at a time), and the resize throughput in photos a second. Writes
// bench/photo-upload-results.json for docs/performance.md.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MLS_LISTING_API,
  type TListingPhotosResponse,
  type TPhotoUploadResponse,
} from '@lantern/contracts';
import sharp from 'sharp';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20);
const PORT = 3941;
const MB = 1024 * 1024;

// A phone-sized photo: 4032 × 3024 of fine noise, so JPEG cannot shrink it to nothing.
const photo = await sharp({
  create: {
    width: 4032,
    height: 3024,
    channels: 3,
    background: '#808080',
    noise: { type: 'gaussian', mean: 128, sigma: 20 },
  },
})
  .blur(0.55)
  .jpeg({ quality: 91 })
  .toBuffer();

const child = fork(join(import.meta.dirname, 'photo-upload-server.ts'), {
  env: { ...process.env, PORT: String(PORT) },
  execArgv: ['--expose-gc'],
});
const message = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
const { cookie, property, baseline } = await message<{
  cookie: string;
  property: string;
  baseline: number;
}>();
const base = `http://127.0.0.1:${PORT}`;
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
    return res.json();
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

const stored = (answers as TPhotoUploadResponse[])
  .flatMap((a) => a.files)
  .filter((f: { stored: boolean }) => f.stored).length;
const result = {
  date: new Date().toISOString().slice(0, 10),
  photos: PHOTOS,
  photoMb: Math.round((photo.length / MB) * 100) / 100,
  pixels: '4032x3024',
  stored,
  ready,
  refused,
  idleMb: Math.round(baseline / MB),
  peakDuringUploadMb: Math.round(afterUpload.peak / MB),
  peakMb: Math.round(end.peak / MB),
  aboveIdleMb: Math.round((end.peak - baseline) / MB),
  uploadSeconds: Math.round((uploaded - started) / 100) / 10,
  processSeconds: Math.round((processed - uploaded) / 100) / 10,
  photosPerSecond: Math.round((ready / ((processed - started) / 1000)) * 100) / 100,
};
console.log(
  `${PHOTOS} photos of ${result.photoMb} MB (${result.pixels}) uploaded at once in ${result.uploadSeconds} s; all processed ${result.processSeconds} s later`,
);
console.log(
  `server RSS idle ${result.idleMb} MB, peak ${result.peakMb} MB (+${result.aboveIdleMb} MB; during the uploads ${result.peakDuringUploadMb} MB)`,
);
console.log(
  `resize throughput ${result.photosPerSecond} photos/s (${ready} ready, ${refused} refused)`,
);
writeFileSync(
  join(import.meta.dirname, 'photo-upload-results.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
if (result.aboveIdleMb > 200) {
  console.error(`RSS grew ${result.aboveIdleMb} MB above idle: over the 200 MB budget`);
  process.exitCode = 1;
}
