import { ADMIN, newEmail, PASSWORD, VENDOR } from './fixtures/constants.ts';
import { expect, test } from './fixtures/test.ts';

test('sign up, land in the dashboard, sign out, sign in again', async ({ page }) => {
  const email = newEmail('signup');
  await page.goto('/account/sign-up');
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard | Lantern');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // Sign out sits in the header's user-area dropdown, the same one as on the public site.
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/account\/login$/);

  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard | Lantern');
});

test('signed-out visits to the signed-in areas go to the login page', async ({ page }) => {
  for (const path of ['/dashboard', '/dashboard/anything', '/vendor', '/admin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/account\/login$/);
  }
});

test('wrong credentials and a taken email show errors under the field, keeping what was typed', async ({
  page,
  allowConsole,
}) => {
  // Both refusals are answered 422 on purpose; Chromium logs every error answer.
  allowConsole(/status of 422/);
  await page.goto('/account/login');
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill('nobody@e2e.example.com');
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
  const email = page.getByRole('main').getByLabel('Email', { exact: true });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
  await expect(email).toHaveValue('nobody@e2e.example.com');

  await page.goto('/account/sign-up');
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(VENDOR.email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/already exists/).first()).toBeVisible();
});

test('vendor and admin areas answer a 403 page to users without the flag', async ({
  page,
  allowConsole,
}) => {
  // The 403 pages are what this test asks for; Chromium logs every error answer.
  allowConsole(/status of 403/);
  await page.goto('/account/sign-up');
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(newEmail('plain'));
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const path of ['/vendor', '/admin']) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('staff with the flags reach their areas', async ({ page }) => {
  for (const [user, path, heading] of [
    [ADMIN, '/admin', 'Today'],
    [VENDOR, '/vendor', 'Your work'],
  ] as const) {
    await page.context().clearCookies();
    await page.goto('/account/login');
    await page.getByRole('main').getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
});
