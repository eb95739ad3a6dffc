import { expect, test } from './fixtures/test.ts';
import {
  fillAddress,
  nextAddPropertyRequest,
  openUserArea,
  SPRINGFIELD,
  signUpInContext,
  xhr,
} from './fixtures/user-area.ts';

// The add-property form in the header dropdown of a signed-in user with no properties, on the
// offline geocoder (GEOCODER's default) and map tiles from the local tile server (fixtures/tiles.ts).

test.beforeEach(async ({ page }) => {
  await signUpInContext(page, 'add');
  await page.goto('/');
});

async function expectCreated(page: import('@playwright/test').Page, street: string) {
  await expect(page.getByRole('button', { name: 'My Account' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  expect(await page.evaluate(() => sessionStorage.getItem('originatedPropertyCreation'))).toBe(
    'true',
  );
  const panel = await openUserArea(page, 'My Account');
  await expect(panel.getByRole('heading', { name: 'Your Properties' })).toBeVisible();
  await expect(panel.getByRole('link', { name: new RegExp(street) })).toBeVisible();
}

test('on the offline geocoder the street field says suggestions are places, not streets', async ({
  page,
}) => {
  const panel = await openUserArea(page, 'My Account');
  const street = panel.getByRole('combobox', { name: 'Street Address' });
  await expect(street).toHaveAccessibleDescription(
    'Suggestions cover cities and ZIP codes, not streets: type the street address in full.',
  );
});

test('required fields and the role give the spec messages', async ({ page }) => {
  const panel = await openUserArea(page, 'My Account');
  await expect(panel.getByText('Enter the property details to get started.')).toBeVisible();
  await panel.getByRole('button', { name: 'Create Property' }).click();
  for (const text of [
    'Street Address is required',
    'City is required',
    'State is required',
    'Zip Code is required',
    'Please select your role.',
  ]) {
    await expect(panel.getByText(text)).toBeVisible();
  }
  await panel.getByLabel('No address').check();
  await panel.getByRole('button', { name: 'Create Property' }).click();
  await expect(panel.getByText('Parcel is required')).toBeVisible();
  await expect(panel.getByText('Nearest Street Name is required')).toBeVisible();
});

test('an exact match is accepted and posted at once', async ({ page }) => {
  const panel = await openUserArea(page, 'My Account');
  await fillAddress(panel, SPRINGFIELD);
  const request = nextAddPropertyRequest(page);
  await panel.getByRole('button', { name: 'Create Property' }).click();
  const body = (await request).postDataJSON();
  expect(body).toMatchObject({
    propertyLocation: 'address',
    transactionRole: 'seller',
    propertyAddress: {
      streetAddress: '1600 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    },
  });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectCreated(page, '1600 Main St');
});

test('a missing part asks for confirmation: Edit Address keeps the form, Address is Correct posts', async ({
  page,
}) => {
  const panel = await openUserArea(page, 'My Account');
  await fillAddress(panel, { ...SPRINGFIELD, street: 'Main St' });
  await panel.getByRole('button', { name: 'Create Property' }).click();
  let dialog = page.getByRole('dialog', { name: 'Address Confirmation' });
  await expect(dialog.getByText('Please confirm this address is correct:')).toBeVisible();
  await dialog.getByRole('button', { name: 'Edit Address' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('combobox', { name: 'Street Address' })).toHaveValue('Main St');
  await expect(panel.getByLabel('City')).toHaveValue('Springfield');

  await panel.getByRole('button', { name: 'Create Property' }).click();
  dialog = page.getByRole('dialog', { name: 'Address Confirmation' });
  const request = nextAddPropertyRequest(page);
  await dialog.getByRole('button', { name: 'Address is Correct' }).click();
  expect((await request).postDataJSON().propertyAddress).toMatchObject({
    streetAddress: 'Main St',
    county: 'Sangamon County',
    placeData: { confirmedJson: true },
  });
  await expectCreated(page, 'Main St');
});

test('differing parts offer the choice: Edit Address, then Use Likely Address', async ({
  page,
}) => {
  const panel = await openUserArea(page, 'My Account');
  await fillAddress(panel, { ...SPRINGFIELD, street: '1600 north main street', city: 'Chicago' });
  await panel.getByRole('button', { name: 'Create Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Which address would you like to use?' });
  await expect(dialog.getByRole('heading', { name: 'Entered Address' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Likely Address' })).toBeVisible();
  await expect(dialog.getByText('1600 N Main St')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Use Entered Address' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Edit Address' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByLabel('City')).toHaveValue('Chicago');

  await panel.getByRole('button', { name: 'Create Property' }).click();
  const request = nextAddPropertyRequest(page);
  await dialog.getByRole('button', { name: 'Use Likely Address' }).click();
  expect((await request).postDataJSON().propertyAddress).toMatchObject({
    streetAddress: '1600 N Main St',
    city: 'Springfield',
    county: 'Sangamon County',
  });
  await expectCreated(page, '1600 N Main St');
});

test('differing parts: Use Entered Address posts what was typed', async ({ page }) => {
  const panel = await openUserArea(page, 'My Account');
  await fillAddress(panel, { ...SPRINGFIELD, street: '1600 main street' });
  await panel.getByRole('button', { name: 'Create Property' }).click();
  const request = nextAddPropertyRequest(page);
  await page
    .getByRole('dialog', { name: 'Which address would you like to use?' })
    .getByRole('button', { name: 'Use Entered Address' })
    .click();
  expect((await request).postDataJSON().propertyAddress).toMatchObject({
    streetAddress: '1600 main street',
  });
  // Stored as typed, in standard casing (issue 36: lower case is not kept).
  await expectCreated(page, '1600 Main Street');
});

test('a parcel goes to the map, and Select Location posts the pin', async ({ page }) => {
  const panel = await openUserArea(page, 'My Account');
  await fillAddress(panel, {
    ...SPRINGFIELD,
    apn: '14-22-100-005',
    street: 'County Road 12',
    role: 'Buyer',
  });
  await panel.getByRole('button', { name: 'Create Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Location of Property' });
  await expect(dialog.getByText('Drag the pin to your property.')).toBeVisible();
  const pin = dialog.getByRole('button', { name: /Property location pin/ });
  await expect(pin).toBeVisible();
  // Move the pin (the keyboard path; dragging is Leaflet's own draggable marker).
  await pin.focus();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(dialog.getByText(/^Pin at /)).not.toHaveText('Pin at 39.80000° N, 89.64950° W');
  const request = nextAddPropertyRequest(page);
  await dialog.getByRole('button', { name: 'Select Location' }).click();
  const body = (await request).postDataJSON();
  expect(body).toMatchObject({
    propertyLocation: 'parcel',
    transactionRole: 'buyer',
    propertyAddress: { apn: '14-22-100-005', placeData: { confirmedJson: true } },
  });
  // The map opened on the ZIP's centre at zoom 19; the pin was moved south of it.
  expect(body.propertyAddress.placeData.lat).toBeLessThan(39.8);
  await expectCreated(page, 'County Road 12');
});

test('a geocode failure opens the map; the pin moves with the keyboard', async ({ page }) => {
  const panel = await openUserArea(page, 'My Account');
  await fillAddress(panel, { ...SPRINGFIELD, city: 'Nowhere Flats', state: 'NV', zip: '89999' });
  await panel.getByRole('button', { name: 'Create Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Location of Property' });
  const pin = dialog.getByRole('button', { name: /Property location pin/ });
  await pin.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Shift+ArrowRight');
  const request = nextAddPropertyRequest(page);
  await dialog.getByRole('button', { name: 'Select Location' }).click();
  const placeData = (await request).postDataJSON().propertyAddress.placeData;
  // No coordinates: the whole US at zoom 4, centred near 39.83 N, 98.58 W, then moved north-east.
  expect(placeData.lat).toBeGreaterThan(39.8283);
  expect(placeData.lng).toBeGreaterThan(-98.5795);
  expect(placeData.confirmedJson).toBe(true);
  await expectCreated(page, '1600 Main St');
});

test('the contract checks the ZIP before any lookup; a server 422 shows under its field, and editing after confirmation resets it and clears the county', async ({
  page,
  allowConsole,
}) => {
  // The server's 422 is what this test provokes; Chromium logs every error answer.
  allowConsole(/status of 422/);
  const panel = await openUserArea(page, 'My Account');
  // 62701-12 is not a ZIP the contract takes: its words, before the address is looked up.
  let geocodes = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/geocode')) geocodes += 1;
  });
  await fillAddress(panel, { ...SPRINGFIELD, street: 'Main St', zip: '62701-12' });
  await panel.getByRole('button', { name: 'Create Property' }).click();
  const zip = panel.getByLabel('Zip Code');
  await expect(
    panel.getByText('Enter a 5-digit ZIP code, or ZIP+4 such as 12345-6789.'),
  ).toBeVisible();
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(zip).toBeFocused();
  expect(geocodes).toBe(0);

  // The same address added meanwhile (another tab): the server answers 422 on the street.
  const added = await page.request.post('/user/add-property', {
    headers: xhr(),
    data: {
      propertyLocation: 'address',
      transactionRole: 'seller',
      propertyAddress: {
        streetAddress: 'Main St',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
      },
    },
  });
  expect(added.status()).toBe(200);
  await zip.fill('62701');
  await panel.getByRole('button', { name: 'Create Property' }).click();
  await page
    .getByRole('dialog', { name: 'Address Confirmation' })
    .getByRole('button', { name: 'Address is Correct' })
    .click();
  const street = panel.getByRole('combobox', { name: 'Street Address' });
  await expect(panel.getByText('You have already added a property at this address.')).toBeVisible();
  await expect(street).toHaveAttribute('aria-invalid', 'true');
  await expect(street).toBeFocused();
  await expect(panel.getByLabel('County')).toHaveValue('Sangamon County');

  // Editing resets the confirmation: the county goes and the next submit geocodes again.
  await panel.getByLabel('Unit').fill('Apt 2');
  await expect(panel.getByLabel('County')).toHaveValue('');
  const geocoded = page.waitForRequest((r) => r.url().includes('/api/geocode'));
  await panel.getByRole('button', { name: 'Create Property' }).click();
  await geocoded;
  await expect(page.getByRole('dialog', { name: 'Address Confirmation' })).toBeVisible();
});

test('every dialog works from the keyboard alone', async ({ page }) => {
  const panel = await openUserArea(page, 'My Account');
  await fillAddress(panel, { ...SPRINGFIELD, street: 'Main St' });
  const create = panel.getByRole('button', { name: 'Create Property' });

  // Address Confirmation: focus moves into it; Escape returns to the form, which stays open.
  await create.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Address Confirmation' });
  await expect(confirm).toBeVisible();
  await expect(confirm.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(panel).toBeVisible();
  await expect(create).toBeFocused();

  // Which address…: Tab reaches each button; Enter on Edit Address closes it.
  await panel.getByRole('combobox', { name: 'Street Address' }).fill('1600 main street');
  await create.focus();
  await page.keyboard.press('Enter');
  const choose = page.getByRole('dialog', { name: 'Which address would you like to use?' });
  await expect(choose).toBeVisible();
  const edit = choose.getByRole('button', { name: 'Edit Address' });
  for (let i = 0; i < 6 && !(await edit.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(choose).toBeHidden();

  // Select Location: tab to the pin, move it with the arrows, tab to the button, press Enter.
  await panel.getByLabel('City').fill('Nowhere Flats');
  await panel.getByLabel('State').selectOption('NV');
  await panel.getByLabel('Zip Code').fill('89999');
  await create.focus();
  await page.keyboard.press('Enter');
  const map = page.getByRole('dialog', { name: 'Select Location of Property' });
  const pin = map.getByRole('button', { name: /Property location pin/ });
  await expect(pin).toBeVisible();
  for (let i = 0; i < 12 && !(await pin.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(pin).toBeFocused();
  const status = map.getByText(/^Pin at /);
  const before = await status.textContent();
  await page.keyboard.press('ArrowLeft');
  await expect(status).not.toHaveText(before ?? '');
  const select = map.getByRole('button', { name: 'Select Location' });
  for (let i = 0; i < 12 && !(await select.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(select).toBeFocused();
  const request = nextAddPropertyRequest(page);
  await page.keyboard.press('Enter');
  expect((await request).postDataJSON().propertyAddress.placeData.confirmedJson).toBe(true);
  await expectCreated(page, '1600 Main Street');
});

test('autocomplete: typing offers places, and a chosen one fills city, state and ZIP', async ({
  page,
}) => {
  const panel = await openUserArea(page, 'My Account');
  const street = panel.getByRole('combobox', { name: 'Street Address' });
  await street.fill('springfield il 627');
  const option = panel.getByRole('option', { name: 'Springfield IL 62701' });
  await expect(option).toBeVisible();
  await expect(street).toHaveAttribute('aria-expanded', 'true');
  // Keyboard: arrows move through the list, Enter chooses.
  await street.press('ArrowDown');
  await expect(street).toHaveAttribute('aria-activedescendant', /.+/);
  await option.click();
  await expect(panel.getByLabel('City')).toHaveValue('Springfield');
  await expect(panel.getByLabel('State')).toHaveValue('IL');
  await expect(panel.getByLabel('Zip Code')).toHaveValue('62701');
  // A place is not an address: the street is still asked for, with the focus on it.
  await expect(street).toBeFocused();
});

test('the pin can be dragged with the mouse, and Select Location posts where it was dropped', async ({
  page,
}) => {
  const panel = await openUserArea(page, 'My Account');
  await fillAddress(panel, { ...SPRINGFIELD, apn: '14-22-100-006', street: 'County Road 9' });
  await panel.getByRole('button', { name: 'Create Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Location of Property' });
  const pin = dialog.getByRole('button', { name: /Property location pin/ });
  await expect(pin).toBeVisible();
  const readout = dialog.getByText(/^Pin at /);
  const before = await readout.textContent();
  const box = await pin.boundingBox();
  if (!box) throw new Error('the pin has no box');
  // Drag 80 px right and 60 px down, in steps as a hand would.
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 40, y + 30, { steps: 5 });
  await page.mouse.move(x + 80, y + 60, { steps: 5 });
  await page.mouse.up();
  await expect(readout).not.toHaveText(before ?? '');
  const request = nextAddPropertyRequest(page);
  await dialog.getByRole('button', { name: 'Select Location' }).click();
  const { lat, lng } = (await request).postDataJSON().propertyAddress.placeData;
  // The ZIP's centre is about 39.80 N, 89.65 W; dropped south-east of it.
  expect(lat).toBeLessThan(39.8);
  expect(lng).toBeGreaterThan(-89.6495);
  await expectCreated(page, 'County Road 9');
});

test('an exact match typed in lower case keeps its county, and the MLS location step offers its board', async ({
  page,
}) => {
  // Issue 36: this path used to post no county, which left the $149 listing stuck on its first
  // step and the county's own MLS "Not offered here".
  const panel = await openUserArea(page, 'My Account');
  await fillAddress(panel, {
    street: '4501 avenue g',
    city: 'austin',
    state: 'TX',
    zip: '78751',
    role: 'Seller',
  });
  const request = nextAddPropertyRequest(page);
  const response = page.waitForResponse((r) => r.url().endsWith('/user/add-property'));
  await panel.getByRole('button', { name: 'Create Property' }).click();
  expect((await request).postDataJSON().propertyAddress).toMatchObject({
    streetAddress: '4501 Avenue G',
    city: 'Austin',
    county: 'Travis County',
    placeData: { confirmedJson: true, lat: expect.any(Number), lng: expect.any(Number) },
  });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const { property } = await (await response).json();
  expect(property.streetAddress).toBe('4501 Avenue G');

  await page.goto(`/dashboard/mls-listing?property=${property.hash}`);
  const offer = page.getByRole('listitem', { name: 'Local MLS Listing' });
  // Offered now that the property has its county (it read "Not offered here" before).
  await expect(offer.getByText('Available')).toBeVisible();
  await offer.getByRole('button', { name: /^Order/ }).click();
  await expect(offer.getByText('Ordered: Awaiting payment.')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Build your listing' }).click();
  await expect(page).toHaveURL(/\/dashboard\/mls-listing\/location\?property=/);
  await expect(page.getByText('4501 Avenue G, Austin, TX 78751')).toBeVisible();
  await expect(
    page.getByText('Your listing goes on Unlock MLS, the MLS that serves this county.'),
  ).toBeVisible();
});
