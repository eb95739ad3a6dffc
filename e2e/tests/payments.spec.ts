import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addProperty, ownerPage, placeOrder, signUp } from './dashboard-fixtures.ts';
import { MAIL_DIR } from './fixtures/public-mail.ts';
import { expect, test } from './fixtures/test.ts';

/** Issue 17: paying an invoice by check (recorded by staff) and by card (Stripe Checkout). */

test('staff record a check for an invoice and refund part of it; the customer sees both live', async ({
  page,
  browser,
}) => {
  await signUp(page, 'pay-check');
  const property = await addProperty(page, { street: '17 Check Ct' });
  const order = await placeOrder(page, property, 'mls-listing-state');
  if (!order.invoice) throw new Error('the MLS listing has an invoice');

  // The customer's invoice says how to pay while it is open.
  await page.goto(`/dashboard/invoices/${order.invoice}`);
  const invoice = page.getByRole('article', { name: /^Invoice INV-\d{6}$/ });
  // The first page of a fresh server can take a while on a busy machine.
  await expect(invoice.getByRole('heading', { name: 'How to pay' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(invoice.getByText(/check made out to Lantern/)).toBeVisible();
  await expect(invoice.getByRole('row', { name: /Balance due \$149\.00/ })).toBeVisible();
  const number = ((await invoice.getAttribute('aria-label')) ?? '').replace('Invoice ', '');

  // Staff find it by its number and record the check.
  const staff = await ownerPage(browser);
  await staff.goto('/admin/invoices');
  await staff.getByLabel('Search by invoice number, email or street').fill(number);
  await staff.getByRole('button', { name: 'Search', exact: true }).click();
  await staff.getByRole('link', { name: number, exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible();
  await expect(staff.getByLabel('Amount (USD)')).toHaveValue('149.00');
  await staff.getByLabel('Paid by').selectOption({ label: 'Check' });
  await staff.getByLabel('Check number or transfer reference').fill('2041');
  await staff.getByRole('button', { name: 'Record payment' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: /Paid/ })).toBeVisible();
  await expect(staff.getByRole('cell', { name: /Check 2041/ })).toBeVisible();

  // The customer's open page turns paid by itself (InvoiceUpdated over /ws).
  await expect(invoice.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(invoice.getByRole('table', { name: 'Payments' })).toContainText('Check');
  await expect(invoice.getByRole('heading', { name: 'How to pay' })).toBeHidden();

  // A partial refund, with its reason.
  await staff.getByRole('button', { name: 'Refund 2041' }).click();
  await staff.getByLabel('Refund amount (USD)').fill('49.00');
  await staff.getByLabel('Reason').fill('Photos were not needed');
  await staff.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: /Partially refunded/ })).toBeVisible();

  const refunds = invoice.getByRole('table', { name: 'Refunds' });
  await expect(refunds).toContainText('Photos were not needed');
  await expect(refunds).toContainText('$49.00');
  await expect(invoice.getByText('Partially refunded', { exact: true })).toBeVisible();
});

/** The raw receipt mail to `to`, once the outbox has sent it. */
async function receiptMail(to: string, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (existsSync(MAIL_DIR))
      for (const file of readdirSync(MAIL_DIR)) {
        const raw = readFileSync(join(MAIL_DIR, file), 'utf8');
        if (raw.includes(`X-E2E-To: ${to}`) && /Subject: Receipt for INV-\d{6}/.test(raw))
          return raw;
      }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no receipt mail to ${to}`);
}

test('staff make a coupon; a customer orders the MLS listing with it, pays by card on the hosted checkout page and gets the receipt', async ({
  page,
  browser,
}) => {
  // Staff make a 20%-off coupon for the MLS listing on the Coupons page.
  const code = `SPRING${Date.now().toString(36).toUpperCase()}`;
  const staff = await ownerPage(browser);
  await staff.goto('/admin/coupons');
  await staff.getByRole('button', { name: 'New coupon' }).click({ timeout: 15_000 });
  const form = staff.getByRole('dialog', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Percent off').fill('20');
  await form.getByLabel('Which service').selectOption({ label: 'Flat Fee MLS Listing' });
  await form.getByLabel('Most orders in all (optional)').fill('5');
  await form.getByLabel('Once per customer').check();
  await form.getByRole('button', { name: 'Make coupon' }).click();
  await expect(form).toBeHidden();
  const row = staff.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('20% off Flat Fee MLS Listing');
  await expect(row).toContainText('0 of 5');

  const email = await signUp(page, 'pay-card');
  const property = await addProperty(page, { street: '18 Card Ct' });
  await page.goto(`/dashboard/mls-listing?property=${property}`);
  const listing = page.getByRole('listitem', { name: 'Flat Fee MLS Listing' });
  await listing.getByLabel('Coupon code (optional)').fill(code.toLowerCase());
  await listing.getByRole('button', { name: 'Order for $149' }).click({ timeout: 15_000 });
  await expect(listing.getByText('Ordered: Awaiting payment.')).toBeVisible();
  await listing.getByRole('link', { name: 'View the invoice' }).click();

  // $149.00 less 20% ($29.80) is $119.20.
  const invoice = page.getByRole('article', { name: /^Invoice INV-\d{6}$/ });
  await expect(
    invoice.getByRole('row', { name: new RegExp(`Coupon ${code} -\\$29\\.80`) }),
  ).toBeVisible();
  await expect(invoice.getByRole('row', { name: /Total \$119\.20/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay $119.20 by card' }).click({ timeout: 15_000 });

  // Stripe's page (the local stand-in): the card never touches ours.
  await expect(page.getByRole('heading', { name: 'Fixture checkout' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Pay $119.20 to the test merchant.')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $119.20' }).click();

  // Back on the invoice, paid once the signed webhook was handled.
  await expect(page).toHaveURL(/\/dashboard\/invoices\/[^?]+\?checkout=done/);
  await expect(invoice.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(invoice.getByRole('table', { name: 'Payments' })).toContainText('Card');
  await expect(page.getByRole('button', { name: /by card/ })).toBeHidden();

  const mail = await receiptMail(email);
  expect(mail).toMatch(/filename="?receipt-INV-\d{6}\.pdf/);
  expect(mail).toContain('application/pdf');

  // The same receipt from the invoice page.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the receipt (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^receipt-INV-\d{6}\.pdf$/);
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');

  // The coupon's use shows on the staff list.
  await staff.reload();
  await expect(staff.getByRole('row', { name: new RegExp(code) })).toContainText('1 of 5');
});

test('staff set a state tax rate; a lockbox order there is taxed on the rental, not on its deposit', async ({
  page,
  browser,
}) => {
  // Vermont, where no other test orders: the rate cannot change another test's totals.
  const staff = await ownerPage(browser);
  await staff.goto('/admin/tax-rates');
  const rate = staff.getByLabel('Rate for Vermont, in percent');
  await rate.fill('6.5', { timeout: 15_000 });
  await staff.getByRole('button', { name: 'Save Vermont' }).click();
  await expect(staff.getByRole('row', { name: /Vermont/ }).getByRole('status')).toHaveText('Saved');

  await signUp(page, 'pay-tax');
  const property = await addProperty(page, {
    street: '5 Maple St',
    city: 'Burlington',
    state: 'VT',
    county: 'Chittenden County',
    zip: '05401',
  });
  await page.goto(`/dashboard/lockbox-rental?property=${property}`);
  const lockbox = page.getByRole('listitem', { name: 'Lockbox Rental' });
  await expect(lockbox.getByText('$39 + $100 refundable deposit')).toBeVisible({ timeout: 15_000 });
  await lockbox.getByRole('button', { name: 'Order for $39' }).click();
  await lockbox.getByRole('link', { name: 'View the invoice' }).click();

  // Tax: 6.5% of $39.00 = $2.535 → $2.54; the $100 deposit untaxed. Total $141.54.
  const invoice = page.getByRole('article', { name: /^Invoice INV-\d{6}$/ });
  await expect(invoice.getByRole('row', { name: /Refundable deposit No sales tax/ })).toContainText(
    '$100.00',
  );
  await expect(invoice.getByRole('row', { name: /Tax \(6\.5%\) \$2\.54/ })).toBeVisible();
  await expect(invoice.getByRole('row', { name: /Total \$141\.54/ })).toBeVisible();

  // Back to no tax in Vermont for later runs against the same database.
  await rate.fill('0');
  await staff.getByRole('button', { name: 'Save Vermont' }).click();
});
