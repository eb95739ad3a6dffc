import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { postSigned, twilioFixture } from '../../apps/api/test/helpers/twilio-fixture.ts';
import { ownerPage, xhr } from './dashboard-fixtures.ts';
import { ADMIN, BASE_URL, newEmail, PASSWORD } from './fixtures/constants.ts';
import { expect, test } from './fixtures/test.ts';
import { TWILIO_AUTH_TOKEN, TWILIO_FROM } from './fixtures/twilio.ts';

/**
 * Issue 20, Texts: the server texts through a local Twilio stand-in (TWILIO_* in
 * playwright.config.ts) that reports each text back as delivered through the signed status
 * webhook. A customer's verification code is texted; the number then texts STOP (posted here,
 * signed as Twilio signs); the next code to it is refused in words; and the owner finds all of
 * it on the Texts page, the code never in clear, and the number among the opt-outs.
 */

const INBOUND = `${BASE_URL}/api/twilio/messages`;

async function signUpAndAskForCode(page: Page, typed: string) {
  const res = await page.request.post('/account/sign-up', {
    headers: xhr(),
    data: { email: newEmail('texts'), password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  await page.goto('/dashboard/account');
  const section = page.getByRole('region', { name: 'Mobile phone' });
  await section.getByLabel('Mobile number').fill(typed);
  await section.getByRole('button', { name: 'Text me a code' }).click();
  return section;
}

test('a texted code and an inbound STOP show on the Texts page, and the number is texted no more', async ({
  page,
  browser,
  allowConsole,
}) => {
  // The refused code answers 422 on purpose; Chromium logs every error answer.
  allowConsole(/status of 422/);
  // A number per worker and per attempt: a retry must not find the first attempt's STOP.
  const slot = test.info().parallelIndex + 20 * test.info().retry;
  const digits = String(2180 + slot);
  const number = `+1202555${digits}`;
  const typed = `(202) 555-${digits}`;

  const first = await signUpAndAskForCode(page, typed);
  await expect(first.getByText('We texted a 6-digit code to')).toBeVisible();

  // The number texts STOP. A forged copy is refused; Twilio's signed one is taken.
  const sid = `SM${randomBytes(16).toString('hex')}`;
  const stop = {
    ...(twilioFixture('webhook-inbound.json') as Record<string, string>),
    SmsMessageSid: sid,
    SmsSid: sid,
    MessageSid: sid,
    From: number,
    To: TWILIO_FROM,
    Body: 'STOP',
  };
  const forged = await fetch(INBOUND, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': 'bm90IFR3aWxpbydzIHNpZ25hdHVyZQ==',
    },
    body: new URLSearchParams(stop),
  });
  expect(forged.status).toBe(403);
  const signed = await postSigned(INBOUND, stop, TWILIO_AUTH_TOKEN);
  expect(signed.status).toBe(200);
  expect(await signed.text()).toContain('you will get no more texts from us');

  // Someone else now asks for a code to that number: refused, in words.
  const second = await signUpAndAskForCode(await (await browser.newContext()).newPage(), typed);
  await expect(second.getByText('That number has asked us to stop texting it.')).toBeVisible();
  await expect(second.getByLabel('Mobile number')).toHaveAttribute('aria-invalid', 'true');

  const owner = await ownerPage(browser);
  await owner.goto('/admin');
  await owner
    .getByRole('navigation', { name: 'Staff pages' })
    .getByRole('link', { name: 'Texts' })
    .click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Texts' })).toBeVisible();
  await expect(owner.getByText(`Texts go out through Twilio from ${TWILIO_FROM}`)).toBeVisible();
  await owner.getByLabel('Search by number or words').fill(typed);
  await owner.getByRole('button', { name: 'Search', exact: true }).click();

  const table = owner.getByRole('table', { name: 'Texts sent and received' });
  const code = table.getByRole('row').filter({ hasText: 'Phone verification code' });
  await expect(code).toHaveCount(2);
  // The first code: delivered (the stand-in reported it back through the signed webhook).
  const delivered = code.filter({ hasText: 'Delivered' });
  await expect(async () => {
    await owner.reload();
    await expect(delivered).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(
    delivered.getByText('•••••• is your Lantern verification code. It expires in 10 minutes.'),
  ).toBeVisible();
  await expect(code.filter({ hasText: 'Not sent: opted out' })).toHaveCount(1);
  const inbound = table.getByRole('row').filter({ hasText: 'Opt-out' });
  await expect(inbound.getByText('STOP', { exact: true })).toBeVisible();
  await expect(inbound.getByText('Received')).toBeVisible();
  await expect(inbound.getByText(`From ${number}`)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Reply to a text' })).toContainText(
    'you will get no more texts from us',
  );
  // No code is ever shown in clear.
  await expect(table.getByText(/\b\d{6} is your/)).toHaveCount(0);

  // Only the texts received.
  await owner.getByLabel('Direction').selectOption('inbound');
  await expect(table.getByRole('row').filter({ hasText: 'Phone verification code' })).toHaveCount(
    0,
  );
  await expect(table.getByRole('row').filter({ hasText: 'Opt-out' })).toHaveCount(1);

  await owner
    .getByRole('navigation', { name: 'Texts lists' })
    .getByRole('link', { name: 'Opt-outs' })
    .click();
  const optOuts = owner.getByRole('table', { name: 'Opted-out numbers' });
  const row = optOuts.getByRole('row').filter({ hasText: number });
  await expect(row).toBeVisible();
  await expect(row.getByText('Texted STOP')).toBeVisible();
  // A texted STOP is undone only by the person texting START, never by staff.
  await expect(row.getByRole('button', { name: /Undo/ })).toHaveCount(0);

  // Someone asks by phone: staff stop texts to their number, then undo the mistake.
  const asked = String(2190 + slot);
  await owner.getByRole('button', { name: 'Record an opt-out' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Record an opt-out' });
  await dialog.getByLabel('Mobile number').fill(`202-555-${asked}`);
  await dialog.getByRole('button', { name: 'Stop texts to this number' }).click();
  await expect(dialog.getByText('Say how they asked')).toBeVisible();
  await dialog.getByLabel('How they asked').fill('Called and asked us to stop texting.');
  await dialog.getByRole('button', { name: 'Stop texts to this number' }).click();
  await expect(dialog).toBeHidden();
  const recorded = optOuts.getByRole('row').filter({ hasText: `+1202555${asked}` });
  await expect(recorded.getByText('Recorded by staff')).toBeVisible();
  await expect(recorded.getByRole('link', { name: ADMIN.email })).toBeVisible();
  await expect(recorded.getByText('Called and asked us to stop texting.')).toBeVisible();
  await recorded.getByRole('button', { name: `Undo opt-out of +1202555${asked}` }).click();
  await expect(owner.getByText('Texts to that number are allowed again.')).toBeVisible();
  await expect(recorded).toBeHidden();
});
