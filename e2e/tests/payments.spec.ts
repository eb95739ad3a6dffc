import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { addProperty, placeOrder, signUp, xhr } from './dashboard-fixtures.ts';
import { ADMIN } from './fixtures/constants.ts';
import { MAIL_DIR } from './fixtures/public-mail.ts';
import { expect, test } from './fixtures/test.ts';

/** Issue 17: paying an invoice by check (recorded by staff) and by card (Stripe Checkout). */

async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/account/login', {
    headers: xhr(),
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(res.status()).toBe(200);
  return page;
}

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
  const staff = await staffPage(browser);
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

test('a customer pays the MLS listing by card on the hosted checkout page and gets the receipt', async ({
  page,
}) => {
  const email = await signUp(page, 'pay-card');
  const property = await addProperty(page, { street: '18 Card Ct' });
  const order = await placeOrder(page, property, 'mls-listing-state');
  if (!order.invoice) throw new Error('the MLS listing has an invoice');

  await page.goto(`/dashboard/invoices/${order.invoice}`);
  await page.getByRole('button', { name: 'Pay $149.00 by card' }).click({ timeout: 15_000 });

  // Stripe's page (the local stand-in): the card never touches ours.
  await expect(page.getByRole('heading', { name: 'Fixture checkout' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Pay $149.00 to the test merchant.')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $149.00' }).click();

  // Back on the invoice, paid once the signed webhook was handled.
  await expect(page).toHaveURL(new RegExp(`/dashboard/invoices/${order.invoice}\\?checkout=done`));
  const invoice = page.getByRole('article', { name: /^Invoice INV-\d{6}$/ });
  await expect(invoice.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(invoice.getByRole('table', { name: 'Payments' })).toContainText('Card');
  await expect(page.getByRole('button', { name: /by card/ })).toBeHidden();

  const mail = await receiptMail(email);
  expect(mail).toMatch(/filename="?receipt-INV-\d{6}\.pdf/);
  expect(mail).toContain('application/pdf');
});
