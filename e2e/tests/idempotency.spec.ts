import type { Page, Request } from '@playwright/test';
import { addProperty, signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Retries never duplicate (issue 40; docs/decisions/067-idempotency-keys.md): the dashboard
 * sends one Idempotency-Key per user action, so a double click makes one order and shows it as
 * made. (A retry after a lost answer is answered with the first result: apps/api/test/
 * idempotency.test.ts; this page reads its orders again after any outcome, so it recovers anyway.)
 */
const ORDERS = '/api/dashboard/orders';
// Sign-up, a property and two dashboard loads: more than the default on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function orderPage(page: Page, street: string) {
  await signUp(page, 'idem');
  const property = await addProperty(page, { street });
  await page.goto(`/dashboard/mls-listing?property=${property}`);
  await expect(page.getByRole('heading', { name: 'MLS Listing', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  const listing = page.getByRole('listitem', { name: 'Flat Fee MLS Listing' });
  await expect(listing.getByRole('button', { name: 'Order for $149' })).toBeVisible({
    timeout: 20_000,
  });
  return { property, listing };
}

/** The order POSTs the page sends, with their answers as they come. */
function watchOrders(page: Page) {
  const sent: Request[] = [];
  const statuses: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === ORDERS) sent.push(r);
  });
  page.on('response', (r) => {
    const req = r.request();
    if (req.method() === 'POST' && new URL(r.url()).pathname === ORDERS) statuses.push(r.status());
  });
  return { sent, statuses };
}

async function ordersOf(page: Page, property: string) {
  const res = await page.request.get(`${ORDERS}?property=${property}`);
  return ((await res.json()).orders as { product: string }[]).filter(
    (o) => o.product === 'mls-listing-state',
  );
}

test('a double click on the order button makes one order, shown as made', async ({ page }) => {
  const { property, listing } = await orderPage(page, '40 Double Click Rd');
  const orders = watchOrders(page);
  // Two clicks in one go, before the page can disable the button (a fast double click on a
  // busy device): both reach the form's submit handler.
  await listing
    .getByRole('button', { name: 'Order for $149' })
    .evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
  await expect(listing.getByText('Ordered: Awaiting payment.')).toBeVisible();
  await expect(listing.getByRole('alert').filter({ hasText: /already/ })).toHaveCount(0);
  expect(await ordersOf(page, property)).toHaveLength(1);
  expect(orders.statuses.filter((s) => s !== 201)).toEqual([]);
  const keys = new Set(orders.sent.map((r) => r.headers()['idempotency-key']));
  expect(keys.size).toBe(1);
  expect([...keys][0]).toMatch(/^[0-9a-f]{32}$/);
});
