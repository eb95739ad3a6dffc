// `pnpm --filter @lantern/api bench:zip` (part of `pnpm bench`): an owner downloads every
// delivered photograph of a shoot — 50 photos of about 5 MB (12-megapixel JPEGs) — as one ZIP,
// over HTTP from the product in its own process (bench/photo-zip-server.ts, local file storage).
// Reported: the server's idle RSS, its peak while the ZIP streams, the archive's size and the
// time. Issue 39 asks the peak to stay under 100 MB above idle; writes bench/photo-zip-results.json
// for docs/performance.md.
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHOTO_SHOOT_API } from '@lantern/contracts';
import { phonePhoto } from './phone-photo.ts';

const PHOTOS = Number(process.env.BENCH_ZIP_PHOTOS ?? 50);
const PORT = Number(process.env.BENCH_ZIP_PORT ?? 3951);
const MB = 1024 * 1024;
const BUDGET_MB = 100;

const photo = await phonePhoto();
const photoFile = join(mkdtempSync(join(tmpdir(), 'lantern-zip-photo-')), 'photo.jpg');
writeFileSync(photoFile, photo);

const child = fork(join(import.meta.dirname, 'photo-zip-server.ts'), {
  env: { ...process.env, PORT: String(PORT), BENCH_ZIP_PHOTO: photoFile },
  execArgv: ['--expose-gc'],
});
const message = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
const { cookie, property, baseline } = await message<{
  cookie: string;
  property: string;
  baseline: number;
}>();

const started = performance.now();
const res = await fetch(`http://127.0.0.1:${PORT}${PHOTO_SHOOT_API.zip(property)}`, {
  headers: { cookie },
});
if (!res.ok || !res.body) throw new Error(`zip: ${res.status} ${await res.text()}`);
let bytes = 0;
for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
const seconds = (performance.now() - started) / 1000;
child.send('report');
const { peak } = await message<{ peak: number }>();
child.send('close');
await new Promise((resolve) => child.once('exit', resolve));

const result = {
  date: new Date().toISOString().slice(0, 10),
  photos: PHOTOS,
  photoMb: Math.round((photo.length / MB) * 100) / 100,
  zipMb: Math.round(bytes / MB),
  seconds: Math.round(seconds * 10) / 10,
  idleMb: Math.round(baseline / MB),
  peakMb: Math.round(peak / MB),
  aboveIdleMb: Math.round((peak - baseline) / MB),
};
console.log(
  `photo zip: ${PHOTOS} photos of ${result.photoMb} MB as one ${result.zipMb} MB ZIP in ${result.seconds} s; server RSS idle ${result.idleMb} MB, peak ${result.peakMb} MB (+${result.aboveIdleMb} MB)`,
);
writeFileSync(
  join(import.meta.dirname, 'photo-zip-results.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
if (bytes < PHOTOS * photo.length) {
  console.error('the archive is shorter than its photos');
  process.exitCode = 1;
}
if (result.aboveIdleMb > BUDGET_MB) {
  console.error(`RSS grew ${result.aboveIdleMb} MB above idle: over the ${BUDGET_MB} MB budget`);
  process.exitCode = 1;
}
