import { ownerPage } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 44: the public pages read their prices from the catalogue when they are requested, so
 * a price an owner changes on Admin → Products is on /photography and /services without a rebuild.
 * $187.75 is a figure no other spec uses (admin-pages.spec.ts sets $183.25); the published price
 * is put back at the end, as other specs expect it.
 */
test('an owner changes the photography price; the public pages show it at once', async ({
  page,
  browser,
}) => {
  const owner = await ownerPage(browser);
  const editPhotography = async () => {
    await owner.goto('/admin/products');
    await owner.getByLabel('Search by name or slug').fill('photography');
    await owner.getByRole('button', { name: 'Search', exact: true }).click();
    await owner.getByRole('button', { name: 'Edit Photography' }).click();
    return owner.getByRole('dialog', { name: 'Edit Photography' });
  };
  let dialog = await editPhotography();
  const price = dialog.getByLabel('Price in US dollars');
  const previous = await price.inputValue();
  try {
    await price.fill('187.75');
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/photography');
    const hero = page.locator('.page-hero [data-live]');
    await expect(hero).toContainText('$187.75');
    await expect(page.getByRole('list', { name: 'Prices' })).toContainText('Photography: $187.75');

    await page.goto('/services');
    const card = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'Photography', exact: true }),
    });
    await expect(card.locator('[data-live]')).toHaveText('$187.75');
  } finally {
    dialog = await editPhotography();
    await dialog.getByLabel('Price in US dollars').fill(previous);
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await expect(dialog).toBeHidden();
  }
  await page.goto('/photography');
  await expect(page.locator('.page-hero [data-live]')).not.toContainText('$187.75');
});
