// `pnpm --filter @lantern/api bench:zip` (part of `pnpm bench`): an owner downloads every
// delivered photograph of a shoot — 50 photos of about 5 MB (12-megapixel JPEGs) — as one ZIP,
// over HTTP from the product in its own process (bench/photo-zip-server.ts, local file storage).
// Reported: the server's idle RSS, its peak while the ZIP streams, the archive's size and the
// time, for a download without compression and one with a browser's Accept-Encoding. Issue 39 asks
// the peak to stay under 100 MB above idle; writes bench/photo-zip-results.json for
// docs/performance.md.
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHOTO_SHOOT_API } from '@lantern/contracts';
import { BROWSER_ENCODING } from './harness.ts';
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

/**
 * One download of the ZIP with these headers: the bytes that arrived, the time, the server's peak.
 * fetch() decodes a compressed answer, so `bytes` is the archive either way.
 */
async function download(headers: Record<string, string>) {
  child.send('reset');
  await message();
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}${PHOTO_SHOOT_API.zip(property)}`, {
    headers: { cookie, ...headers },
  });
  if (!res.ok || !res.body) throw new Error(`zip: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - started) / 1000;
  child.send('report');
  const { peak } = await message<{ peak: number }>();
  return {
    contentEncoding: res.headers.get('content-encoding') ?? 'none',
    zipMb: Math.round(bytes / MB),
    seconds: Math.round(seconds * 10) / 10,
    peakMb: Math.round(peak / MB),
    aboveIdleMb: Math.round((peak - baseline) / MB),
    bytes,
  };
}

// Without compression (fetch() itself would ask for gzip), then as a browser asks (issue 46).
const cases = {
  plain: await download({ 'accept-encoding': 'identity' }),
  browser: await download(BROWSER_ENCODING),
};
child.send('close');
await new Promise((resolve) => child.once('exit', resolve));

const result = {
  date: new Date().toISOString().slice(0, 10),
  photos: PHOTOS,
  photoMb: Math.round((photo.length / MB) * 100) / 100,
  idleMb: Math.round(baseline / MB),
  ...cases,
};
for (const [name, c] of Object.entries(cases))
  console.log(
    `photo zip, ${name === 'plain' ? 'no Accept-Encoding' : "a browser's Accept-Encoding"}: ${PHOTOS} photos of ${result.photoMb} MB as one ${c.zipMb} MB ZIP (content-encoding ${c.contentEncoding}) in ${c.seconds} s; server RSS idle ${result.idleMb} MB, peak ${c.peakMb} MB (+${c.aboveIdleMb} MB)`,
  );
writeFileSync(
  join(import.meta.dirname, 'photo-zip-results.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
for (const c of Object.values(cases)) {
  if (c.bytes < PHOTOS * photo.length) {
    console.error('the archive is shorter than its photos');
    process.exitCode = 1;
  }
  if (c.aboveIdleMb > BUDGET_MB) {
    console.error(`RSS grew ${c.aboveIdleMb} MB above idle: over the ${BUDGET_MB} MB budget`);
    process.exitCode = 1;
  }
}
