import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { addProperty, ownerPage, signUp, xhr } from './dashboard-fixtures.ts';
import { VENDOR } from './fixtures/constants.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 46 (decision 083): an area's landing page loads at most 200 KB of gzipped JavaScript,
 * React included, before the window's `load` event — the other pages' chunks come after it.
 */
const FIRST_LOAD_BUDGET_BYTES = 200 * 1024;

/**
 * Opens `path` and waits for the load event and a quiet network, then sums the scripts the page
 * asked for before that event (gzipped here, as a server would send them): usePagePreload fetches
 * the other pages only after it. Each script must have been named by the shell itself (its entry
 * or the area's modulepreload links), so none waited for another to run first.
 */
async function firstLoad(page: Page, path: string, heading: string) {
  const shell = await page.goto(path);
  expect(shell?.status()).toBe(200);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  const scripts = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation');
    const loaded = (navigation as PerformanceNavigationTiming).loadEventStart;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= loaded && new URL(e.name).pathname.endsWith('.js'))
      .map((e) => new URL(e.name).pathname);
  });
  const html = (await shell?.text()) ?? '';
  const named = new Set([...html.matchAll(/(?:src|href)="(\/spa\/[^"]+\.js)"/g)].map((m) => m[1]));
  expect(scripts.filter((s) => !named.has(s))).toEqual([]);
  let bytes = 0;
  for (const script of scripts)
    bytes += gzipSync(await (await page.request.get(script)).body()).length;
  test.info().annotations.push({
    type: 'first load',
    description: `${path}: ${(bytes / 1024).toFixed(1)} KB gzipped in ${scripts.length} scripts`,
  });
  return bytes;
}

test('a customer’s overview loads at most 200 KB of JavaScript before the load event', async ({
  page,
}) => {
  await signUp(page, 'first-load');
  await addProperty(page, { street: '46 Budget St' });
  expect(await firstLoad(page, '/dashboard', 'Overview')).toBeLessThanOrEqual(
    FIRST_LOAD_BUDGET_BYTES,
  );
});

test('a vendor’s assignments load at most 200 KB of JavaScript before the load event', async ({
  page,
}) => {
  const res = await page.request.post('/account/login', {
    headers: xhr(),
    data: { email: VENDOR.email, password: VENDOR.password },
  });
  expect(res.status()).toBe(200);
  expect(await firstLoad(page, '/vendor', 'Your work')).toBeLessThanOrEqual(
    FIRST_LOAD_BUDGET_BYTES,
  );
});

test('staff’s Today page loads at most 200 KB of JavaScript before the load event', async ({
  browser,
}) => {
  const staff = await ownerPage(browser);
  expect(await firstLoad(staff, '/admin', 'Today')).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
});
