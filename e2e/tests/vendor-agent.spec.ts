import { addProperty, ownerPage, placeOrder, signUp, userHash, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 24 / decision 050: an agent assigned to a seller's hourly representation logs hours and
 * records an offer on /vendor/agent; the seller sees both on the Seller Agent page.
 */
test('an assigned agent logs hours and records an offer; the customer sees both; staff bill the hours', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const street = `${(Date.now() % 9000) + 100} Broker Lane`;
  await signUp(page, 'agent-customer');
  const property = await addProperty(page, { street });
  const order = await placeOrder(page, property, 'seller-hourly-representation');

  // Staff make a user an agent and assign them to the order.
  const staff = await ownerPage(browser);
  const agent = await (await browser.newContext()).newPage();
  await signUp(agent, 'agent-pro');
  const agentHash = await userHash(agent);
  const kinds = await staff.request.put(`/api/admin/users/${agentHash}/vendor-kinds`, {
    headers: xhr(),
    data: { kinds: ['agent'] },
  });
  expect(kinds.status()).toBe(200);
  const assigned = await staff.request.post(`/api/admin/users/${agentHash}/assignments`, {
    headers: xhr(),
    data: { kind: 'agent', property, order: order.hash },
  });
  expect(assigned.status()).toBe(201);

  // The agent finds the property among their clients' and opens it.
  await agent.goto('/vendor/agent');
  await expect(agent.getByRole('heading', { name: 'Your clients’ properties' })).toBeVisible({
    timeout: 15_000,
  });
  await agent.getByRole('link', { name: new RegExp(street) }).click();
  await expect(agent.getByRole('heading', { name: new RegExp(street) })).toBeVisible();
  await expect(agent.getByRole('heading', { name: 'Seller documents' })).toBeVisible();

  // Hours: 90 minutes yesterday (a day that has begun in the property's zone too).
  const hours = agent.getByRole('form', { name: 'Log hours' });
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await hours.getByLabel('Day').fill(yesterday);
  await hours.getByLabel('Minutes').fill('90');
  await hours.getByLabel('What it was for').fill('Priced the home with the seller');
  await hours.getByRole('button', { name: 'Log hours' }).click();
  await expect(hours.getByRole('status')).toContainText('Logged 1 h 30 min');
  await expect(agent.getByRole('table', { name: 'Hours logged' })).toContainText('$225.00');

  // An offer of $315,000 expiring in three days.
  const offer = agent.getByRole('form', { name: 'Record an offer' });
  await offer.getByLabel('Price (dollars)').fill('315000');
  await offer.getByLabel('Buyer’s agent').fill('Sam Ruiz, Ruiz Homes');
  const expires = new Date(Date.now() + 3 * 86_400_000);
  const local = `${expires.getFullYear()}-${String(expires.getMonth() + 1).padStart(2, '0')}-${String(expires.getDate()).padStart(2, '0')}T17:00`;
  await offer.getByLabel('Expires').fill(local);
  await offer.getByRole('button', { name: 'Record offer' }).click();
  await expect(offer.getByRole('status')).toContainText('Recorded the offer of $315,000.00.');
  await agent.getByRole('button', { name: 'Mark countered' }).click();
  await expect(agent.getByText(/from Sam Ruiz, Ruiz Homes — Countered/)).toBeVisible();

  // The customer sees both on the Seller Agent page.
  await page.goto(`/dashboard/seller-agent?property=${property}`);
  const offers = page.getByRole('region', { name: 'Offers received' });
  await expect(offers).toContainText('$315,000.00', { timeout: 15_000 });
  await expect(offers).toContainText('Sam Ruiz, Ruiz Homes');
  await expect(offers).toContainText('Countered');
  const logged = page.getByRole('region', { name: 'Your agent’s hours' });
  await expect(logged).toContainText('Priced the home with the seller');
  await expect(logged).toContainText('1 h 30 min');
  await expect(logged).toContainText('Not yet billed');

  // Staff see the hours waiting on the order's page and bill them once.
  await staff.goto(`/admin/orders/${order.hash}`);
  const billing = staff.getByRole('region', { name: 'Agent hours' });
  await expect(billing).toContainText('1 h 30 min in 1 entry not billed yet: $225.00 before tax.', {
    timeout: 15_000,
  });
  await billing.getByRole('button', { name: 'Bill these hours' }).click();
  await expect(billing.getByRole('status')).toContainText(/Invoice \S+ issued for \$/);
  await expect(billing).toContainText('No hours are waiting to be billed.');
  await expect(billing.getByRole('button', { name: 'Bill these hours' })).toHaveCount(0);
});
