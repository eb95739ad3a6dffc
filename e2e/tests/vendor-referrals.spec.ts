import { ownerPage, signUp, userHash, xhr } from './dashboard-fixtures.ts';
import { newEmail, PASSWORD } from './fixtures/constants.ts';
import { decodeQuotedPrintable, waitForMail } from './fixtures/public-mail.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 24 (decision 051): a referrer refers someone by email; the person signs up through the
 * mailed link and accepts; the referrer sees them signed up.
 */

test.describe.configure({ timeout: 90_000 });

async function referralLink(email: string): Promise<string> {
  const link = /https?:\/\/[^\s"<>]+\/dashboard\/referral#token=[\w-]+/;
  const match = link.exec(decodeQuotedPrintable(await waitForMail(email, 10_000, link)));
  if (!match) throw new Error('No referral link in the mail');
  return match[0];
}

test('a referrer invites someone, who signs up through the mailed link and shows as signed up', async ({
  page,
  browser,
}) => {
  const referrerEmail = await signUp(page, 'referrer');
  const hash = await userHash(page);
  const owner = await ownerPage(browser);
  const given = await owner.request.put(`/api/admin/users/${hash}/vendor-kinds`, {
    headers: xhr(),
    data: { kinds: ['referrer'] },
  });
  expect(given.status()).toBe(200);

  await page.goto('/vendor');
  await page.getByRole('link', { name: 'Your referrals' }).click();
  await expect(page).toHaveURL(/\/vendor\/referrals$/);
  await expect(page.getByRole('heading', { name: 'Your referrals', level: 1 })).toBeVisible();

  const inviteeEmail = newEmail('referred');
  const form = page.getByRole('form', { name: 'Refer a customer' });
  await form.getByLabel('Name').fill('Robin Referred');
  await form.getByLabel('Email').fill(inviteeEmail);
  await form.getByLabel('Note (optional)').fill('They listed my house for a flat fee.');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText(`Invitation sent to ${inviteeEmail}.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(inviteeEmail) });
  await expect(row).toContainText('Invitation sent');

  // The invitee opens the link signed out, creates an account, and comes back to accept.
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(await referralLink(inviteeEmail));
  await expect(invitee.getByRole('heading', { name: /You were referred to/ })).toBeVisible();
  await invitee.getByRole('link', { name: 'Create an account' }).click();
  await invitee.getByRole('main').getByLabel('Email', { exact: true }).fill(inviteeEmail);
  await invitee.getByRole('main').getByLabel('Password', { exact: true }).fill(PASSWORD);
  await invitee.getByRole('main').getByRole('button', { name: 'Create account' }).click();
  await expect(invitee).toHaveURL(/\/dashboard\/referral$/);
  await invitee.getByRole('button', { name: 'Accept referral' }).click();
  await expect(invitee.getByText(/Referral accepted\./)).toBeVisible();
  await invitee.context().close();

  // The referrer sees them signed up, step by step.
  await page.reload();
  await expect(row).toContainText('Signed up');
  await expect(row.getByRole('list', { name: 'Progress of Robin Referred' })).toContainText(
    'Property added: not yet',
  );

  // Staff record the referral's fee (decision 035); the referrer sees it pending, to the cent,
  // beside the license rule and the licenses on file (none).
  const recorded = await owner.request.post('/api/admin/referrals', {
    headers: xhr(),
    data: { referrerEmail, customerEmail: inviteeEmail, property: null, feeCents: 25_050 },
  });
  expect(recorded.status()).toBe(201);
  await owner.context().close();
  await page.getByRole('link', { name: 'Referral fees' }).click();
  await expect(page.getByRole('heading', { name: 'Referral fees', level: 1 })).toBeVisible();
  await expect(page.getByText(/paid only while you have a real estate license/)).toBeVisible();
  await expect(
    page.getByText('No license on file, so no referral fee can be paid to you yet.'),
  ).toBeVisible();
  const totals = page.getByRole('definition').first();
  await expect(totals).toHaveText('$250.50');
  const fee = page.getByRole('row', { name: new RegExp(inviteeEmail) });
  await expect(fee).toContainText('$250.50');
  await expect(fee).toContainText('Pending');
});
