import AxeBuilder from '@axe-core/playwright';
import { GENERATED_SAMPLES, PUBLIC_ROUTES } from './fixtures/public-routes.ts';
import { expect, test } from './fixtures/test.ts';

// axe-core on every hand-written public route and one page of each generated kind, at 1440 px
// (desktop project) and 375 px (phone project). Split in a few tests so both workers share it.
const ROUTES = [...PUBLIC_ROUTES, ...GENERATED_SAMPLES];
const CHUNKS = 8;

for (let i = 0; i < CHUNKS; i++) {
  const routes = ROUTES.filter((_, index) => index % CHUNKS === i);
  test(`axe finds no violations: ${routes.join(', ')}`, async ({ page }) => {
    test.setTimeout(180_000);
    const failures: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      for (const v of violations)
        failures.push(`${route}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
    }
    expect(failures).toEqual([]);
  });
}

test('axe finds no violations with the menus open', async ({ page, isMobile }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (isMobile) {
    await nav.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Connect' }).click();
  } else {
    await nav.getByRole('button', { name: 'Connect' }).click();
    await expect(
      page.locator('#menu-connect').getByRole('button', { name: 'Subscribe' }),
    ).toBeVisible();
  }
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
});
