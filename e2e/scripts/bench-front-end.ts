// `pnpm bench:browser`: what a person waits for in the browser (issue 14), against the built
// product on its own port and database, in Debian's Chromium. Prints medians and ratios to a
// baseline measured in the same run; asserts nothing (docs/performance.md keeps the figures).
//   1. The account panel: click on the header's Log in → the sign-in form on screen, on a warm
//      page (loaded, then idle), against opening the nav's Services menu (a plain disclosure).
//   2. Dashboard first paint: navigation start → the shell's header on screen, on direct loads of
//      /dashboard and /dashboard/messages, against a static public page's heading.
//   3. Site search: GET /search?search=lockbox on the server, against GET /search (no query).
// Needs `pnpm build` first (e2e/scripts/product-server.ts starts it).
import { type Browser, chromium, type Page } from '@playwright/test';
import { startProductServer } from './product-server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PASSWORD = 'a long benchmark passphrase';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? 0;
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** Click `trigger` in the page and time until `shown` is on screen, in the page's own clock. */
function timeClick(page: Page, trigger: string, shown: string): Promise<number> {
  return page.evaluate(
    ([t, s]) =>
      new Promise<number>((resolve, reject) => {
        const button = document.querySelector<HTMLElement>(t);
        if (!button) return reject(new Error(`no ${t}`));
        const start = performance.now();
        const visible = () => {
          const el = document.querySelector<HTMLElement>(s);
          return el !== null && el.offsetParent !== null;
        };
        const check = () => (visible() ? resolve(performance.now() - start) : undefined);
        new MutationObserver(check).observe(document.body, {
          childList: true,
          subtree: true,
          attributes: true,
        });
        button.click();
        check();
      }),
    [trigger, shown] as const,
  );
}

/** A page loaded, then left idle (the warm page of issue 14, item 2). */
async function warmPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('button.ln-user-area__trigger');
  await page.waitForTimeout(1000);
  return page;
}

/** Navigation start → `selector` in the document, for a direct load of `url`. */
async function firstPaint(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (s) => (document.querySelector(s) ? performance.now() : false),
    selector,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function serverTime(url: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(url);
  await res.text();
  return performance.now() - start;
}

async function main() {
  // The product with no listings: these timings are about the shell and the account panel.
  const server = await startProductServer(0);
  const { base } = server;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const warnings: string[] = [];
  try {
    // 1. The account panel, warm page; the Services menu as the baseline.
    const panel: number[] = [];
    const menu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await warmPage(browser, `${base}/company/about-us`);
      panel.push(
        await timeClick(
          page,
          'button.ln-user-area__trigger',
          '.ln-user-area__panel input[name="email"]',
        ),
      );
      await page.close();
      const other = await warmPage(browser, `${base}/company/about-us`);
      const size = await other.evaluate(() => window.innerWidth);
      if (size >= 1024)
        menu.push(await timeClick(other, '[aria-controls="menu-services"]', '#menu-services a'));
      await other.close();
    }

    // 2. Dashboard first paint, signed in; a static public page as the baseline.
    const context = await browser.newContext();
    const res = await context.request.post(`${base}/account/sign-up`, {
      headers: { 'x-requested-with': 'XMLHttpRequest', origin: base },
      data: { email: `bench.${Date.now()}@bench.example.com`, password: PASSWORD },
    });
    if (!res.ok()) throw new Error(`sign-up answered ${res.status()}`);
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    const shell: Record<string, number[]> = { '/dashboard': [], '/dashboard/messages': [] };
    const heading: Record<string, number[]> = { '/dashboard': [], '/dashboard/messages': [] };
    const publicPage: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      publicPage.push(await firstPaint(page, `${base}/company/about-us`, 'main h1'));
      for (const path of Object.keys(shell)) {
        shell[path]?.push(await firstPaint(page, `${base}${path}`, '.ds-header'));
        heading[path]?.push(await firstPaint(page, `${base}${path}`, '.ds-main h1'));
      }
    }

    // 3. Search on the server.
    const search: number[] = [];
    const empty: number[] = [];
    for (let i = 0; i < RUNS * 2; i++) {
      empty.push(await serverTime(`${base}/search`));
      search.push(await serverTime(`${base}/search?search=lockbox`));
    }

    const menuMedian = median(menu);
    console.log(`\nBrowser benchmark, ${RUNS} runs each (Chromium ${browser.version()})\n`);
    console.log(
      `Account panel, click → form (warm page): median ${ms(median(panel))}, p90 ${ms(p90(panel))}` +
        (menu.length
          ? `; Services menu (baseline): median ${ms(menuMedian)}; ratio ${(median(panel) / Math.max(menuMedian, 1)).toFixed(2)}×`
          : ''),
    );
    const base0 = median(publicPage);
    console.log(`Public page, navigation → h1 (baseline): median ${ms(base0)}`);
    for (const path of Object.keys(shell)) {
      const s = median(shell[path] ?? []);
      const h = median(heading[path] ?? []);
      console.log(
        `${path}, navigation → shell: median ${ms(s)} (${(s / base0).toFixed(2)}×); → page heading: median ${ms(h)} (${(h / base0).toFixed(2)}×)`,
      );
    }
    const q = median(search);
    const e = median(empty);
    console.log(
      `GET /search?search=lockbox: median ${ms(q)}, p90 ${ms(p90(search))}; GET /search (baseline): median ${ms(e)}; ratio ${(q / Math.max(e, 1)).toFixed(2)}×`,
    );
    console.log(`Console warnings and errors on the dashboard: ${warnings.length}`);
    for (const w of new Set(warnings)) console.log(`  ${w}`);
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
