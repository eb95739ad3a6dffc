// `pnpm lighthouse`: Lighthouse (mobile settings, Debian's Chromium) against the built product on
// its own port and database, for the pages issue 3 names and the listing pages of issue 19 (the
// database holds 40 published listings, made by the benchmark server's seed,
// apps/api/bench/listing-pages-seed.ts). Appends a dated section to docs/performance.md and exits
// 1 when a score is under its bar. Needs `pnpm build` first.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { freePort, ROOT, startProductServer } from './product-server.ts';

const PAGES = process.env.LH_PAGES?.split(',') ?? [
  '/',
  '/flat-fee-mls',
  '/flat-fee-mls/austin-tx',
  '/services',
  '/photography',
  '/company/about-us',
  '/search?search=lockbox',
  '/current-listings',
  '/current-listings?place=Denver&sort=price-asc',
  '/listings/1-bench-st-bench1',
];
const BARS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const;
type Category = keyof typeof BARS;

async function main() {
  const server = await startProductServer();
  const { base } = server;
  const debugPort = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [`--remote-debugging-port=${debugPort}`, '--no-sandbox', '--disable-gpu'],
  });
  const rows: Array<{
    path: string;
    scores: Record<Category, number>;
    js: number;
    weight: number;
  }> = [];
  try {
    for (const path of PAGES) {
      const result = await lighthouse(`${base}${path}`, {
        port: debugPort,
        logLevel: 'error',
        output: 'json',
        onlyCategories: Object.keys(BARS),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError)
        console.log(
          `${path}: Lighthouse error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
        );
      const scores = Object.fromEntries(
        (Object.keys(BARS) as Category[]).map((c) => [
          c,
          Math.round((lhr.categories[c]?.score ?? 0) * 100),
        ]),
      ) as Record<Category, number>;
      const requests =
        (
          lhr.audits['network-requests']?.details as
            | { items?: Array<{ resourceType?: string; transferSize?: number }> }
            | undefined
        )?.items ?? [];
      const js = requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((n, r) => n + (r.transferSize ?? 0), 0);
      const weight = Number(lhr.audits['total-byte-weight']?.numericValue ?? 0);
      rows.push({ path, scores, js, weight });
      console.log(`${path}: ${JSON.stringify(scores)} JS ${(js / 1024).toFixed(1)} KB`);
      for (const c of Object.keys(BARS) as Category[]) {
        if (scores[c] < BARS[c]) {
          const failing = Object.values(lhr.audits)
            .filter(
              (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative',
            )
            .map((a) => `${a.id} (${a.score})`);
          console.log(`  ${c} under ${BARS[c]}; audits under 0.9: ${failing.join(', ')}`);
        }
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }

  const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default
    .version;
  const lines = [
    '',
    `## Lighthouse, public site (${new Date().toISOString().slice(0, 10)})`,
    '',
    `\`pnpm lighthouse\` (e2e/scripts/lighthouse.ts): Lighthouse ${version}, default mobile settings (simulated throttling), Debian Chromium ${browser.version()}, against the built one-process server on this machine. Bars: performance ≥ ${BARS.performance}, accessibility = ${BARS.accessibility}, best practices ≥ ${BARS['best-practices']}, SEO = ${BARS.seo}.`,
    '',
    '| Page | Performance | Accessibility | Best practices | SEO | JS transferred | Total bytes |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| \`${r.path}\` | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${(r.js / 1024).toFixed(1)} KB | ${(r.weight / 1024).toFixed(0)} KB |`,
    ),
    '',
  ];
  // A run over a chosen subset (LH_PAGES=…) is for investigating and is not recorded.
  if (!process.env.LH_PAGES) appendFileSync(join(ROOT, 'docs', 'performance.md'), lines.join('\n'));
  const failed = rows.some((r) =>
    (Object.keys(BARS) as Category[]).some((c) => r.scores[c] < BARS[c]),
  );
  console.log(failed ? 'Some scores are under their bars.' : 'All scores meet their bars.');
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
