import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { signUp } from './dashboard-fixtures.ts';
import {
  decodeQuotedPrintable,
  INBOUND_SMTP_PORT,
  MAIL_REPLY_DOMAIN,
  waitForMail,
} from './fixtures/public-mail.ts';
import { expect, test } from './fixtures/test.ts';
import { publishFsboListing } from './listing-fixtures.ts';

async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);
}

/** The Reply-To address of a raw mail. */
function replyTo(raw: string): string {
  const match = /^Reply-To: (\S+)$/im.exec(raw);
  if (!match?.[1]) throw new Error('no Reply-To in the mail');
  return match[1].replace(/^<|>$/g, '');
}

/** A reply sent to the product's inbound listener, as the seller's mail server would. */
async function replyByMail(from: string, to: string, text: string) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: INBOUND_SMTP_PORT,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({ from, to, subject: 'Re: A question', text });
  } finally {
    transport.close();
  }
}

/**
 * Issue 22, "Inquiries and email forwarding": a visitor asks on a listing page; the seller gets
 * it by mail with a relay reply address and answers by replying; the buyer gets the answer from
 * us, not from the seller's address; the seller sees the thread in the dashboard and answers
 * there too.
 */
test('a visitor asks a question and the seller answers by mail and from the dashboard', async ({
  page,
  browser,
}) => {
  const run = `${Date.now()}`.slice(-6);
  const street = `${run} Asking Ave`;
  const seller = await signUp(page, 'questions');
  const { property, path } = await publishFsboListing(page, {
    street,
    zip: `6${run.slice(-4)}`,
  });
  const buyer = `buyer.${run}.${process.pid}@e2e.example.com`;

  // A visitor, signed out, asks on the listing page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(path);
  // Behind a button of its name (issue 47), which opens it and hands focus to the first field.
  const open = visitor.getByRole('button', { name: 'Ask a question' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await expect(visitor.getByRole('form', { name: 'Ask a question' })).toBeHidden();
  await open.click();
  const form = visitor.getByRole('form', { name: 'Ask a question' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Your name')).toBeFocused();
  await form.getByRole('button', { name: 'Send question' }).click();
  await expect(form.getByLabel('Your name')).toHaveAccessibleDescription(
    'Tell the seller your name.',
  );
  await form.getByLabel('Your name').fill('Pat Visitor');
  await form.getByLabel('Your email').fill(buyer);
  await form.getByLabel('Your question').fill('Does the sale include the washer and dryer?');
  await accessible(visitor);
  await form.getByRole('button', { name: 'Send question' }).click();
  await expect(form.getByRole('status')).toHaveText(/your question is on its way to the seller/);
  await expect(form.getByLabel('Your question')).toHaveValue('');
  await visitorContext.close();

  // The seller's mail: the question, no buyer address, a relay Reply-To.
  const toSeller = await waitForMail(seller, 10_000, /washer and dryer/);
  expect(decodeQuotedPrintable(toSeller)).not.toContain(buyer);
  const relay = replyTo(toSeller);
  expect(relay).toMatch(new RegExp(`^r\\+q\\d+\\.s\\.\\d+\\.[0-9a-f]{20}@${MAIL_REPLY_DOMAIN}$`));

  // The seller replies by mail; the buyer gets the answer from us.
  await replyByMail(
    seller,
    relay,
    'Yes, both stay with the house.\n\n> Does the sale include the washer and dryer?',
  );
  const toBuyer = await waitForMail(buyer, 10_000, /both stay with the house/);
  expect(decodeQuotedPrintable(toBuyer)).not.toContain(seller);
  expect(replyTo(toBuyer)).toMatch(/^r\+q\d+\.b\./);

  // In the dashboard: the question, marked new, with the mailed answer in its thread.
  await page.goto(`/dashboard/listing?property=${property}`);
  await expect(page).toHaveURL(/\/dashboard\/listing\/questions\?property=/);
  const tabs = page.getByRole('navigation', { name: 'Listing tools' });
  await expect(tabs.getByRole('link', { name: 'Questions' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const list = page.getByRole('list', { name: 'Questions from buyers' });
  await expect(list.getByText('Pat Visitor')).toBeVisible();
  await accessible(page);
  await list.getByRole('link', { name: /Pat Visitor/ }).click();
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByRole('listitem').nth(1)).toContainText('by email');
  await expect(thread).not.toContainText(buyer);
  await page.getByLabel('Your answer').fill('You are welcome to come and see them on Sunday.');
  await accessible(page);
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText('Sent. The buyer gets your answer by email.')).toBeVisible();
  await expect(thread.getByRole('listitem')).toHaveCount(3);
  await waitForMail(buyer, 10_000, /come and see them on Sunday/);
});
