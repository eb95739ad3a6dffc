import { expect, test } from './fixtures/test.ts';

// A few visual checks of the public site, taken in Chromium at 1440 px and 375 px. Baselines
// live beside this file; refresh them with `pnpm --filter @lantern/e2e test public-visual --update-snapshots`.
const options = { maxDiffPixelRatio: 0.01, animations: 'disabled' } as const;

test('home page, first screen', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveScreenshot('home.png', options);
});

test('a service page, first screen', async ({ page }) => {
  await page.goto('/flat-fee-mls');
  await expect(page).toHaveScreenshot('flat-fee-mls.png', options);
});

test('the open menu', async ({ page, isMobile }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (isMobile) {
    await nav.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Services' }).click();
  } else {
    await nav.getByRole('button', { name: 'Flat Fee MLS' }).click();
  }
  await expect(page).toHaveScreenshot('menu-open.png', options);
});
