import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';
import { TWILIO_FIXTURE_URL } from './fixtures/twilio.ts';
import { publishFsboListing } from './listing-fixtures.ts';

/**
 * Text for info (issue 22; docs/decisions/044-text-for-info.md), as far as a browser can show it:
 * the seller finds their listing's 5-digit code and our number in the "Text for info" tab, the
 * public page says "Text {code} to (500) 555-0006 for details.", and the seller turns lead texts
 * on for their verified phone (the confirmation reaches the local Twilio stand-in). The webhook
 * itself (signatures, answers, stop words, quiet hours) is proved by the API tests.
 */

/** The texts the local Twilio stand-in took for `to`. */
async function textsTo(page: Page, to: string): Promise<string[]> {
  const res = await page.request.get(
    `${TWILIO_FIXTURE_URL}/__fixture/messages?to=${encodeURIComponent(to)}`,
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as Array<{ body: string }>).map((m) => m.body);
}

test('a seller finds the listing’s text code and turns lead texts on', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, 'text-info');
  const number = 1000 + Math.floor(Math.random() * 8000);
  const zip = String(40_000 + Math.floor(Math.random() * 9_999));
  const street = `${number} Text Info Ln`;
  const { property } = await publishFsboListing(page, { street, zip, lat: 39.79, lng: -89.64 });

  // The tab is there and, without a verified phone, says where to verify one.
  await page.goto(`/dashboard/listing/texts?property=${property}`);
  const tabs = page.getByRole('navigation', { name: 'Listing tools' });
  await expect(tabs.getByRole('link', { name: 'Text for info' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const panel = page.getByRole('region', { name: 'Text for info' });
  const codeLine = panel.getByText("Your listing's code:");
  await expect(codeLine).toBeVisible();
  const code = (await codeLine.locator('strong').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[1-9]\d{4}$/);
  await expect(panel.getByText(`A buyer texts ${code} to (500) 555-0006`)).toBeVisible();
  await expect(panel.getByText('No buyer has texted your code yet.')).toBeVisible();
  await expect(
    panel.getByText('To get leads by text, first verify your mobile number in Account Settings.'),
  ).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);

  // The public page shows the same code and our number.
  const listing = (await (
    await page.request.get(`/api/dashboard/listing?property=${property}`)
  ).json()) as { listing: { slug: string } };
  await page.goto(`/listings/${listing.listing.slug}`);
  const aside = page.getByRole('region', { name: 'Text for info' });
  await expect(aside).toContainText(`Text ${code} to (500) 555-0006 for details.`);
  await expect(aside.getByRole('link', { name: '(500) 555-0006' })).toHaveAttribute(
    'href',
    `sms:+15005550006?body=${code}`,
  );

  // Verify a phone in Account Settings (the code read back from the stand-in).
  const digits = String(6000 + Math.floor(Math.random() * 3000));
  const phone = `+1202555${digits}`;
  await page.goto('/dashboard/account');
  const section = page.getByRole('region', { name: 'Mobile phone' });
  await section.getByLabel('Mobile number').fill(`202-555-${digits}`);
  await section.getByRole('button', { name: 'Text me a code' }).click();
  await expect(section.getByText('We texted a 6-digit code to')).toBeVisible();
  const sent = (await textsTo(page, phone)).at(-1) ?? '';
  const verification = /\b(\d{6})\b/.exec(sent)?.[1] ?? '';
  await section.getByLabel('Code from the text').fill(verification);
  await section.getByRole('button', { name: 'Verify number' }).click();
  await expect(section.getByText(`Verified number: ${phone}`)).toBeVisible();

  // Back in the tab: turn lead texts on, with the consent in words.
  await page.goto(`/dashboard/listing/texts?property=${property}`);
  const leadTexts = panel.getByRole('region', { name: 'Get leads by text' });
  const dialed = `(202) 555-${digits}`;
  await expect(
    leadTexts.getByText(`By turning this on you agree that we text ${dialed}`),
  ).toBeVisible();
  await leadTexts.getByRole('button', { name: `Text leads to ${dialed}` }).click();
  await expect(leadTexts.getByRole('status')).toHaveText('Lead texts are on.');
  await expect(
    leadTexts.getByText(`On: we text ${dialed} when a buyer texts your code`),
  ).toBeVisible();
  // The confirmation goes now, or waits until 8 am in Illinois (quiet hours).
  const hour = Number(
    new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      hourCycle: 'h23',
      timeZone: 'America/Chicago',
    }).format(new Date()),
  );
  if (hour >= 8 && hour < 21) {
    await expect
      .poll(async () => (await textsTo(page, phone)).some((b) => b.includes(street)))
      .toBe(true);
  }

  // And off again.
  await leadTexts.getByRole('button', { name: 'Stop lead texts' }).click();
  await expect(leadTexts.getByRole('status')).toHaveText('Lead texts are off.');
  await expect(leadTexts.getByRole('button', { name: `Text leads to ${dialed}` })).toBeVisible();
});
