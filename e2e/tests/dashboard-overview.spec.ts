import { addProperty, placeOrder, propertySelect, signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

test('without properties, the overview invites you to add one', async ({ page }) => {
  await signUp(page, 'empty');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Add a Property' })).toBeVisible();
});

test('without a property chosen: every property with its role, status and next step', async ({
  page,
}) => {
  await signUp(page, 'all');
  const selling = await addProperty(page, { street: '41 Sell St' });
  await addProperty(page, { street: '42 Buy St', role: 'buyer' });
  const order = await placeOrder(page, selling, 'mls-listing-state');
  await page.goto('/dashboard');

  const table = page.getByRole('table', { name: 'Your properties' });
  const sell = table.getByRole('row', { name: /41 Sell St/ });
  await expect(sell).toContainText('Seller');
  await expect(sell).toContainText('Payment due');
  await sell.getByRole('link', { name: 'See the invoice due' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/invoices/${order.invoice}$`));

  await page.goto('/dashboard');
  const buy = table.getByRole('row', { name: /42 Buy St/ });
  await expect(buy).toContainText('Buyer');
  await expect(buy).toContainText('Getting started');
  await buy.getByRole('link', { name: 'Choose your first service' }).click();
  await expect(propertySelect(page).locator('option:checked')).toHaveText('42 Buy St');
});

test('with a property: its address, your role, its services and recent activity', async ({
  page,
}) => {
  await signUp(page, 'one');
  const property = await addProperty(page, { street: '43 Story St' });
  await placeOrder(page, property, 'fsbo-listing');
  await page.goto(`/dashboard?property=${property}`);

  await expect(page.getByRole('heading', { name: /43 Story St/, level: 2 })).toBeVisible();
  await expect(page.getByText('Springfield, IL 62701')).toBeVisible();
  await expect(page.getByText('You are the Seller on this property.')).toBeVisible();

  const services = page.getByRole('region', { name: 'Services for this property' });
  await services
    .getByRole('link', { name: 'See prices and order: MLS Listing', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/mls-listing\\?property=${property}$`));

  await page.goBack();
  const activity = page.getByRole('region', { name: 'Recent activity' });
  await expect(activity.getByRole('listitem')).toHaveText([
    /Issued invoice INV-\d{6} \(\$0\.00\) for Free FSBO Listing\./,
    /Ordered Free FSBO Listing\./,
    /Property added to your account\./,
  ]);
});

test('a property created on the Add a Property page becomes the current one', async ({ page }) => {
  await signUp(page, 'addpage');
  await page.goto('/dashboard/add-property');
  await page.getByRole('combobox', { name: 'Street Address' }).fill('1600 Main St');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').selectOption('IL');
  await page.getByLabel('Zip Code').fill('62701');
  await page.getByLabel('I am the').selectOption({ label: 'Seller' });
  await page.getByRole('button', { name: 'Create Property' }).click();
  await expect(page).toHaveURL(/\/dashboard\?property=[A-Za-z0-9]+$/);
  await expect(propertySelect(page).locator('option:checked')).toHaveText('1600 Main St');
  await expect(page.getByRole('heading', { name: /1600 Main St/, level: 2 })).toBeVisible();
});

test('no dashboard page is wider than the screen, long email address and all', async ({ page }) => {
  await signUp(page, 'a-rather-long-address-for-wrapping');
  const property = await addProperty(page, { street: '77 Narrow Way' });
  await placeOrder(page, property, 'mls-listing-state');
  const width = page.viewportSize()?.width ?? 0;
  for (const path of [
    '/dashboard',
    `/dashboard?property=${property}`,
    `/dashboard/messages?property=${property}`,
    `/dashboard/participants?property=${property}`,
    `/dashboard/invoices?property=${property}`,
    `/dashboard/mls-listing?property=${property}`,
    '/dashboard/account',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: path })
      .toBeLessThanOrEqual(width);
  }
  await page.goto(`/dashboard/invoices?property=${property}`);
  await page.getByRole('link', { name: /INV-/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice INV-/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
});
