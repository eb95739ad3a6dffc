import type { Page } from '@playwright/test';
import {
  addProperty,
  logIn,
  propertySelect,
  setCanEdit,
  signUp,
  watchSocket,
} from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/** Accept whichever address check the offline geocoder asks for, if any. */
async function acceptAddressCheck(page: Page) {
  const confirm = page.getByRole('dialog', { name: 'Address Confirmation' });
  const choose = page.getByRole('dialog', { name: 'Which address would you like to use?' });
  const saved = page.getByText('Saved. Everyone on this property now sees the new address.');
  await expect(confirm.or(choose).or(saved).first()).toBeVisible();
  if (await confirm.isVisible())
    await confirm.getByRole('button', { name: 'Address is Correct' }).click();
  if (await choose.isVisible())
    await choose.getByRole('button', { name: 'Use Entered Address' }).click();
}

test('changing the address renames the property live, in this tab and in a second one', async ({
  page,
  browser,
}) => {
  const email = await signUp(page, 'rename');
  const property = await addProperty(page, { street: '1600 Main St' });

  // The same user in a second browser, watching the property's channel.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, email);
  const socket = watchSocket(otherPage);
  await otherPage.goto(`/dashboard?property=${property}`);
  await socket.ready(`property.${property}`);
  await expect(propertySelect(otherPage).locator('option:checked')).toHaveText('1600 Main St');

  await page.goto(`/dashboard/update-property?property=${property}`);
  await expect(page.getByRole('heading', { name: 'Update Property', level: 1 })).toBeVisible();
  const street = page.getByRole('combobox', { name: 'Street Address' });
  await expect(street).toHaveValue('1600 Main St');
  await expect(page.getByLabel('I am the')).toHaveCount(0);
  await street.fill('1700 Main St');
  await page.getByLabel('Unit').fill('Apt 3');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await acceptAddressCheck(page);
  await expect(
    page.getByText('Saved. Everyone on this property now sees the new address.'),
  ).toBeVisible();

  await expect(propertySelect(page).locator('option:checked')).toHaveText('1700 Main St Apt 3');
  await expect(propertySelect(otherPage).locator('option:checked')).toHaveText(
    '1700 Main St Apt 3',
  );
  await expect(otherPage.getByRole('heading', { name: /1700 Main St Apt 3/ })).toBeVisible();
  await other.close();
});

test('a participant who cannot edit sees the address read-only, with no save button', async ({
  page,
}) => {
  await signUp(page, 'readonly');
  const property = await addProperty(page, { street: '5 Locked Ln' });
  await setCanEdit(page, property, false);
  await page.goto(`/dashboard/update-property?property=${property}`);
  await expect(page.getByText('You can see this address but not change it.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Street Address' })).toHaveAttribute(
    'readonly',
    '',
  );
  await expect(page.getByLabel('City')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('State')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Address' })).toHaveCount(0);

  // Ordering is for those who can edit, too.
  await page.goto(`/dashboard/mls-listing?property=${property}`);
  const listing = page.getByRole('listitem', { name: 'Flat Fee MLS Listing' });
  await expect(
    listing.getByText('Only participants who can edit this property can order it.'),
  ).toBeVisible();
  await expect(listing.getByRole('button')).toHaveCount(0);
});

test('required fields keep their messages on the update form', async ({ page }) => {
  await signUp(page, 'required');
  const property = await addProperty(page, { street: '9 Blank St' });
  await page.goto(`/dashboard/update-property?property=${property}`);
  await page.getByLabel('City').fill('');
  await page.getByRole('button', { name: 'Save Address' }).click();
  const city = page.getByLabel('City');
  await expect(city).toHaveAccessibleDescription(/City is required/);
  await expect(city).toBeFocused();
});
