import { signUp } from './dashboard-fixtures.ts';
import { decodeQuotedPrintable, waitForMail } from './fixtures/public-mail.ts';
import { expect, test } from './fixtures/test.ts';
import { publishFsboListing } from './listing-fixtures.ts';

/** The home's day `days` from now (the fixtures' homes are in Illinois). */
const dayInChicago = (days: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));

/**
 * Issue 22 end to end: a visitor asks a question and requests a showing on a published listing;
 * the seller answers the question and confirms the showing in the dashboard; the visitor gets
 * both by mail; the listing's analytics count the view, the question and the request.
 */
test('a visitor asks and requests a showing; the seller answers and confirms; analytics count them', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page, 'buyer-leads');
  const run = `${Date.now()}`.slice(-5);
  const street = `${run} Lead Flow Ct`;
  const { property, path } = await publishFsboListing(page, { street, zip: `6${run.slice(-4)}` });
  const visitorEmail = `lead.visitor.${run}.${process.pid}@e2e.example.com`;

  // The visitor, signed out: one view, a question, a showing request.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const viewed = visitor.waitForResponse(
    (r) => r.url().endsWith('/views') && r.request().method() === 'POST',
  );
  await visitor.goto(path);
  expect((await viewed).status()).toBe(204);
  // Each form sits behind a button of its name (issue 47).
  await visitor.getByRole('button', { name: 'Ask a question' }).click();
  const ask = visitor.getByRole('form', { name: 'Ask a question' });
  await ask.getByLabel('Your name').fill('Jordan Visitor');
  await ask.getByLabel('Your email').fill(visitorEmail);
  await ask.getByLabel('Your question').fill('Is the basement dry in spring?');
  await ask.getByRole('button', { name: 'Send question' }).click();
  await expect(ask.getByRole('status')).toHaveText(/on its way to the seller/);
  await visitor.getByRole('button', { name: 'Request a showing' }).click();
  const showing = visitor.getByRole('region', { name: 'Request a showing' });
  await showing.getByLabel('Your name').fill('Jordan Visitor');
  await showing.getByLabel('Your email').fill(visitorEmail);
  await showing.getByLabel('Day').fill(dayInChicago(4));
  await showing.getByLabel('Start time').fill('11:00');
  await showing.getByRole('button', { name: 'Send my request' }).click();
  await expect(
    visitor.getByRole('status').filter({ hasText: 'Your request was sent' }),
  ).toBeVisible();
  await visitorContext.close();

  // The seller answers the question…
  await page.goto(`/dashboard/listing/questions?property=${property}`);
  await page
    .getByRole('list', { name: 'Questions from buyers' })
    .getByRole('link', { name: /Jordan Visitor/ })
    .click();
  await page.getByLabel('Your answer').fill('Yes, it has a sump pump and has stayed dry.');
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText('Sent. The buyer gets your answer by email.')).toBeVisible();

  // …and confirms the showing.
  const tabs = page.getByRole('navigation', { name: 'Listing tools' });
  await tabs.getByRole('link', { name: 'Showings' }).click();
  const card = page.getByRole('article', { name: /Requested by Jordan Visitor/ });
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card).toContainText('Confirmed');

  // The visitor has both by mail, from us.
  const answer = decodeQuotedPrintable(
    await waitForMail(visitorEmail, 15_000, /sump pump and has stayed dry/),
  );
  expect(answer).toContain('The seller of');
  await waitForMail(visitorEmail, 15_000, /Showing confirmed/);

  // Analytics: one view, one question, one showing request today.
  await tabs.getByRole('link', { name: 'Analytics' }).click();
  const table = page.getByRole('table', { name: /Visits and leads by day/ });
  await expect(table.locator('tfoot td')).toHaveText(['1', '1', '0', '1', '1', '0']);
});
