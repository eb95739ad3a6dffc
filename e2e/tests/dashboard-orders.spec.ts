import { addProperty, placeOrder, signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

test('order the MLS listing, find its invoice, and open the printable view', async ({
  page,
  context,
  allowConsole,
}) => {
  // The unknown coupon is refused with 422 on purpose; Chromium logs every error answer.
  allowConsole(/status of 422/);
  await signUp(page, 'order');
  const property = await addProperty(page, { street: '31 Order Ave' });
  await page.goto(`/dashboard/mls-listing?property=${property}`);
  await expect(page.getByRole('heading', { name: 'MLS Listing', level: 1 })).toBeVisible();
  const listing = page.getByRole('listitem', { name: 'Flat Fee MLS Listing' });
  await expect(listing.getByText('$149', { exact: true })).toBeVisible();

  // A coupon that does not exist is refused on its field, and nothing is ordered.
  const coupon = listing.getByLabel('Coupon code (optional)');
  await coupon.fill('NOPE');
  await listing.getByRole('button', { name: 'Order for $149' }).click();
  await expect(coupon).toHaveAccessibleDescription('This coupon code is not valid.');
  await expect(coupon).toBeFocused();

  await coupon.fill('');
  await listing.getByRole('button', { name: 'Order for $149' }).click();
  await expect(listing.getByText('Ordered: Awaiting payment.')).toBeVisible();
  await listing.getByRole('link', { name: 'View the invoice' }).click();

  const heading = page.getByRole('heading', { level: 1, name: /^Invoice INV-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())?.replace('Invoice ', '') ?? '';
  const invoice = page.getByRole('article', { name: `Invoice ${number}` });
  await expect(invoice.getByRole('cell', { name: 'Flat Fee MLS Listing' })).toBeVisible();
  await expect(invoice.getByRole('row', { name: /Total \$149\.00/ })).toBeVisible();
  await expect(invoice.getByText('Due', { exact: true }).first()).toBeVisible();
  await expect(invoice.getByText('31 Order Ave, Springfield, IL 62701')).toBeVisible();

  // The printable view: the invoice alone, without the dashboard's navigation.
  const [print] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Printable view' }).click(),
  ]);
  await expect(print).toHaveURL(/\/dashboard\/invoices\/[^/]+\/print/);
  await expect(print.getByRole('article', { name: `Invoice ${number}` })).toBeVisible();
  await expect(print.getByRole('button', { name: 'Print this invoice' })).toBeVisible();
  await expect(print.getByRole('navigation', { name: 'Dashboard', exact: true })).toHaveCount(0);
  await print.emulateMedia({ media: 'print' });
  await expect(print.getByRole('button', { name: 'Print this invoice' })).toBeHidden();
  await print.close();

  // The invoices page lists it, for this property and across all properties.
  await page.goto(`/dashboard/invoices?property=${property}`);
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  await page.goto('/dashboard/invoices');
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('31 Order Ave');
  await expect(row).toContainText('$149.00');

  // Ordering again is not offered while the order is open.
  await page.goto(`/dashboard/mls-listing?property=${property}`);
  await expect(listing.getByText('Ordered: Awaiting payment.')).toBeVisible();
  await expect(listing.getByRole('button', { name: 'Order for $149' })).toHaveCount(0);
});

test('agent representation shows its terms, is a request for an agent and makes no invoice', async ({
  page,
}) => {
  await signUp(page, 'quote');
  const property = await addProperty(page, { street: '32 Quote Ct' });
  await page.goto(`/dashboard/seller-agent?property=${property}`);
  const terms = {
    'Seller Agent, Flat Fee': '$2,995 flat fee, paid at closing',
    'Seller Agent, Hourly': '$150 an hour',
    'Seller Agent, Full Service': '2.5% of the price, paid at closing',
  };
  for (const [name, text] of Object.entries(terms))
    await expect(page.getByRole('listitem', { name }).getByText(text)).toBeVisible();
  const agent = page.getByRole('listitem', { name: 'Seller Agent, Flat Fee' });
  await agent.getByRole('button', { name: 'Request an Agent' }).click();
  await expect(agent.getByText(/You asked for an agent on .*nothing is charged now/)).toBeVisible();
  await page.goto(`/dashboard/invoices?property=${property}`);
  await expect(page.getByText('No invoices yet.')).toBeVisible();
});

test('Concierge is reached from MLS Listing Help', async ({ page }) => {
  await signUp(page, 'concierge');
  const property = await addProperty(page, { street: '33 Help Way' });
  await page.goto(`/dashboard/mls-listing-help?property=${property}`);
  await page.getByRole('link', { name: /concierge listing service/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/concierge\\?property=${property}$`));
  await expect(page.getByRole('heading', { name: 'Concierge', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Concierge Listing Help' })).toBeVisible();
});

test('an invoice and the invoice list read without sideways scrolling, total included', async ({
  page,
}) => {
  await signUp(page, 'invoice-narrow');
  const property = await addProperty(page, { street: '1428 Long Street Name Boulevard' });
  const order = await placeOrder(page, property, 'mls-listing-state');
  const width = page.viewportSize()?.width ?? 0;
  /** Nothing in the page scrolls sideways, and the total sits inside the screen. */
  const readsWithoutScrolling = async (scroller: string) => {
    const overflow = await page.locator(scroller).evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const total = await page.locator(scroller).getByText('$149.00').last().boundingBox();
    expect((total?.x ?? 0) + (total?.width ?? 0)).toBeLessThanOrEqual(width);
  };

  await page.goto(`/dashboard/invoices?property=${property}`);
  const list = page.getByRole('table', { name: 'Your invoices, newest first' });
  await expect(list.getByRole('row').nth(1)).toContainText('Flat Fee MLS Listing');
  await readsWithoutScrolling('.ds-table-wrap');

  await list.getByRole('link').first().click();
  const invoice = page.getByRole('article', { name: /^Invoice INV-/ });
  await expect(invoice.getByRole('row', { name: /Total \$149\.00/ })).toBeVisible();
  await readsWithoutScrolling('.ds-invoice');
  expect(order.invoice).not.toBeNull();
});
