import {
  addProperty,
  ownerPage,
  payInFull,
  placeOrder,
  signUp,
  userHash,
  xhr,
} from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 21 / decision 046: a photographer keeps weekday hours in /vendor; a customer with a paid
 * photography order picks one of their times on the Photography page, then moves it.
 */
test('a customer with a paid photography order books a photographer’s time and moves it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const street = `${(Date.now() % 9000) + 100} Shutter Lane`;
  await signUp(page, 'photo-customer');
  const property = await addProperty(page, { street });
  const order = await placeOrder(page, property, 'photography');
  const staff = await ownerPage(browser);
  if (!order.invoice) throw new Error('photography is priced in the catalogue');
  await payInFull(staff, page, order.invoice);

  // The photographer is a field vendor and sets weekday mornings in Illinois.
  const photographer = await (await browser.newContext()).newPage();
  const email = await signUp(photographer, 'photo-pro');
  const given = await staff.request.put(
    `/api/admin/users/${await userHash(photographer)}/vendor-kinds`,
    { headers: xhr(), data: { kinds: ['field'] } },
  );
  expect(given.status()).toBe(200);
  await photographer.goto('/vendor/photography-hours');
  await expect(photographer.getByRole('heading', { name: 'Your photography hours' })).toBeVisible({
    timeout: 15_000,
  });
  await photographer.getByLabel('States you go to').fill('IL');
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
  for (const [i, day] of days.entries()) {
    await photographer.getByRole('button', { name: 'Add hours' }).click();
    await photographer.getByLabel('Day', { exact: true }).nth(i).selectOption({ label: day });
    await photographer.getByLabel('From', { exact: true }).nth(i).fill('09:00');
    await photographer.getByLabel('To', { exact: true }).nth(i).fill('12:00');
  }
  await photographer.getByRole('button', { name: 'Save the hours' }).click();
  await expect(
    photographer.getByRole('status').filter({ hasText: 'Your hours are saved.' }),
  ).toBeVisible();

  // The customer picks the last of the photographer's times offered (weeks ahead).
  await page.goto(`/dashboard/photography?property=${property}`);
  const visit = page.getByRole('region', { name: 'Your photography visit' });
  await expect(
    visit.getByRole('group', { name: 'Choose a time for the photographer’s visit' }),
  ).toBeVisible({
    timeout: 15_000,
  });
  const mine = visit.getByRole('radio', {
    name: new RegExp(`with ${email.replace(/[.+]/g, '\\$&')}$`),
  });
  await expect(mine.first()).toBeVisible();
  const count = await mine.count();
  expect(count).toBeGreaterThan(4);
  await mine.last().check();
  await visit.getByRole('button', { name: 'Book this time' }).click();
  await expect(visit.getByRole('status')).toContainText('Booked:', { timeout: 15_000 });
  await expect(visit).toContainText(`with ${email}.`);
  await expect(visit).toContainText('You can move or cancel it until');

  // Moved to another of the photographer's times, more than a day ahead.
  const move = visit.getByRole('group', { name: 'Move it to another time' });
  const again = move.getByRole('radio', {
    name: new RegExp(`with ${email.replace(/[.+]/g, '\\$&')}$`),
  });
  await again.nth((await again.count()) - 2).check();
  await visit.getByRole('button', { name: 'Move to this time' }).click();
  await expect(visit.getByRole('status')).toContainText('Moved to', { timeout: 15_000 });
  const visits = page.getByRole('region', { name: 'Visits to the property' });
  await expect(visits).toContainText('Photography appointment');
  await expect(visits).toContainText('Scheduled');

  // The photographer finds it among their own work orders.
  await photographer.goto('/vendor/work-orders');
  await expect(photographer.getByRole('row', { name: new RegExp(street) })).toContainText(
    'Scheduled',
    { timeout: 15_000 },
  );

  await photographer.context().close();
  await staff.context().close();
});

/**
 * Decision 046 (amends 010): staff mark a trip failed and bill the $50 trip charge; the customer
 * finds the new invoice on the same order among their invoices.
 */
test('staff bill the trip charge of a failed trip and the customer sees the new invoice', async ({
  page,
  browser,
}) => {
  const street = `${(Date.now() % 9000) + 100} Gatelock Road`;
  await signUp(page, 'trip-customer');
  const property = await addProperty(page, { street });
  const order = await placeOrder(page, property, 'real-estate-sign-posts');
  const staff = await ownerPage(browser);
  const made = await staff.request.post('/api/admin/work-orders', {
    headers: xhr(),
    data: { order: order.hash, kind: 'sign_post_install' },
  });
  expect(made.status()).toBe(201);
  const wo = (await made.json()) as { hash: string; earliestDay: string };
  // The earliest day may fall on a weekend or holiday; try the following days.
  let scheduled = false;
  for (let i = 0; i < 7 && !scheduled; i++) {
    const day = new Date(Date.parse(`${wo.earliestDay}T00:00:00Z`) + i * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const res = await staff.request.post(`/api/admin/work-orders/${wo.hash}/schedule`, {
      headers: xhr(),
      data: { day },
    });
    scheduled = res.status() === 200;
  }
  expect(scheduled).toBe(true);

  await staff.goto('/admin/work-orders');
  await staff.getByLabel('Search by street, city or customer').fill(street, { timeout: 15_000 });
  await staff.getByRole('button', { name: 'Search', exact: true }).click();
  const row = staff.getByRole('row', { name: new RegExp(street) });
  await expect(row).toContainText('Scheduled');
  await row.getByRole('button', { name: /^Change state of Sign post install/ }).click();
  const dialog = staff.getByRole('dialog', { name: /^Change the state: Sign post install/ });
  await dialog.getByLabel('New state').selectOption({ label: 'Failed' });
  await dialog.getByLabel('Why it could not be finished').fill('The gate was locked.');
  await dialog.getByLabel('Bill the customer the $50.00 trip charge').check();
  await dialog.getByRole('button', { name: 'Save the state' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Failed');
  // $50.00 plus whatever sales tax the shared test database holds for Illinois.
  await expect(row).toContainText(/Trip charge INV-\d{6}, \$5\d\.\d{2}, due/);

  // The customer finds it among their invoices and opens it.
  await page.goto(`/dashboard/invoices?property=${property}`);
  const chargeRow = page.getByRole('row', { name: /Trip charge: Sign Posts/ });
  await expect(chargeRow).toBeVisible({ timeout: 15_000 });
  await chargeRow.getByRole('link').first().click();
  await expect(
    page.getByText(/Trip charge: sign post install on .+ that could not be finished/),
  ).toBeVisible();
  await expect(page.getByText('$50.00').first()).toBeVisible();

  // The visit on the Signs & Posts page links to it too.
  await page.goto(`/dashboard/signage?property=${property}`);
  const visits = page.getByRole('region', { name: 'Visits to the property' });
  await expect(visits).toContainText(/Trip charge \$5\d\.\d{2}, due: invoice INV-\d{6}/);

  await staff.context().close();
});
