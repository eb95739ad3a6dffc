import { addProperty, ownerPage, xhr } from './dashboard-fixtures.ts';
import { newEmail, PASSWORD } from './fixtures/constants.ts';
import { expect, test } from './fixtures/test.ts';

/** Issue 23: marketing lists filtered for a campaign; the export holds only people who opted in. */

test('staff filter owners by place, carry the filters to properties, and export only opted-in owners', async ({
  page,
  browser,
}) => {
  const county = `Marketing${Date.now().toString(36)} County`;
  // Two owners in the same county: one said yes to news and offers at sign-up, one did not.
  const signUpAndAdd = async (promoOptin: boolean, street: string) => {
    const context = await browser.newContext();
    const customer = await context.newPage();
    const email = newEmail(promoOptin ? 'optin' : 'optout');
    const res = await customer.request.post('/account/sign-up', {
      headers: xhr(),
      data: { email, password: PASSWORD, promoOptin },
    });
    expect(res.status()).toBe(200);
    await addProperty(customer, { street, state: 'WY', county, city: 'Cody', zip: '82414' });
    await context.close();
    return email;
  };
  const yes = await signUpAndAdd(true, '10 Campaign Rd');
  const no = await signUpAndAdd(false, '12 Campaign Rd');

  const owner = await ownerPage(browser);
  await owner.goto('/admin');
  await owner
    .getByRole('navigation', { name: 'Staff pages' })
    .getByRole('link', { name: 'Marketing lists' })
    .click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Marketing lists' })).toBeVisible();
  await expect(owner).toHaveURL(/\/admin\/marketing\/owners/);

  await owner.getByLabel('State', { exact: true }).selectOption({ label: 'Wyoming' });
  await owner.getByLabel('County', { exact: true }).fill(county.toLowerCase());
  await owner.getByLabel('County', { exact: true }).press('Enter');
  const table = owner.getByRole('table', { name: 'Owners' });
  await expect(table.getByRole('row')).toHaveCount(3); // the header and two owners
  await expect(table.getByRole('row', { name: new RegExp(yes) })).toContainText('News and offers');
  await expect(table.getByRole('row', { name: new RegExp(no) })).toContainText('None');

  // The export link carries the filters; the file holds only the owner who opted in.
  const href = await owner.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toContain('state=WY');
  const csv = await (await owner.request.get(href as string)).text();
  expect(csv).toContain(yes);
  expect(csv).not.toContain(no);

  // Properties keeps the campaign's filters.
  await owner
    .getByRole('navigation', { name: 'Marketing lists' })
    .getByRole('link', { name: 'Properties' })
    .click();
  await expect(owner).toHaveURL(/\/admin\/marketing\/properties\?.*state=WY/);
  const properties = owner.getByRole('table', { name: 'Properties' });
  await expect(properties.getByRole('row')).toHaveCount(3);
  await expect(properties).toContainText('10 Campaign Rd');

  // Only those who opted in.
  await owner
    .getByLabel('Opted in', { exact: true })
    .selectOption({ label: 'Opted in to anything' });
  await expect(properties.getByRole('row')).toHaveCount(2);
  await expect(properties).toContainText(yes);
  await page.close();
});
