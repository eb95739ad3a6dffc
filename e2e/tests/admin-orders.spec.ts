import { addProperty, ownerPage, signUp, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/** Issue 21: staff price a quoted order; the customer sees the invoice; staff keep a note. */

test.describe.configure({ timeout: 90_000 });

test('staff find a quote request, price it and note it; the customer gets the invoice', async ({
  page,
  browser,
}) => {
  const street = `${Date.now().toString(36)} Quote Blvd`;
  await signUp(page, 'quoted');
  const property = await addProperty(page, { street });
  const placed = await page.request.post('/api/dashboard/orders', {
    headers: xhr(),
    data: { property, product: 'seller-flat-fee-representation' },
  });
  expect(placed.status()).toBe(201);

  const owner = await ownerPage(browser);
  await owner.goto('/admin/orders?status=quote_requested');
  await owner.getByLabel('Search by customer email, street or product').fill(street);
  await owner.getByRole('button', { name: 'Search', exact: true }).click();
  await owner
    .getByRole('row', { name: new RegExp(street) })
    .getByRole('link')
    .first()
    .click();
  await expect(owner.getByText('· waiting for a price')).toBeVisible();

  const quote = owner.getByRole('form', { name: 'Price the quote' });
  await quote.getByLabel('Price (US dollars, before tax)').fill('two thousand');
  await quote.getByRole('button', { name: 'Issue the invoice' }).click();
  await expect(quote.getByText('Enter the price in dollars and cents.')).toBeVisible();
  await quote.getByLabel('Price (US dollars, before tax)').fill('$2,500');
  await quote.getByRole('button', { name: 'Issue the invoice' }).click();
  await expect(owner.locator('strong', { hasText: 'Awaiting payment' })).toBeVisible();
  // $2,500 before the state's sales tax (whatever other tests set it to).
  await expect(owner.getByText('$2,500.00')).toBeVisible();
  await expect(owner.getByRole('link', { name: /^invoice \$[\d,]+\.\d\d, open$/ })).toBeVisible();

  await owner.getByLabel('Note', { exact: true }).fill('Priced after the call on Monday.');
  await owner.getByRole('button', { name: 'Add note' }).click();
  await expect(owner.getByText(/Priced after the call on Monday\./)).toBeVisible();

  await page.goto(`/dashboard/invoices?property=${property}`);
  await expect(page.getByRole('link', { name: /INV-\d{6}/ })).toBeVisible();
});
