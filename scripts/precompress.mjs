// `node scripts/precompress.mjs <dist> [<dist> …]`: every compressible file of a front end's build
// gets its compressed forms beside it — file.br (brotli at its best quality), file.gz (gzip
// level 9) and file.zst (zstd) — so the API sends them as they are instead of compressing the
// same bytes on every request (apps/api/src/lib/build-files.ts, decision 082). Run by the build
// scripts of apps/web and apps/dashboard. Plain JavaScript, so any Node runs it; zstd needs Node
// 22.15+ (zlib.zstdCompress), and on an older one the .zst forms are left out with a warning.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** What compresses: text formats. Images, fonts and archives are compressed already. */
export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.htm',
  '.svg',
  '.json',
  '.map',
  '.xml',
  '.txt',
  '.md',
  '.csv',
  '.webmanifest',
  '.ico',
  '.wasm',
]);
/** Under this, a compressed answer saves less than its headers and the work cost. */
export const MIN_SIZE = 1024;

const { constants } = zlib;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const zstd = zlib.zstdCompress ? promisify(zlib.zstdCompress) : undefined;

/** The encodings, by the extension their file takes; made once, so the slowest settings pay. */
export const FORMS = [
  {
    extension: '.br',
    compress: (data) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { extension: '.gz', compress: (data) => gzip(data, { level: constants.Z_BEST_COMPRESSION }) },
  ...(zstd
    ? [
        {
          extension: '.zst',
          // 19: the highest level without zstd's "ultra" window sizes a browser may refuse.
          compress: (data) =>
            zstd(data, {
              params: {
                [constants.ZSTD_c_compressionLevel]: 19,
                [constants.ZSTD_c_checksumFlag]: 1,
              },
            }),
        },
      ]
    : []),
];

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes the forms of one file that save bytes; removes a form left by an earlier run that does not. */
async function precompressFile(path) {
  const data = await readFile(path);
  let written = 0;
  for (const { extension, compress } of FORMS) {
    const packed = await compress(data);
    if (packed.length < data.length) {
      await writeFile(path + extension, packed);
      written++;
    } else {
      await rm(path + extension, { force: true });
    }
  }
  return written;
}

/** Every compressible file of `dir` over MIN_SIZE (not the forms themselves); how many files got forms. */
export async function precompress(dir) {
  const chosen = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    if ((await stat(path)).size < MIN_SIZE) continue;
    chosen.push(path);
  }
  // zlib's work runs on libuv's threads: a few files at once use the cores the machine has.
  let next = 0;
  let compressed = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const path = chosen[next++];
      if ((await precompressFile(path)) > 0) compressed++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return { files: chosen.length, compressed };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/precompress.mjs <dist> [<dist> …]');
    process.exit(2);
  }
  if (!zstd) console.warn('precompress: this Node has no zstd (22.15+ does); no .zst files.');
  const forms = FORMS.map((f) => f.extension).join(', ');
  for (const dir of dirs) {
    const { files: count, compressed } = await precompress(dir);
    console.log(
      `precompress: ${compressed} of ${count} compressible files in ${relative(process.cwd(), dir) || '.'} got ${forms}`,
    );
  }
}
