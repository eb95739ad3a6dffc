import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ownerPage, signUp, staffNavLink, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';
import { publishFsboListing } from './listing-fixtures.ts';

/**
 * Issue 47, the monthly payment estimate (docs/decisions/090): staff set the mortgage rate at
 * Admin → Mortgage rate, a refusal keeping what they typed; a visitor then finds the estimate on a
 * listing page for sale, with the rate's date and source, changes the down payment and sees the
 * figure follow; without JavaScript the form's button asks the server for the same figure. Every
 * test sets the same rate, so tests side by side (and the phone's run) agree on what pages show.
 */
test.describe.configure({ timeout: 180_000 });

const RATE = '6.875';
const SOURCE = 'E2E weekly rate survey';
const SOURCE_URL = 'https://example.org/rates';
// The fixture's price is $315,000: 20 % down at 6.875 % over 30 years, then 10 % down.
const AT_20_DOWN = '$1,655.46';
const AT_10_DOWN = '$1,862.39';

async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);
}

/** A day three days ago (UTC), which no clock in the US has yet to reach. */
function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

test('staff set the rate; a visitor sees the estimate and changes the down payment', async ({
  page,
  browser,
  allowConsole,
}) => {
  allowConsole(/status of 422/);
  await signUp(page, 'payment-seller');
  const n = Math.floor(Math.random() * 90_000);
  const { path } = await publishFsboListing(page, { street: `${100 + n} Estimate Way` });

  const staff = await ownerPage(browser);
  await staff.goto('/admin');
  await (await staffNavLink(staff, 'Mortgage rate')).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Mortgage rate' })).toBeVisible({
    timeout: 15_000,
  });
  const rate = staff.getByRole('textbox', { name: 'Rate (%)' });
  await rate.fill('21');
  await staff.getByLabel('Date of the rate').fill(daysAgo(3));
  await staff.getByRole('textbox', { name: 'Source', exact: true }).fill(SOURCE);
  await staff.getByRole('button', { name: 'Set this rate' }).click();
  // Refused in words, nothing typed lost.
  await expect(staff.getByText(/Enter the rate as a percent above 0 and at most 20/)).toBeVisible();
  await expect(rate).toHaveValue('21');
  await expect(staff.getByRole('textbox', { name: 'Source', exact: true })).toHaveValue(SOURCE);
  await accessible(staff);
  await rate.fill(RATE);
  await staff.getByRole('textbox', { name: 'Address of the source (optional)' }).fill(SOURCE_URL);
  await staff.getByRole('button', { name: 'Set this rate' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Saved' })).toContainText(
    `Saved ${RATE}% as of`,
  );

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(path);
  const section = visitor.getByRole('region', { name: 'Monthly payment estimate' });
  await expect(section).toBeVisible();
  await expect(section).toContainText(`${AT_20_DOWN} a month`);
  await expect(section).toContainText(`Starts at ${RATE}%, the rate ${SOURCE} gave for`);
  await expect(section).toContainText('It is not a loan offer');
  await expect(section.getByRole('link', { name: SOURCE })).toHaveAttribute('href', SOURCE_URL);
  await accessible(visitor);

  const down = section.getByRole('textbox', { name: 'Down payment (% of the price)' });
  await expect(down).toHaveValue('20');
  await down.fill('10');
  await expect(section).toContainText(`${AT_10_DOWN} a month`);
  await expect(section).toContainText('A loan of $283,500.00 after $31,500.00 down');
  await section.getByRole('textbox', { name: 'Property tax a year ($)' }).fill('abc');
  await section.getByRole('textbox', { name: 'Property tax a year ($)' }).blur();
  await expect(section.getByText(/Enter the yearly property tax in dollars/)).toBeVisible();
  await accessible(visitor);
});

test('without JavaScript the form asks the server for the same figure', async ({ browser }) => {
  const seller = await (await browser.newContext()).newPage();
  await signUp(seller, 'payment-seller-nojs');
  const n = Math.floor(Math.random() * 90_000);
  const { path } = await publishFsboListing(seller, { street: `${100 + n} Static Way` });
  // Every test sets the same rate, so tests running side by side agree on the figures.
  const staff = await ownerPage(browser);
  const set = await staff.request.post('/api/admin/mortgage-rates', {
    headers: xhr(),
    data: { rateThousandths: 6_875, asOf: daysAgo(3), source: SOURCE, sourceUrl: SOURCE_URL },
  });
  expect(set.status(), await set.text()).toBe(201);

  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto(path);
  const section = visitor.getByRole('region', { name: 'Monthly payment estimate' });
  await expect(section).toContainText(`${AT_20_DOWN} a month`);
  await section.getByRole('textbox', { name: 'Down payment (% of the price)' }).fill('10');
  await section.getByRole('button', { name: 'Update the estimate' }).click();
  await expect(visitor).toHaveURL(/[?&]down=10&term=30&rate=6\.875/);
  await expect(section).toContainText(`${AT_10_DOWN} a month`);
  await expect(section.getByRole('textbox', { name: 'Down payment (% of the price)' })).toHaveValue(
    '10',
  );
});
