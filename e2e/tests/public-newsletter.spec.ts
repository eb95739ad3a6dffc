import { newEmail } from './fixtures/constants.ts';
import { CONFIRM_LINK, confirmationLink, waitForMail } from './fixtures/public-mail.ts';
import { expect, test } from './fixtures/test.ts';

test('newsletter double opt-in, end to end through the local SMTP server', async ({ page }) => {
  const email = newEmail('newsletter');
  await page.goto('/newsletter');
  const form = page.locator('main');
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText('Check your inbox')).toBeVisible();

  const link = confirmationLink(await waitForMail(email, 10_000, CONFIRM_LINK));
  await page.goto(link);
  await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re subscribed');
});

test('a bad email gets a clear error under the field', async ({ page }) => {
  await page.goto('/newsletter');
  const form = page.locator('main');
  await form.getByLabel('Email address').fill('not an email');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  const input = form.getByLabel('Email address');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await expect(input).toBeFocused();
});

test('the Connect menu subscribes too', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the Connect panel form is on wide screens');
  const email = newEmail('connect');
  await page.goto('/company/about-us');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Connect' })
    .click();
  const panel = page.locator('#menu-connect');
  await panel.getByLabel('Email address').fill(email);
  await panel.getByRole('button', { name: 'Subscribe' }).click();
  await expect(panel.getByText('Check your inbox')).toBeVisible();
  expect(confirmationLink(await waitForMail(email, 10_000, CONFIRM_LINK))).toContain(
    '/newsletter/confirm#token=',
  );
});

test('sign-up with the news and offers box ends on the promo opt-in confirmation page', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'one run is enough');
  const email = newEmail('promo');
  await page.goto('/account/sign-up');
  // The form is an island: wait until it has hydrated, or a submit would be a plain GET.
  await page.waitForFunction(() => !document.querySelector('main astro-island[ssr]'));
  const main = page.locator('main');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Password').fill('a long e2e passphrase');
  await main.getByLabel('Send me news and offers').check();
  await main.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(confirmationLink(await waitForMail(email, 10_000, CONFIRM_LINK)));
  await expect(page).toHaveURL(/\/newsletter\/promo-confirmed$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'You’ll receive our news and offers',
  );
});

test('a tampered link lands on the designed invalid-link page', async ({ page, allowConsole }) => {
  // The page posts the tampered token and the server answers 410 Gone, as it should.
  allowConsole(/status of 410/);
  await page.goto('/newsletter/confirm#token=not-a-real-token');
  await expect(page).toHaveURL(/\/newsletter\/link-expired$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This confirmation link isn’t valid',
  );
});
