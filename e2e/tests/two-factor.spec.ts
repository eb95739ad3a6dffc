import { Secret, TOTP } from 'otpauth';
import { signUp, xhr } from './dashboard-fixtures.ts';
import { PASSWORD } from './fixtures/constants.ts';
import { expect, test } from './fixtures/test.ts';

/** The code an authenticator app shows `offset` 30-second steps from now. */
const codeFor = (secret: string, offset = 0) =>
  new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp: Date.now() + offset * 30_000 });

test('two-step sign-in: enrol in Account Settings, then log in through the challenge', async ({
  page,
  context,
  allowConsole,
}) => {
  // Wrong codes are refused with 422 on purpose; Chromium logs every error answer.
  allowConsole(/status of 422/);
  const email = await signUp(page, 'two-factor');
  await page.goto('/dashboard/account');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByText('Two-step sign-in is off.')).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();

  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(
    section.getByRole('heading', { name: '1. Add your account to the app' }),
  ).toBeFocused();
  const secret = ((await section.getByTestId('two-factor-key').textContent()) ?? '').replace(
    /\s/g,
    '',
  );
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const code = section.getByLabel('Authentication code');
  await code.fill('000000');
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByText('That code did not work.')).toBeVisible();
  await code.fill(codeFor(secret, -1));
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  await expect(section.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await section.getByRole('button', { name: 'I’ve saved my codes' }).click();
  await expect(section.getByText('You have 10 unused recovery codes.')).toBeVisible();

  // A new visit: the password alone is not enough, remember me included.
  await context.clearCookies();
  await page.goto('/account/login');
  await page.waitForFunction(() => !document.querySelector('main astro-island[ssr]'));
  const main = page.locator('main');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Password').fill(PASSWORD);
  await main.getByLabel('Remember me').check();
  await main.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account\/two-factor-challenge$/);
  await page.waitForFunction(() => !document.querySelector('main astro-island[ssr]'));
  expect((await context.cookies()).some((c) => c.name === 'lantern_session')).toBe(false);

  const challenge = main.getByLabel('Authentication code');
  await challenge.fill('123456');
  await main.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(challenge).toHaveAttribute('aria-invalid', 'true');
  await expect(challenge).toBeFocused();
  await challenge.fill(codeFor(secret, 1));
  await main.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/account');
  await expect(page.getByText(`You sign in as ${email}.`)).toBeVisible();
});

test('a social sign-in of a two-step user goes through the challenge too', async ({
  page,
  context,
}) => {
  const email = await signUp(page, 'two-factor-social');
  // Enrol through the API: the page flow is covered above.
  const setup = await page.request.post('/api/account/two-factor/setup', { headers: xhr() });
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await page.request.post('/api/account/two-factor/confirm', {
    headers: xhr(),
    data: { code: codeFor(secret, -1) },
  });
  expect(confirm.status()).toBe(200);

  await context.clearCookies();
  await page.goto('/account/login');
  await page.waitForFunction(() => !document.querySelector('main astro-island[ssr]'));
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await opened;
  await popup.getByLabel('Email', { exact: true }).fill(email);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;

  await expect(page).toHaveURL(/\/account\/two-factor-challenge$/, { timeout: 20_000 });
  await page.waitForFunction(() => !document.querySelector('main astro-island[ssr]'));
  const main = page.locator('main');
  await main.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(main.getByLabel('Recovery code')).toBeFocused();
  await main.getByRole('button', { name: 'Use a code from my authenticator app' }).click();
  await main.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await main.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
});
