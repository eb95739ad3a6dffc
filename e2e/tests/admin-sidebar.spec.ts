import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { xhr } from './dashboard-fixtures.ts';
import { ADMIN } from './fixtures/constants.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 47: the staff area's pages in a grouped sidebar with the current page marked; on a
 * phone, one button opens it so the page comes first. The owner reaches every area from it.
 */
test.describe.configure({ timeout: 120_000 });

const GROUPS = [
  'People',
  'Listings',
  'Orders and fulfilment',
  'Money',
  'Marketing',
  'Communication',
  'Settings',
];

async function owner(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  const res = await page.request.post('/account/login', {
    headers: xhr(),
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(res.status()).toBe(200);
  return page;
}

test('an owner reaches every staff area from the grouped sidebar', async ({ browser }) => {
  const page = await owner(browser, { width: 1440, height: 900 });
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Staff pages' });
  for (const group of GROUPS) await expect(nav.getByRole('region', { name: group })).toBeVisible();
  // The areas in the header are separate links, not one run-together word.
  const areas = page.getByRole('navigation', { name: 'Areas' });
  await expect(areas.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(areas.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
  // The rendered text, laid out: unstyled links read as one word there.
  // biome-ignore lint/performance/useDomNodeTextContent: the layout is what is under test
  expect(await areas.innerText()).not.toContain('DashboardAdmin');

  const links = await nav
    .getByRole('link')
    .evaluateAll((as) =>
      as.map((a) => ({ name: a.textContent ?? '', href: a.getAttribute('href') ?? '' })),
    );
  expect(links.length).toBe(34);
  for (const { name, href } of links) {
    await nav.getByRole('link', { name, exact: true }).click();
    // A page may open on one of its own lists (Marketing lists → /admin/marketing/owners).
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/]/g, '\\/')}(\\/[^?]*)?(\\?.*)?$`));
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
  }

  const axe = await new AxeBuilder({ page }).include('nav[aria-label="Staff pages"]').analyze();
  expect(axe.violations).toEqual([]);
});

test('on a phone the staff pages sit behind one button naming the current page', async ({
  browser,
}) => {
  const page = await owner(browser, { width: 375, height: 812 });
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Staff pages' });
  const menu = nav.getByRole('button', { name: /Staff pages/ });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toContainText('Home');
  await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toBeHidden();
  // The page's own heading is on the first screen, not below thirty links.
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toContainText('Orders');

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
});
