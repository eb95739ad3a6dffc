import { addProperty, ownerPage, placeOrder, signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/** Issue 21: staff add a lockbox, rent it to a paid order and record its return with the refund. */
test('staff add a lockbox, rent it to a paid lockbox order, and record its return with the deposit refunded', async ({
  page,
  browser,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  const street = `${(Date.now() % 9000) + 100} Lockbox Ln`;
  await signUp(page, 'lockbox');
  const property = await addProperty(page, { street });
  const order = await placeOrder(page, property, 'lockbox-rental');
  if (!order.invoice) throw new Error('the lockbox rental has an invoice');

  // Staff record the customer's check for the whole invoice.
  const staff = await ownerPage(browser);
  await staff.goto(`/admin/invoices/${order.invoice}`);
  await staff.getByLabel('Paid by').selectOption({ label: 'Check' }, { timeout: 15_000 });
  await staff.getByLabel('Check number or transfer reference').fill('7001');
  await staff.getByRole('button', { name: 'Record payment' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: /Paid/ })).toBeVisible();

  // A new lockbox goes into the inventory.
  const serial = `E2E-${run}`;
  await staff.goto('/admin/lockboxes');
  await staff.getByRole('button', { name: 'Add lockboxes' }).click({ timeout: 15_000 });
  const add = staff.getByRole('dialog', { name: 'Add lockboxes' });
  await add.getByLabel('Serial numbers').fill('bad serial!');
  await add.getByRole('button', { name: 'Add to the inventory' }).click();
  await expect(add.getByText('Use 1 to 40 letters, digits or dashes')).toBeVisible();
  await add.getByLabel('Serial numbers').fill(serial.toLowerCase());
  await add.getByLabel('Kind').selectOption({ label: 'Push-button' });
  await add.getByRole('button', { name: 'Add to the inventory' }).click();
  await expect(add).toBeHidden();
  await expect(
    staff.getByRole('status').filter({ hasText: '1 lockbox added in stock.' }),
  ).toBeVisible();

  await staff.getByLabel('Search by serial').fill(serial);
  await staff.getByRole('button', { name: 'Search', exact: true }).click();
  const row = staff.getByRole('row', { name: new RegExp(serial) });
  await expect(row).toContainText('In stock');

  // It goes out to the paid order.
  await row.getByRole('button', { name: `Rent out ${serial}` }).click();
  const rent = staff.getByRole('dialog', { name: 'Rent a lockbox out' });
  await expect(rent.getByText(`Lockbox: ${serial}`)).toBeVisible();
  await rent.getByLabel('Paid order').selectOption(order.hash);
  await rent.getByRole('button', { name: 'Rent it out' }).click();
  await expect(rent).toBeHidden();
  await expect(
    staff.getByRole('status').filter({ hasText: `${serial} is out at ${street}` }),
  ).toBeVisible();
  await expect(row).toContainText('Out');

  // The rental, and its return with the $100 deposit refunded.
  await row.getByRole('link', { name: `See the rental of ${serial}` }).click();
  const rental = staff.getByRole('row', { name: new RegExp(serial) });
  await expect(rental).toContainText('Active');
  await expect(rental).toContainText('$100.00');
  await expect(rental).toContainText('180 days left');
  await rental.getByRole('button', { name: `Record return of ${serial}` }).click();
  const back = staff.getByRole('dialog', { name: `Return of ${serial}` });
  await back.getByRole('button', { name: 'Record the return and refund $100.00' }).click();
  await expect(back).toBeHidden();
  await expect(
    staff
      .getByRole('status')
      .filter({ hasText: `${serial} is back in stock; $100.00 of the deposit refunded.` }),
  ).toBeVisible();
  await expect(rental).toContainText('Returned');
  await expect(rental).toContainText('$100.00 refunded');

  // The customer sees it on the Lockbox Rental page.
  await page.goto(`/dashboard/lockbox-rental?property=${property}`);
  const mine = page.getByRole('region', { name: /Your lockbox rental/ });
  await expect(mine).toContainText('Returned', { timeout: 15_000 });
  await expect(mine).toContainText('$100.00, refunded.');
});
