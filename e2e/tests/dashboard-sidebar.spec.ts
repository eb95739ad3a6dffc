import type { Page } from '@playwright/test';
import { addProperty, showSidebar, sidebar, signUp, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/** The sidebar waits on the services call; give a busy machine room before calling it a failure. */
const SLOW = { timeout: 15_000 };

async function sections(page: Page) {
  await showSidebar(page);
  const nav = sidebar(page);
  await expect(nav).toBeVisible();
  return nav
    .locator('section')
    .evaluateAll((els) =>
      els.map((el) => [
        el.querySelector('.ds-nav-title')?.textContent ?? '',
        Array.from(el.querySelectorAll('a')).map((a) => a.textContent?.trim() ?? ''),
      ]),
    );
}

test('without a property: Dashboard and Billing, Account Settings at the bottom', async ({
  page,
}) => {
  await signUp(page, 'side-none');
  await page.goto('/dashboard');
  await expect
    .poll(() => sections(page), SLOW)
    .toEqual([
      ['Dashboard', ['Overview', 'Messages', 'Add a Property']],
      ['Billing', ['Invoices']],
    ]);
  const account = page.getByRole('navigation', { name: 'Account' }).getByRole('link');
  await expect(account).toHaveText('Account Settings');
  await expect(page.getByText(/Interested in investing/)).toHaveCount(0);
});

test('a seller in California gets the listing-side products', async ({ page }) => {
  await signUp(page, 'side-seller');
  const home = await addProperty(page, {
    street: '1 Sunset Blvd',
    state: 'CA',
    county: 'Los Angeles County',
  });
  await page.goto(`/dashboard?property=${home}`);
  await expect
    .poll(() => sections(page), SLOW)
    .toEqual([
      ['Dashboard', ['Overview', 'Messages', 'Update Property', 'Participants']],
      [
        'Products',
        [
          'Seller Agent',
          'MLS Listing Help',
          'Free FSBO Listing',
          // No Valuation: the home has no street-level position or nearby sales (issue 38);
          // valuation-products.spec.ts shows it for a home that has them.
          'Lockbox Rental',
          'Photography',
          'Signs & Posts',
        ],
      ],
      ['Billing', ['Invoices']],
    ]);
  // MLS Listing is computed but not in the sidebar; its page says what the property has.
  await page.goto(`/dashboard/mls-listing?property=${home}`);
  await expect(page.getByRole('heading', { name: 'MLS Listing', level: 1 })).toBeVisible();
  await expect(page.getByText('MLS Listing is available for this property.')).toBeVisible();
  const flatFee = page.locator('.ds-product', { hasText: 'Flat Fee MLS Listing' });
  await expect(flatFee).toContainText('$149');
  await expect(flatFee).toContainText('Available');
  // Los Angeles County is one of CRMLS's core counties in the MLS directory.
  await expect(page.locator('.ds-product', { hasText: 'Local MLS Listing' })).toContainText(
    'Available',
  );
});

test('a buyer gets Buyer Agent only; no coverage means no Products', async ({ page }) => {
  await signUp(page, 'side-buyer');
  const home = await addProperty(page, {
    street: '2 Main St',
    state: 'TX',
    county: 'Travis County',
    role: 'buyer',
  });
  await page.goto(`/dashboard?property=${home}`);
  await expect
    .poll(() => sections(page), SLOW)
    .toEqual([
      ['Dashboard', ['Overview', 'Messages', 'Update Property', 'Participants']],
      // Valuation needs recent sales near a street-level home (issue 38).
      ['Products', ['Buyer Agent']],
      ['Billing', ['Invoices']],
    ]);

  const pr = await addProperty(page, { street: '3 Calle Luna', state: 'PR', county: 'San Juan' });
  await page.goto(`/dashboard/invoices?property=${pr}`);
  await expect
    .poll(() => sections(page), SLOW)
    .toEqual([
      ['Dashboard', ['Overview', 'Messages', 'Update Property', 'Participants']],
      ['Billing', ['Invoices']],
    ]);
});

test("'Products' and 'Billing' read 'Loading…' while the services load", async ({ page }) => {
  await signUp(page, 'side-loading');
  const home = await addProperty(page, { street: '4 Slow Ct' });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/dashboard/services-for-property*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/dashboard?property=${home}`);
  await expect
    .poll(() => sections(page), SLOW)
    .toEqual([
      ['Dashboard', ['Overview', 'Messages', 'Update Property', 'Participants']],
      ['Loading…', []],
      ['Loading…', ['Invoices']],
    ]);
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeAttached();
  release();
  await expect.poll(async () => (await sections(page))[1]?.[0], SLOW).toBe('Products');
});

test('a failed services load shows the modal with the server message, or the fixed text', async ({
  page,
  allowConsole,
}) => {
  // The failed answers are what this test makes the server give; Chromium logs every error answer.
  allowConsole(/status of 50[23]/);
  await signUp(page, 'side-error');
  const home = await addProperty(page, { street: '5 Broken Rd' });
  await page.route('**/api/dashboard/services-for-property*', (route) =>
    route.fulfill({ status: 503, json: { message: 'Services are down for maintenance.' } }),
  );
  await page.goto(`/dashboard?property=${home}`);
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText('Services are down for maintenance.');
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await expect(dialog).toBeHidden();

  await page.unroute('**/api/dashboard/services-for-property*');
  await page.route('**/api/dashboard/services-for-property*', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
  );
  await page.reload();
  await expect(dialog).toContainText('An error occurred while loading the property services.');
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await expect(dialog).toBeHidden();
});

test('narrow mode: 5rem instead of 12rem, names kept for screen readers', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'narrow mode is a desktop control; phones get the drawer');
  await signUp(page, 'side-narrow');
  await page.goto('/dashboard');
  const aside = page.getByRole('complementary', { name: 'Dashboard menu' });
  await expect(aside).toHaveCSS('width', '192px');
  const toggle = page.getByRole('button', { name: 'Narrow menu' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(aside).toHaveCSS('width', '80px');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(sidebar(page).getByRole('link', { name: 'Messages' })).toBeVisible();
  // Kept across visits.
  await page.reload();
  await expect(aside).toHaveCSS('width', '80px');
  await page.getByRole('button', { name: 'Narrow menu' }).click();
  await expect(aside).toHaveCSS('width', '192px');
});

test('at 375px the sidebar is a 190px drawer, operable by keyboard', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the drawer is the phone layout');
  await signUp(page, 'side-drawer');
  await page.goto('/dashboard');
  const aside = page.getByRole('complementary', { name: 'Dashboard menu', includeHidden: true });
  await expect(aside).not.toBeInViewport(); // off screen, and inert so the keyboard skips it
  await expect(aside).toHaveAttribute('inert', '');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(aside).toHaveCSS('width', '190px');
  await expect(sidebar(page).getByRole('link', { name: 'Overview' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  // Choosing a link closes the drawer.
  await menu.click();
  await sidebar(page).getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoices$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // No horizontal scrolling at 375px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('banners: page-load errors and the special instruction, as HTML; the investor link when configured', async ({
  page,
  allowConsole,
}) => {
  // The shell below is fulfilled by Playwright, so Chromium's local-network checks treat it as a public page and block its socket to localhost: the harness, not the product.
  allowConsole(/ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS/);
  await signUp(page, 'side-banners');
  const flash = await page.request.post('/api/dashboard/test-fixtures/page-load-error', {
    headers: xhr(),
    data: { html: 'Your payment <strong>was declined</strong>.' },
  });
  expect(flash.status()).toBe(200);
  await page.goto('/dashboard');
  const banner = page.getByRole('alert').filter({ hasText: 'Your payment was declined.' });
  await expect(banner.locator('strong')).toHaveText('was declined');
  await page.reload();
  await expect(page.getByText('Your payment was declined.')).toHaveCount(0);

  // Configuration the server writes into the shell: shown as the server gives it.
  await page.route('**/dashboard', async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace(
      /"siteName":"Lantern"/,
      '"siteName":"Lantern","investorUrl":"https://invest.example/","headerSpecialInstruction":"Offices closed <em>Monday</em>."',
    );
    await route.fulfill({ response: res, body });
  });
  await page.goto('/dashboard');
  await expect(
    page.getByRole('status').filter({ hasText: 'Offices closed Monday.' }).locator('em'),
  ).toHaveText('Monday');
  await showSidebar(page);
  await expect(
    page.getByRole('link', { name: 'Interested in investing in Lantern?' }),
  ).toHaveAttribute('href', 'https://invest.example/');
});
