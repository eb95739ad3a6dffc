import type { Page } from '@playwright/test';
import { newEmail, PASSWORD } from './fixtures/constants.ts';
import { OIDC_HOST, type Scenario } from './fixtures/social.ts';
import { expect, test } from './fixtures/test.ts';
import { openUserArea } from './fixtures/user-area.ts';

/**
 * Social sign-in (issue 7) through popups served by local OIDC providers that stand in for
 * Apple, Google and Microsoft (fixtures/local-oidc-provider.ts), with the spec's error texts.
 */
const TEXT = {
  apple: 'There was an error signing in to Apple. Please try again.',
  google: 'There was an error signing in to Google. Please try again.',
  microsoft: 'There was an error signing in to Microsoft. Please try again.',
};
type Provider = 'Apple' | 'Google' | 'Microsoft';

interface PopupChoice {
  email?: string;
  verified?: boolean;
  scenario?: Scenario;
  decision?: 'Continue' | 'Cancel' | 'close';
}

/** Click the provider's button and go through its popup as a person would. */
async function throughPopup(page: Page, provider: Provider, choice: PopupChoice = {}) {
  const opened = page.waitForEvent('popup');
  const button = page.getByRole('button', { name: `Sign in with ${provider}` });
  await button.click();
  const popup = await opened;
  await expect(
    popup.getByRole('heading', { name: `Sign in to local ${provider.toLowerCase()}` }),
  ).toBeVisible();
  expect(new URL(popup.url()).hostname).toBe(OIDC_HOST);
  // The sign-in-in-progress flag: every provider button waits meanwhile.
  for (const name of ['Apple', 'Google', 'Microsoft']) {
    await expect(page.getByRole('button', { name: `Sign in with ${name}` })).toBeDisabled();
  }
  if (choice.email) await popup.getByLabel('Email', { exact: true }).fill(choice.email);
  if (choice.verified === false) await popup.getByLabel('Email verified').uncheck();
  await popup.getByLabel('Scenario').selectOption(choice.scenario ?? 'normal');
  const closed = popup.waitForEvent('close');
  if (choice.decision === 'close') await popup.close();
  else await popup.getByRole('button', { name: choice.decision ?? 'Continue' }).click();
  await closed;
}

async function expectSignedIn(page: Page, email: string) {
  // Sign-in, then a full page load of the dashboard: give a busy machine time.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible({ timeout: 20_000 });
}

async function expectErrorPanel(page: Page, text: string) {
  const panel = page.getByRole('alert');
  await expect(panel).toContainText('Sign in Error');
  await expect(panel).toContainText(text);
  // The panel replaces the form until Try Again clears it.
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Apple' })).toBeEnabled();
}

for (const provider of ['Apple', 'Google', 'Microsoft'] as const) {
  test(`${provider}: a new person signs in through the popup and lands in the dashboard`, async ({
    page,
  }) => {
    test.slow(); // two popup round trips
    const email = newEmail(provider.toLowerCase());
    await page.goto('/account/login');
    await throughPopup(page, provider, { email });
    await expectSignedIn(page, email);

    // Next time the same identity signs in to the same account, from the sign-up page too.
    await page.context().clearCookies();
    await page.goto('/account/sign-up');
    await throughPopup(page, provider, { email });
    await expectSignedIn(page, email);
  });
}

test('a verified email of an existing account links to it', async ({ page }) => {
  test.slow();
  const email = newEmail('link');
  await page.goto('/account/sign-up');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectSignedIn(page, email);
  await page.context().clearCookies();

  await page.goto('/account/login');
  await throughPopup(page, 'Google', { email });
  await expectSignedIn(page, email);
});

test('from the header dropdown of a content page: the panel closes and the dashboard opens', async ({
  page,
  allowConsole,
}) => {
  // The expired token is refused with 422 on purpose; Chromium logs every error answer.
  allowConsole(/status of 422/);
  test.slow();
  const email = newEmail('dropdown-social');
  await page.goto('/services');
  await openUserArea(page, 'Log in');
  await throughPopup(page, 'Microsoft', { email });
  await expectSignedIn(page, email);

  // A failure shows the 'Sign in Error' panel in the dropdown, and Try Again brings the form back.
  await page.context().clearCookies();
  await page.goto('/services');
  const panel = await openUserArea(page, 'Log in');
  await throughPopup(page, 'Google', { email: newEmail('google'), scenario: 'expired' });
  await expect(panel.getByRole('alert')).toContainText(TEXT.google);
  await panel.getByRole('button', { name: 'Try Again' }).click();
  await expect(panel.getByLabel('Password')).toBeVisible();
});

test.describe('error texts', () => {
  test.beforeEach(async ({ page, allowConsole }) => {
    // Each refusal here is answered 422 on purpose; Chromium logs every error answer.
    allowConsole(/status of 422/);
    await page.goto('/account/login');
  });

  test('Apple: a state that is not the attempt’s', async ({ page }) => {
    await throughPopup(page, 'Apple', { email: newEmail('apple'), scenario: 'wrong-state' });
    await expectErrorPanel(page, TEXT.apple);
  });

  test('Apple: a refused token without display_error', async ({ page }) => {
    await throughPopup(page, 'Apple', { email: newEmail('apple'), scenario: 'wrong-audience' });
    await expectErrorPanel(page, TEXT.apple);
  });

  test("Apple: the server's display_error", async ({ page }) => {
    await throughPopup(page, 'Apple', { email: newEmail('apple'), verified: false });
    await expectErrorPanel(page, 'Your Apple account did not share a verified email address.');
  });

  test("Apple: the provider's own failure is ignored", async ({ page }) => {
    await throughPopup(page, 'Apple', { decision: 'Cancel' });
    await expect(page.getByRole('button', { name: 'Sign in with Apple' })).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL(/\/account\/login$/);
  });

  test('Google: a refused sign-in and a cancelled popup', async ({ page }) => {
    test.slow();
    await throughPopup(page, 'Google', { email: newEmail('google'), scenario: 'expired' });
    await expectErrorPanel(page, TEXT.google);
    await throughPopup(page, 'Google', { decision: 'Cancel' });
    await expectErrorPanel(page, TEXT.google);
  });

  test('Microsoft: a cancelled or closed popup', async ({ page }) => {
    test.slow();
    await throughPopup(page, 'Microsoft', { decision: 'Cancel' });
    await expectErrorPanel(page, TEXT.microsoft);
    await throughPopup(page, 'Microsoft', { decision: 'close' });
    await expectErrorPanel(page, TEXT.microsoft);
  });

  test('Microsoft: a failed server call shows the Google text, as the spec observed', async ({
    page,
  }) => {
    await throughPopup(page, 'Microsoft', { email: newEmail('ms'), scenario: 'wrong-audience' });
    await expectErrorPanel(page, TEXT.google);
  });
});

test('a content page loads nothing from the providers', async ({ page }) => {
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).host));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect([...hosts].filter((h) => h.startsWith(OIDC_HOST))).toEqual([]);
});
