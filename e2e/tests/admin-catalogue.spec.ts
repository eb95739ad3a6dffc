import type { Page } from '@playwright/test';
import { addProperty, ownerPage, sidebar, signUp } from './dashboard-fixtures.ts';
import { ADMIN, VENDOR } from './fixtures/constants.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 20 (decision 028): an owner changes where a service is offered so that it appears for a
 * customer's property, and edits an MLS board so that local MLS listing is offered there. Vermont
 * and Connecticut, which no other spec uses, keep these changes away from tests running beside it.
 */
test.describe.configure({ timeout: 90_000 });

const staffNav = (page: Page) => page.getByRole('navigation', { name: 'Staff pages' });

async function openCoverage(owner: Page) {
  await owner.goto('/admin/products');
  await owner.getByLabel('Search by name or slug').fill('photography');
  await owner.getByRole('button', { name: 'Search', exact: true }).click();
  await owner.getByRole('button', { name: 'Where offered for Photography' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Where Photography is offered' });
  await expect(dialog.getByLabel('Vermont')).toBeVisible();
  return dialog;
}

test('an owner offers photography in one Vermont county, and it appears for a property there', async ({
  page,
  browser,
}) => {
  await signUp(page, 'vermont');
  const property = await addProperty(page, {
    street: '12 Church St',
    city: 'Burlington',
    state: 'VT',
    county: 'Chittenden County',
    zip: '05401',
  });
  const owner = await ownerPage(browser);
  try {
    // Not offered in Vermont at all…
    let dialog = await openCoverage(owner);
    await dialog.getByLabel('Vermont').uncheck();
    await dialog.getByRole('button', { name: 'Save where it is offered' }).click();
    await expect(dialog).toBeHidden();
    await page.goto(`/dashboard?property=${property}`);
    await expect(sidebar(page).getByRole('link', { name: 'Overview' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Photography' })).toHaveCount(0);

    // …then in Chittenden County only, typed as staff would.
    dialog = await openCoverage(owner);
    await expect(dialog.getByLabel('Vermont')).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Add a county' }).click();
    await dialog.getByLabel('State of county 1').selectOption({ label: 'Vermont' });
    await dialog.getByLabel('County 1', { exact: true }).fill('Chittenden');
    await dialog.getByRole('button', { name: 'Save where it is offered' }).click();
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(sidebar(page).getByRole('link', { name: 'Photography' })).toBeVisible();
  } finally {
    const dialog = await openCoverage(owner);
    await dialog.getByRole('button', { name: 'Tick every state' }).click();
    const remove = dialog.getByRole('button', { name: 'Remove county 1' });
    if (await remove.count()) await remove.click();
    await dialog.getByRole('button', { name: 'Save where it is offered' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('an owner edits an MLS board: local MLS listing is offered in the county at once', async ({
  page,
  browser,
}) => {
  await signUp(page, 'tolland');
  const property = await addProperty(page, {
    street: '3 Mansfield Rd',
    city: 'Storrs',
    state: 'CT',
    county: 'Tolland County',
    zip: '06268',
  });
  const local = async () =>
    (
      await (
        await page.request.get(`/api/dashboard/services-for-property?property=${property}`)
      ).json()
    )['mls-listing-local'];
  expect(await local()).toBe(false);

  const owner = await ownerPage(browser);
  await owner.goto('/admin');
  await staffNav(owner).getByRole('link', { name: 'MLS boards' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'MLS boards' })).toBeVisible();
  await expect(
    owner.getByText(
      'The public MLS directory, each board’s page and the city pages show a save as soon as it is made.',
    ),
  ).toBeVisible();
  await owner.getByLabel('Search by name, short name, slug or state (TX)').fill('CT');
  await owner.getByRole('button', { name: 'Search', exact: true }).click();
  await owner.getByRole('button', { name: 'Edit SmartMLS' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Edit SmartMLS' });
  const counties = dialog.getByLabel('Counties confirmed (one a line)');
  const before = await counties.inputValue();
  try {
    await counties.fill(`${before}\nTolland`);
    await dialog.getByLabel('Listing fee in US dollars (optional)').fill('abc');
    await dialog.getByRole('button', { name: 'Save board' }).click();
    await expect(
      dialog.getByLabel('Listing fee in US dollars (optional)'),
    ).toHaveAccessibleDescription(/whole cents/);
    await dialog.getByLabel('Listing fee in US dollars (optional)').fill('95');
    await dialog.getByLabel('Listing rules (optional)').fill('Photos within three days.');
    await dialog.getByRole('button', { name: 'Save board' }).click();
    await expect(dialog).toBeHidden();
    await expect(owner.getByRole('status').filter({ hasText: 'SmartMLS is saved.' })).toHaveText(
      'SmartMLS is saved. The public MLS pages show the change now.',
    );
    const row = owner.getByRole('row', { name: /SmartMLS/ });
    await expect(row).toContainText('Tolland');
    await expect(row).toContainText('$95.00');
    expect(await local()).toBe(true);
    // The board's public page shows the save at once: it is rendered on each visit.
    await page.goto('/mls/smart-mls');
    await expect(page.getByText('$95.00 charged by SmartMLS per listing')).toBeVisible();
    await expect(page.getByText('Photos within three days.')).toBeVisible();
  } finally {
    await owner.getByRole('button', { name: 'Edit SmartMLS' }).click();
    await dialog.getByLabel('Counties confirmed (one a line)').fill(before);
    await dialog.getByLabel('Listing fee in US dollars (optional)').fill('');
    await dialog.getByLabel('Listing rules (optional)').fill('');
    await dialog.getByRole('button', { name: 'Save board' }).click();
    await expect(dialog).toBeHidden();
  }
  expect(await local()).toBe(false);
  await page.goto('/mls/smart-mls');
  await expect(page.getByRole('heading', { level: 1, name: 'SmartMLS' })).toBeVisible();
  await expect(page.getByText('Photos within three days.')).toHaveCount(0);
});

test('an owner sets what vendors are paid for photography, by default and for one vendor', async ({
  browser,
  allowConsole,
}) => {
  // The refused vendor is a 422 on purpose; Chromium logs every error answer.
  allowConsole(/status of 422/);
  const owner = await ownerPage(browser);
  await owner.goto('/admin');
  await staffNav(owner).getByRole('link', { name: 'Vendor prices' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Vendor prices' })).toBeVisible();

  await owner.getByRole('button', { name: 'Set a price' }).click();
  let dialog = owner.getByRole('dialog', { name: 'Set a vendor price' });
  await dialog.getByLabel('Service').selectOption({ label: 'Photography' });
  await dialog.getByLabel('We pay, in US dollars').fill('60');
  await dialog.getByRole('button', { name: 'Save price' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    owner.getByRole('row', { name: /Photography Default for every vendor/ }),
  ).toContainText('$60.00');

  await owner.getByRole('button', { name: 'Set a price' }).click();
  dialog = owner.getByRole('dialog', { name: 'Set a vendor price' });
  await dialog.getByLabel('Service').selectOption({ label: 'Photography' });
  await dialog.getByLabel('One vendor’s own price').check();
  // A person without a vendor kind is refused, in words, under the field.
  await dialog.getByLabel('Vendor’s email address').fill(ADMIN.email);
  await dialog.getByLabel('We pay, in US dollars').fill('72.50');
  await dialog.getByRole('button', { name: 'Save price' }).click();
  await expect(dialog.getByLabel('Vendor’s email address')).toHaveAccessibleDescription(
    /No vendor has this email address/,
  );
  await dialog.getByLabel('Vendor’s email address').fill(VENDOR.email);
  await dialog.getByRole('button', { name: 'Save price' }).click();
  await expect(dialog).toBeHidden();
  const own = owner.getByRole('row', { name: new RegExp(`Photography .*${VENDOR.email}`) });
  await expect(own).toContainText('$72.50');

  // Changing keeps whose price it is and takes the new amount.
  await owner.getByRole('button', { name: `Change Photography, ${VENDOR.email}` }).click();
  dialog = owner.getByRole('dialog', { name: 'Change a vendor price' });
  await expect(dialog.getByText(`Photography: ${VENDOR.email}’s own price.`)).toBeVisible();
  await dialog.getByLabel('We pay, in US dollars').fill('75');
  await dialog.getByRole('button', { name: 'Save price' }).click();
  await expect(dialog).toBeHidden();
  await expect(own).toContainText('$75.00');

  // Removing asks first, saying what follows (issue 47).
  const ask = owner.getByRole('dialog', { name: 'Remove this vendor price?' });
  await owner.getByRole('button', { name: `Remove Photography, ${VENDOR.email}` }).click();
  await expect(ask).toContainText(`${VENDOR.email} is paid the default for Photography`);
  await ask.getByRole('button', { name: 'Remove price' }).click();
  await expect(ask).toBeHidden();
  await expect(own).toHaveCount(0);
  await owner.getByRole('button', { name: 'Remove Photography, default' }).click();
  await ask.getByRole('button', { name: 'Remove price' }).click();
  await expect(owner.getByText('No vendor prices yet.')).toBeVisible();
});

/** Issue 36: an edit of a description left every product with the listing side's roles. */
test('an owner edits only a description; who may order stays the product’s own, for buyers too', async ({
  page,
  browser,
}) => {
  await signUp(page, 'buyer-hourly');
  const property = await addProperty(page, { street: '3 Buyer Row', role: 'buyer' });
  const offered = async () =>
    (
      await (
        await page.request.get(`/api/dashboard/services-for-property?property=${property}`)
      ).json()
    )['buyer-hourly-representation'];
  expect(await offered()).toBe(true);

  const owner = await ownerPage(browser);
  try {
    await owner.goto('/admin/products');
    await owner.getByLabel('Search by name or slug').fill('buyer-hourly');
    await owner.getByRole('button', { name: 'Search', exact: true }).click();
    const row = owner.getByRole('row', { name: /Buyer Agent, Hourly/ });
    await expect(row).toContainText('Buyer, Buyer Agent');
    await expect(row).not.toContainText('Seller');

    await owner.getByRole('button', { name: 'Edit Buyer Agent, Hourly' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Edit Buyer Agent, Hourly' });
    await expect(dialog.getByLabel('Buyer', { exact: true })).toBeChecked();
    await expect(dialog.getByLabel('Buyer Agent', { exact: true })).toBeChecked();
    await expect(dialog.getByLabel('Seller', { exact: true })).not.toBeChecked();
    const description = dialog.getByLabel('Description');
    const previous = await description.inputValue();
    await description.fill('An agent at $150 an hour to help you buy.');
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('An agent at $150 an hour to help you buy.');
    await expect(row).toContainText('Buyer, Buyer Agent');
    await expect(row).not.toContainText('Seller');
    expect(await offered()).toBe(true);

    // Put the description back for the rest of the run.
    await owner.getByRole('button', { name: 'Edit Buyer Agent, Hourly' }).click();
    await dialog.getByLabel('Description').fill(previous);
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await owner.context().close();
  }
});
