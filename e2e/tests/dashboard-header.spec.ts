import { addProperty, propertySelect, signUp, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

test('the property dropdown waits for the list, lists All Properties first and navigates', async ({
  page,
}) => {
  await signUp(page, 'header');
  const oak = await addProperty(page, { street: '12 Oak Ave' });
  const elm = await addProperty(page, { street: '9 Elm St', unit: 'Apt 4', role: 'buyer' });

  // Hold the list back to see the loading state.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/dashboard/user-properties', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Dashboard | Lantern');
  const select = propertySelect(page);
  await expect(select).toBeDisabled();
  await expect(select.locator('option:checked')).toHaveText('Select a Property');
  release();
  await expect(select).toBeEnabled();
  await expect(select.locator('option:not([hidden])')).toHaveText([
    'All Properties',
    '12 Oak Ave',
    '9 Elm St Apt 4',
  ]);
  await expect(select.locator('option:checked')).toHaveText('All Properties');

  await select.selectOption({ label: '9 Elm St Apt 4' });
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?property=${elm}$`));
  await expect(page.getByRole('heading', { name: '9 Elm St Apt 4' })).toBeVisible();

  // Keyboard: focus the select and pick the other property with the arrow keys.
  await select.focus();
  await select.press('ArrowUp');
  await expect(page).toHaveURL(new RegExp(`property=${oak}$`));

  await select.selectOption({ label: 'All Properties' });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the visible/hidden toggle is kept in session storage and reloads the overview', async ({
  page,
}) => {
  await signUp(page, 'visible');
  const shown = await addProperty(page, { street: '1 Shown Rd' });
  const hidden = await addProperty(page, { street: '2 Hidden Ln' });
  const res = await page.request.post('/api/dashboard/property-visibility', {
    headers: xhr(),
    data: { property: hidden, visible: false },
  });
  expect(res.status()).toBe(200);

  await page.goto(`/dashboard/messages?property=${shown}`);
  const select = propertySelect(page);
  await expect(select.locator('option:not([hidden])')).toHaveText(['All Properties', '1 Shown Rd']);
  expect(await page.evaluate(() => sessionStorage.getItem('showVisibleProperties'))).toBeNull();

  await page.getByRole('button', { name: 'Show hidden properties' }).click();
  await expect(page).toHaveURL(/\/dashboard\?visible=0$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(select.locator('option:not([hidden])')).toHaveText([
    'All Properties',
    '2 Hidden Ln',
  ]);
  expect(await page.evaluate(() => sessionStorage.getItem('showVisibleProperties'))).toBe('0');

  // Kept for the tab's session.
  await page.reload();
  await expect(select.locator('option:not([hidden])')).toHaveText([
    'All Properties',
    '2 Hidden Ln',
  ]);

  // Show the hidden property again from its overview; then switch back to visible ones.
  await select.selectOption({ label: '2 Hidden Ln' });
  await page.getByRole('button', { name: 'Show this property' }).click();
  await expect(page.getByRole('button', { name: 'Hide this property' })).toBeVisible();
  // Issue 14, item 6: on its own pages the property stays selected whatever its flag.
  await expect(select.locator('option:checked')).toHaveText('2 Hidden Ln');
  await page.goto(`/dashboard/participants?property=${hidden}`);
  await expect(select.locator('option:checked')).toHaveText('2 Hidden Ln');
  await page.goto(`/dashboard?property=${hidden}`);
  await page.getByRole('button', { name: 'Show visible properties' }).click();
  await expect(page).toHaveURL(/\/dashboard\?visible=1$/);
  await expect(select.locator('option:not([hidden])')).toHaveText([
    'All Properties',
    '1 Shown Rd',
    '2 Hidden Ln',
  ]);
  expect(await page.evaluate(() => sessionStorage.getItem('showVisibleProperties'))).toBe('1');
});

test("'Add a Property' leads to its page, where it is disabled", async ({ page, isMobile }) => {
  await signUp(page, 'addbtn');
  await page.goto('/dashboard');
  const add = page.getByRole('link', { name: 'Add a Property' }).first();
  await expect(add).toBeVisible();
  if (isMobile) {
    // A plus icon under 768px: the words are for screen readers only.
    await expect(page.locator('.ds-add-label')).toHaveCSS('position', 'absolute');
  }
  await page.locator('header').getByRole('link', { name: 'Add a Property' }).click();
  await expect(page).toHaveURL(/\/dashboard\/add-property$/);
  await expect(page.getByRole('heading', { name: 'Add a Property', level: 1 })).toBeVisible();
  await expect(
    page.locator('header').getByRole('button', { name: 'Add a Property' }),
  ).toBeDisabled();
});

test("a property that is not the user's sends the browser back to the dashboard", async ({
  page,
  browser,
}) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage, 'owner');
  const theirs = await addProperty(otherPage, { street: '5 Private Way' });
  await other.close();

  await signUp(page, 'prober');
  for (const hash of [theirs, 'AAAAAAAAAAAAAAAAAAAA']) {
    await page.goto(`/dashboard/photography?property=${hash}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('5 Private Way')).toHaveCount(0);
  }
});
