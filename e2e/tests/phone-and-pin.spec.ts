import type { Page } from '@playwright/test';
import { xhr } from './dashboard-fixtures.ts';
import { PASSWORD } from './fixtures/constants.ts';
import { expect, test } from './fixtures/test.ts';
import { TWILIO_FIXTURE_URL } from './fixtures/twilio.ts';

const NEW_PASSWORD = 'a texted e2e passphrase';

/** The 6 digits of the newest text to `to`, as the local Twilio stand-in received it. */
async function lastTextedCode(page: Page, to: string): Promise<string> {
  const res = await page.request.get(
    `${TWILIO_FIXTURE_URL}/__fixture/messages?to=${encodeURIComponent(to)}`,
  );
  expect(res.status()).toBe(200);
  const body = ((await res.json()) as Array<{ body: string }>).at(-1)?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no code in "${body}"`);
  return code;
}

test('verify a mobile number, then reset the password with a texted PIN', async ({
  page,
  browser,
  allowConsole,
}) => {
  // A wrong PIN is refused with 422 on purpose; Chromium logs every error answer.
  allowConsole(/status of 422/);
  // A short address: Account Settings shows it unbroken, and a long one widens the phone layout.
  const email = `pin${Date.now() % 1_000_000}${test.info().parallelIndex}@e2e.example.com`;
  const res = await page.request.post('/account/sign-up', {
    headers: xhr(),
    data: { email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  await page.goto('/dashboard/account');
  const section = page.getByRole('region', { name: 'Mobile phone' });
  // One number per running worker: the code is read back by number.
  const digits = String(2170 + test.info().parallelIndex);
  const number = `+1202555${digits}`;
  await section.getByLabel('Mobile number').fill(`202-555-${digits}`);
  await section.getByRole('button', { name: 'Text me a code' }).click();
  await expect(section.getByText('We texted a 6-digit code to')).toBeVisible();
  const code = section.getByLabel('Code from the text');
  await code.fill('12');
  await section.getByRole('button', { name: 'Verify number' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill(await lastTextedCode(page, number));
  await section.getByRole('button', { name: 'Verify number' }).click();
  await expect(section.getByText(`Verified number: ${number}`)).toBeVisible();

  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  await visitor.goto('/password/email');
  await visitor.waitForFunction(() => !document.querySelector('main astro-island[ssr]'));
  const main = visitor.locator('main');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel(/Text me a 6-digit PIN/).check();
  await main.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(main.getByText('Check your phone')).toBeVisible();
  await main.getByRole('link', { name: 'Enter the PIN and choose a new password' }).click();
  await expect(visitor).toHaveURL(/\/password\/pin$/);
  await expect(main.getByLabel('Email', { exact: true })).toHaveValue(email);

  const pin = await lastTextedCode(page, number);
  await main.getByLabel('PIN from the text message').fill(pin === '000000' ? '111111' : '000000');
  await main.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await main.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await main.getByRole('button', { name: 'Save new password' }).click();
  const pinField = main.getByLabel('PIN from the text message');
  await expect(pinField).toHaveAttribute('aria-invalid', 'true');
  await expect(pinField).toBeFocused();
  await pinField.fill(pin);
  await main.getByRole('button', { name: 'Save new password' }).click();
  await expect(visitor).toHaveURL(/\/account\/login\?reset=1$/);
  await fresh.close();
});
