// `pnpm screenshots`: the public pages, and staff's admin home and order list, at 1440 px and
// 375 px wide, whole, as PNGs under docs/screenshots/ for review (issues 45 and 47), with an
// index. Runs the built product on its own port and database (scripts/product-server.ts: 40
// published listings, no photos uploaded, no state notices or site media configured; staff's
// pages on a second one with 200 seeded customers, properties and orders, signed in as its
// owner). Needs `pnpm build` first.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, devices, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ROOT, startProductServer } from './product-server.ts';

interface Shot {
  name: string;
  path: string;
  /** What the visitor does before the picture (on a phone only, when `phoneOnly`). */
  act?: (page: Page) => Promise<void>;
  phoneOnly?: boolean;
}

const PUBLIC: Shot[] = [
  { name: 'home', path: '/' },
  { name: 'flat-fee-mls', path: '/flat-fee-mls' },
  { name: 'services', path: '/services' },
  { name: 'photography', path: '/photography' },
  { name: 'lockbox-rental', path: '/lockbox-rental' },
  { name: 'current-listings', path: '/current-listings' },
  {
    name: 'current-listings-map',
    path: '/current-listings',
    phoneOnly: true,
    act: async (page) => {
      await page
        .getByRole('group', { name: 'Show the results as' })
        .getByRole('button', { name: 'Map' })
        .click();
      await page.locator('[data-listing-map][data-ready="true"]').waitFor();
    },
  },
  { name: 'current-listings-empty', path: '/current-listings?place=Austin&area=-60,20,-59,21' },
  { name: 'listing', path: '/listings/1-bench-st-bench1' },
  { name: 'sign-in', path: '/account/login' },
  { name: 'api-errors', path: '/developers/api-errors' },
  { name: 'api-changelog', path: '/developers/api-changelog' },
];
const STAFF: Shot[] = [
  { name: 'admin-home', path: '/admin' },
  { name: 'admin-orders', path: '/admin/orders' },
];
const WIDTHS = [
  { label: '1440', phone: false, options: { viewport: { width: 1440, height: 900 } } },
  {
    label: '375',
    phone: true,
    options: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 } },
  },
];
const OUT = join(ROOT, 'docs', 'screenshots');
/** apps/api/bench/scale-seed.ts's BENCH_OWNER (not imported: it brings the API's types). */
const BENCH_OWNER = { email: 'bench-owner@example.com', password: 'a long bench passphrase' };

/** Every shot of `shots` at both widths, from the server at `base`, signed in when asked. */
async function shoot(browser: Browser, base: string, shots: Shot[], signIn = false) {
  const files: string[] = [];
  for (const width of WIDTHS) {
    const context = await browser.newContext({ ...width.options, deviceScaleFactor: 1 });
    const page = await context.newPage();
    if (signIn) {
      const res = await page.request.post(`${base}/account/login`, {
        headers: { 'x-requested-with': 'XMLHttpRequest', origin: base },
        data: BENCH_OWNER,
      });
      if (res.status() !== 200) throw new Error(`sign-in: ${res.status()}`);
    }
    for (const { name, path, act, phoneOnly } of shots) {
      if (phoneOnly && !width.phone) continue;
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await act?.(page);
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
  return files;
}

const cell = (name: string, label: string, shot: Shot) =>
  shot.phoneOnly && label === '1440' ? '—' : `[${name}-${label}.png](${name}-${label}.png)`;
const rows = (shots: Shot[]) =>
  shots.map((s) => `| \`${s.path}\` | ${cell(s.name, '1440', s)} | ${cell(s.name, '375', s)} |`);

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  mkdirSync(OUT, { recursive: true });
  try {
    const site = await startProductServer();
    try {
      await shoot(browser, site.base, PUBLIC);
    } finally {
      site.stop();
    }
    const staff = await startProductServer(0, 200);
    try {
      await shoot(browser, staff.base, STAFF, true);
    } finally {
      staff.stop();
    }
  } finally {
    await browser.close();
  }
  const index = [
    '# Screenshots',
    '',
    `Made by \`pnpm screenshots\` (e2e/scripts/screenshots.ts) on ${new Date().toISOString().slice(0, 10)}. Each page whole, at 1440 px and 375 px wide.`,
    '',
    '## The public site',
    '',
    "From the built product with 40 published listings and nothing configured by staff. The map tiles are the tests' own plain tile (e2e/tests/fixtures/tiles), served locally.",
    '',
    '| Page | 1440 px | 375 px |',
    '|---|---|---|',
    ...rows(PUBLIC),
    '',
    "## Staff's pages",
    '',
    'Signed in as the owner of a product seeded with 200 customers, properties and orders (apps/api/bench/scale-seed.ts).',
    '',
    '| Page | 1440 px | 375 px |',
    '|---|---|---|',
    ...rows(STAFF),
    '',
  ];
  writeFileSync(join(OUT, 'README.md'), index.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
