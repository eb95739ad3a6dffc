// `pnpm bench:assets`: the public site's static files as a browser asks for them (Accept-Encoding
// `gzip, deflate, br, zstd`) — the largest hashed script (the React chunk) and the home page's
// style sheet — and the same script without Accept-Encoding, each against the bare route of the
// same process in alternating rounds: the server's CPU per request, its throughput and the bytes
// each answer puts on the wire. Issue 46 (decision 082) sends the build's precompressed forms
// instead of compressing on every request; this records both. Writes bench/assets-results.json;
// nothing here is asserted in tests. Needs a built site (pnpm build).
import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import {
  type BenchRoute,
  basePort,
  clientCheck,
  compareRoutes,
  database,
  ratios,
  report,
  resultsHeader,
  startBenchServer,
  writeResults,
} from './harness.ts';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const astro = join(import.meta.dirname, '../../web/dist/client/_astro');

/** The build's largest script: the chunk that cost most to compress on every request. */
function largestScript(): string {
  const scripts = readdirSync(astro)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: statSync(join(astro, name)).size }))
    .sort((a, b) => b.size - a.size);
  if (!scripts[0])
    throw new Error('No script in apps/web/dist/client/_astro: build the site first.');
  return `/_astro/${scripts[0].name}`;
}

/** The style sheet the home page links to (the largest, when it links several). */
async function homeStyleSheet(base: string): Promise<string> {
  const html = await (await fetch(`${base}/`)).text();
  const sheets = [...html.matchAll(/<link[^>]+href="(\/_astro\/[^"]+\.css)"/g)].map((m) => m[1]);
  const [largest] = sheets
    .filter((url): url is string => Boolean(url))
    .sort((a, b) => statSync(join(astro, '..', b)).size - statSync(join(astro, '..', a)).size);
  if (!largest) throw new Error('The home page links no style sheet.');
  return largest;
}

/** What one answer puts on the wire: its encoding and body bytes, as sent (not decoded). */
function wire(base: string, path: string, headers: Record<string, string>) {
  return new Promise<{ encoding: string; bytes: number }>((resolve, reject) => {
    request(`${base}${path}`, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({ encoding: String(res.headers['content-encoding'] ?? 'identity'), bytes }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const server = await startBenchServer(basePort + 51);
const chunk = largestScript();
const css = await homeStyleSheet(server.base);
const ROUTES: Record<'chunk' | 'css' | 'chunkIdentity', BenchRoute> = {
  chunk: { paths: [chunk], headers: BROWSER },
  css: { paths: [css], headers: BROWSER },
  chunkIdentity: { paths: [chunk] },
};
type Name = keyof typeof ROUTES;
const names = Object.keys(ROUTES) as Name[];
const pathOf = (name: Name) => ROUTES[name].paths[0] ?? '';
const sent = Object.fromEntries(
  await Promise.all(
    names.map(async (n) => [n, await wire(server.base, pathOf(n), ROUTES[n].headers ?? {})]),
  ),
) as Record<Name, { encoding: string; bytes: number }>;

const result = await compareRoutes(server, { bare: { paths: ['/bench/bare'] }, ...ROUTES });
await server.close();

const { bare } = result.routes;
writeResults('assets-results.json', {
  ...resultsHeader(0),
  paths: Object.fromEntries(names.map((n) => [n, pathOf(n)])),
  sent,
  routes: result.routes,
  ratios: Object.fromEntries(names.map((n) => [n, ratios(result.routes[n], bare)])),
  clientCheck: clientCheck(bare),
  memory: result.memory,
  rounds_raw: result.raw,
});
const labels: Record<'bare' | Name, string> = {
  bare: 'bare route',
  chunk: `${chunk} (browser)`,
  css: `${css} (browser)`,
  chunkIdentity: `${chunk} (no Accept-Encoding)`,
};
report(`Static files of the public site (${database})`, labels, result, 'bare');
for (const n of names) {
  const f = ratios(result.routes[n], bare);
  console.log(
    `${labels[n]}: ${sent[n].bytes.toLocaleString('en-US')} bytes as ${sent[n].encoding}; ${result.routes[n].serverCpuPerRequest} µs of server CPU per request (${f.cpuPerRequestRatio.toFixed(2)}x the bare route), ${(f.throughputRatio * 100).toFixed(1)}% of its throughput, p99 ${f.p99Ratio.toFixed(2)}x.`,
  );
}
