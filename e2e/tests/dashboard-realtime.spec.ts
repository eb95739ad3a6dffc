import {
  addProperty,
  logIn,
  propertySelect,
  renameProperty,
  signUp,
  userHash,
  watchSocket,
} from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

test('a property added in another browser is appended live, and a rename shows live', async ({
  page,
  browser,
}) => {
  const email = await signUp(page, 'live');
  const first = await addProperty(page, { street: '10 First St' });
  const socket = watchSocket(page);
  await page.goto(`/dashboard?property=${first}`);
  const me = await userHash(page);
  await socket.ready(`user.${me}`);
  await socket.ready(`property.${first}`);
  const select = propertySelect(page);
  await expect(select.locator('option:not([hidden])')).toHaveText([
    'All Properties',
    '10 First St',
  ]);

  // The same user in a second browser context (another browser) adds and renames properties.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, email);
  const second = await addProperty(otherPage, { street: '20 Second St', role: 'landlord' });
  await expect(select.locator('option:not([hidden])')).toHaveText([
    'All Properties',
    '10 First St',
    '20 Second St',
  ]);
  // Appended without becoming current: this tab did not start the creation.
  await expect(page).toHaveURL(new RegExp(`property=${first}$`));

  await renameProperty(otherPage, first, '11 First St');
  await expect(select.locator('option:checked')).toHaveText('11 First St');
  await expect(page.getByRole('heading', { name: '11 First St' })).toBeVisible();

  // The new property's channel is followed too.
  await socket.ready(`property.${second}`);
  await renameProperty(otherPage, second, '22 Second St');
  await expect(select.locator('option', { hasText: '22 Second St' })).toHaveCount(1);
  await other.close();
});

test('a property created from this tab becomes the current one (originatedPropertyCreation)', async ({
  page,
}) => {
  await signUp(page, 'originated');
  const socket = watchSocket(page);
  await page.goto('/dashboard');
  await socket.ready(`user.${await userHash(page)}`);
  await page.evaluate(() => sessionStorage.setItem('originatedPropertyCreation', 'true'));
  const hash = await addProperty(page, { street: '30 New Home Rd' });
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?property=${hash}$`));
  await expect(propertySelect(page).locator('option:checked')).toHaveText('30 New Home Rd');
});

test("signing out sends every tab of that browser to the login page; another browser's session stays", async ({
  page,
  browser,
}) => {
  const email = await signUp(page, 'logout');
  const me = await userHash(page);
  const tab1 = watchSocket(page);
  await page.goto('/dashboard');
  await tab1.ready(`user.${me}`);

  const page2 = await page.context().newPage();
  const tab2 = watchSocket(page2);
  await page2.goto('/dashboard/invoices');
  await tab2.ready(`user.${me}`);
  await page2.evaluate(() => sessionStorage.setItem('showVisibleProperties', '0'));

  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await logIn(otherPage, email);
  const tab3 = watchSocket(otherPage);
  await otherPage.goto('/dashboard/messages');
  await tab3.ready(`user.${me}`);

  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/); // the tab that signed out follows the server's redirect
  await expect(page2).toHaveURL(/\/account\/login$/);
  expect(await page2.evaluate(() => sessionStorage.getItem('showVisibleProperties'))).toBeNull();

  await otherPage.waitForTimeout(500);
  await expect(otherPage).toHaveURL(/\/dashboard\/messages$/);
  await elsewhere.close();
});
