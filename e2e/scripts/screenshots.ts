// `pnpm screenshots`: the redesigned public pages at 1440 px and 375 px, whole, as PNGs under
// docs/screenshots/ for review (issue 45), with an index. Runs the built product on its own port
// and database (scripts/product-server.ts: 40 published listings, no photos uploaded, no state
// notices or site media configured). Needs `pnpm build` first.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import sharp from 'sharp';
import { ROOT, startProductServer } from './product-server.ts';

const PAGES: Array<{ name: string; path: string }> = [
  { name: 'home', path: '/' },
  { name: 'flat-fee-mls', path: '/flat-fee-mls' },
  { name: 'services', path: '/services' },
  { name: 'photography', path: '/photography' },
  { name: 'lockbox-rental', path: '/lockbox-rental' },
  { name: 'current-listings', path: '/current-listings' },
  { name: 'listing', path: '/listings/1-bench-st-bench1' },
  { name: 'sign-in', path: '/account/login' },
];
const WIDTHS = [
  { label: '1440', options: { viewport: { width: 1440, height: 900 } } },
  { label: '375', options: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 } } },
];
const OUT = join(ROOT, 'docs', 'screenshots');

async function main() {
  const server = await startProductServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  mkdirSync(OUT, { recursive: true });
  const files: string[] = [];
  try {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ ...width.options, deviceScaleFactor: 1 });
      const page = await context.newPage();
      for (const { name, path } of PAGES) {
        await page.goto(`${server.base}${path}`, { waitUntil: 'networkidle' });
        // Lazy images below the fold load as a reader scrolls to them.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 50));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        const shot = await page.screenshot({ fullPage: true, animations: 'disabled' });
        const file = `${name}-${width.label}.png`;
        // A 256-colour palette: a page's flat colours survive, the file is a fraction the size.
        await sharp(shot).png({ palette: true, compressionLevel: 9 }).toFile(join(OUT, file));
        files.push(file);
        console.log(`${file}  ${path}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
  const index = [
    '# Screenshots of the public site',
    '',
    `Made by \`pnpm screenshots\` (e2e/scripts/screenshots.ts) on ${new Date().toISOString().slice(0, 10)}, from the built product with 40 published listings and nothing configured by staff. Each page whole, at 1440 px and 375 px wide.`,
    '',
    '| Page | 1440 px | 375 px |',
    '|---|---|---|',
    ...PAGES.map(
      ({ name, path }) =>
        `| \`${path}\` | [${name}-1440.png](${name}-1440.png) | [${name}-375.png](${name}-375.png) |`,
    ),
    '',
  ];
  writeFileSync(join(OUT, 'README.md'), index.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
