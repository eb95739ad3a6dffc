import type { Page } from '@playwright/test';
import { signUp, xhr } from './dashboard-fixtures.ts';
import { RESET_LINK, waitForLink } from './fixtures/account-mail.ts';
import { newEmail, PASSWORD } from './fixtures/constants.ts';
import { expect, test } from './fixtures/test.ts';

const NEW_PASSWORD = 'a fresh e2e passphrase';

async function hydrated(page: Page) {
  await page.waitForFunction(() => !document.querySelector('main astro-island[ssr]'));
}

test('reset by link, end to end through the local SMTP server', async ({ page, browser }) => {
  // A second browser signed in to the same account is signed out by the reset.
  const email = await signUp(page, 'reset');
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  const login = await other.request.post('/account/login', {
    headers: xhr(),
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  await other.goto('/dashboard');
  await expect(other).toHaveURL(/\/dashboard/);

  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  await visitor.goto('/account/login');
  await hydrated(visitor);
  await visitor.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(visitor).toHaveURL(/\/password\/email$/);
  await hydrated(visitor);
  const main = visitor.locator('main');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(main.getByText('Check your inbox')).toBeVisible();

  await visitor.goto(await waitForLink(email, RESET_LINK));
  await expect(visitor).toHaveURL(/\/password\/reset$/);
  await hydrated(visitor);
  await main.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await main.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}?`);
  await main.getByRole('button', { name: 'Save new password' }).click();
  const confirm = main.getByLabel('Confirm new password');
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toBeFocused();
  await confirm.fill(NEW_PASSWORD);
  await main.getByRole('button', { name: 'Save new password' }).click();

  await expect(visitor).toHaveURL(/\/account\/login\?reset=1$/);
  await expect(visitor.getByText('Your password was changed.')).toBeVisible();
  await hydrated(visitor);
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Password').fill(NEW_PASSWORD);
  await main.getByRole('button', { name: 'Log in' }).click();
  await expect(visitor).toHaveURL(/\/dashboard/);

  // The other browser was signed out: its realtime Logout sends it to the login page.
  await expect(other).toHaveURL(/\/account\/login/);
  await elsewhere.close();
  await fresh.close();
});

test('a used, expired or broken link lands on the incorrect reset link page', async ({
  page,
  allowConsole,
}) => {
  // The page checks the broken token and the server answers 410 Gone, as it should.
  allowConsole(/status of 410/);
  await page.goto('/password/reset#token=not-a-real-token');
  await expect(page).toHaveURL(/\/password\/incorrect-link$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This reset link isn’t valid');
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/password\/email$/);

  // Opening the new-password page without a token goes there too, and so does the link's older form.
  await page.goto('/password/reset');
  await expect(page).toHaveURL(/\/password\/incorrect-link$/);
  await page.goto('/password/reset/not-a-real-token');
  await expect(page).toHaveURL(/\/password\/incorrect-link$/);
});

test('a link for another account than the signed-in one lands on the incorrect account page', async ({
  page,
  browser,
  allowConsole,
}) => {
  // The page checks the token while another account is signed in: 403, as it should.
  allowConsole(/status of 403/);
  const owner = newEmail('reset-owner');
  const ctx = await browser.newContext();
  const ownerPage = await ctx.newPage();
  expect(
    (
      await ownerPage.request.post('/account/sign-up', {
        headers: xhr(),
        data: { email: owner, password: PASSWORD },
      })
    ).status(),
  ).toBe(200);
  await ctx.close();
  expect(
    (
      await page.request.post('/password/email', { headers: xhr(), data: { email: owner } })
    ).status(),
  ).toBe(202);
  const link = await waitForLink(owner, RESET_LINK);

  await signUp(page, 'reset-intruder');
  await page.goto(link);
  await expect(page).toHaveURL(/\/password\/incorrect-account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'You’re signed in to another account',
  );
  await hydrated(page);
  await page.locator('main').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You’re signed out.')).toBeVisible();
  // Signed out, the same link now opens the new-password page.
  await page.goto(link);
  await expect(page).toHaveURL(/\/password\/reset$/);
});
