import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signUp } from './dashboard-fixtures.ts';
import { decodeQuotedPrintable, waitForMail } from './fixtures/public-mail.ts';
import { expect, test } from './fixtures/test.ts';
import { publishFsboListing } from './listing-fixtures.ts';

/**
 * Issue 22, "Showing management": a visitor asks to see a published FSBO listing from its page,
 * the seller confirms it in the dashboard's Showings tab, and the visitor's mail carries the
 * calendar invitation (.ics). The seller's own mailed link, used after the dashboard answered,
 * offers nothing more.
 */

/** The home's day `days` from now (the fixtures' homes are in Illinois). */
const dayInChicago = (days: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));

/** The text/calendar part of a raw message, decoded. */
function calendarOf(raw: string): string {
  const part =
    /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n(?:\r?\n|--)/.exec(
      raw,
    );
  if (!part?.[1]) throw new Error('No calendar part in the mail');
  return Buffer.from(part[1].replace(/\s+/g, ''), 'base64')
    .toString('utf8')
    .replace(/\r\n[ \t]/g, '');
}

async function accessible(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  expect(violations).toEqual([]);
}

test('a visitor requests a showing, the seller confirms it in the dashboard, and the visitor gets the invitation', async ({
  page,
  browser,
  allowConsole,
}) => {
  test.setTimeout(180_000);
  // The form's first, empty try is answered 422 on purpose; Chromium logs the status.
  allowConsole(/status of 422/);
  const sellerEmail = await signUp(page, 'showings-seller');
  const number = 1000 + Math.floor(Math.random() * 8000);
  const street = `${number} Showing Way`;
  const zip = String(60_000 + Math.floor(Math.random() * 2_999));
  const { property, slug } = await publishFsboListing(page, {
    street,
    zip,
    lat: 39.79,
    lng: -89.64,
  });

  // A visitor on the listing page asks for a time, after fixing what the form said was missing.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/listings/${slug}`);
  await visitor.getByRole('button', { name: 'Request a showing' }).click();
  const form = visitor.getByRole('region', { name: 'Request a showing' });
  await expect(form.getByLabel('Day')).toBeVisible();
  await accessible(visitor, '.listing-showing');
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(form.getByRole('alert')).toContainText('Please correct the fields marked below.');
  await expect(form.getByLabel('Your name')).toBeFocused();
  await expect(form.getByLabel('Your name')).toHaveAccessibleDescription('Enter your name.');

  const visitorEmail = `showing.visitor.${Date.now()}@e2e.example.com`;
  const day = dayInChicago(3);
  await form.getByLabel('Your name').fill('Casey Visitor');
  await form.getByLabel('Your email').fill(visitorEmail);
  await form.getByLabel('Day').fill(day);
  await form.getByLabel('Start time').fill('10:30');
  await form.getByLabel('How long').selectOption('45');
  await form.getByLabel('Note to the seller (optional)').fill('Can we see the back yard too?');
  await form.getByRole('button', { name: 'Send my request' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'Your request was sent' })).toHaveText(
    `Your request was sent to the seller. We will email you at ${visitorEmail} when they answer.`,
  );

  // The seller's mail: a link to answer, and not the visitor's address.
  const request = decodeQuotedPrintable(
    await waitForMail(sellerEmail, 15_000, /a showing request/),
  );
  expect(request).toContain('Casey Visitor would like to see');
  expect(request).not.toContain(visitorEmail);
  const answerLink = /https?:\/\/[^\s"<>]+\/showings\/respond#token=[A-Za-z0-9_.%-]+/.exec(
    request,
  )?.[0];
  expect(answerLink).toBeTruthy();

  // The seller confirms in the dashboard's Showings tab.
  await page.goto(`/dashboard/listing/showings?property=${property}`);
  const card = page.getByRole('article', { name: /Requested by Casey Visitor/ });
  await expect(card).toContainText('45 minutes');
  await expect(card).toContainText('Can we see the back yard too?');
  await expect(card).toContainText('10:30 AM');
  await accessible(page, 'main');
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The showing is confirmed.' }),
  ).toBeVisible();
  await expect(card).toContainText('Confirmed');

  // The visitor's confirmation carries the invitation, in UTC, for 45 minutes.
  const confirmation = await waitForMail(visitorEmail, 15_000, /Showing confirmed/);
  const ics = calendarOf(confirmation);
  expect(ics).toContain('METHOD:PUBLISH');
  expect(ics).toMatch(/UID:showing-[A-Za-z0-9_-]+@localhost/);
  expect(ics).toContain(`SUMMARY:Showing of ${street}`);
  const start = /DTSTART:(\d{8}T\d{6}Z)/.exec(ics)?.[1];
  const end = /DTEND:(\d{8}T\d{6}Z)/.exec(ics)?.[1];
  const asDate = (s = '') =>
    new Date(
      `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`,
    );
  expect(asDate(end).getTime() - asDate(start).getTime()).toBe(45 * 60_000);
  expect(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hour: 'numeric',
      minute: '2-digit',
    }).format(asDate(start)),
  ).toBe('10:30 AM');

  // The seller's mailed link, now that the dashboard answered, shows where things stand only.
  await page.goto(answerLink as string);
  await expect(page.getByRole('heading', { name: 'A buyer asked to see your home' })).toBeVisible();
  await expect(page.getByText('This link has already been used')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  expect(page.url()).not.toContain('token=');
  await accessible(page, 'main');
});
