import { addProperty, ownerPage, signUp, userHash } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/** Issue 23: a referral from recorded to paid, refused until the referrer's license is on file. */

test.describe.configure({ timeout: 90_000 });

test('staff record a referral, mark it earned, and pay it once the referrer’s license is on file', async ({
  page,
  browser,
  allowConsole,
}) => {
  // The first payment is refused (409) on purpose; Chromium logs every error answer.
  allowConsole(/status of 409/);
  const tag = Date.now().toString(36);
  const street = `${tag} Referral Ln`;
  const customerEmail = await signUp(page, 'referred');
  await addProperty(page, {
    street,
    state: 'TX',
    county: 'Travis County',
    city: 'Austin',
    zip: '78701',
  });
  const referrerContext = await browser.newContext();
  const referrerPage = await referrerContext.newPage();
  const referrerEmail = await signUp(referrerPage, 'referrer');
  const referrerHash = await userHash(referrerPage);
  await referrerContext.close();

  const owner = await ownerPage(browser);
  // The referrer is given the Referrer vendor kind on their page.
  await owner.goto(`/admin/users/${referrerHash}`);
  await owner.getByRole('checkbox', { name: 'Referrer' }).check();
  await owner.getByRole('button', { name: 'Save vendor kinds' }).click();
  await expect(owner.getByText('Vendor kinds saved.')).toBeVisible();

  await owner.goto('/admin/referrals');
  await owner.getByText('Record a referral').click();
  const form = owner.getByRole('form', { name: 'Record a referral' });
  await form.getByLabel('Referred by (email)').fill(referrerEmail);
  await form.getByLabel('Customer (email)').fill(customerEmail);
  await form.getByLabel('Find a property').fill(street);
  await expect(form.getByRole('combobox', { name: 'Property' })).toContainText(street);
  await form.getByLabel('Fee (US dollars)').fill('$250.50');
  await form.getByRole('button', { name: 'Record referral' }).click();
  await expect(
    form.getByText(`Recorded: ${referrerEmail} referred ${customerEmail}.`),
  ).toBeVisible();

  await owner.getByLabel('Search by referrer, customer or street').fill(customerEmail);
  await owner.getByRole('button', { name: 'Search', exact: true }).click();
  const row = owner.getByRole('row', { name: new RegExp(customerEmail) });
  await expect(row).toContainText('$250.50');
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Mark earned ${customerEmail}` }).click();
  await expect(row).toContainText('Earned — no license on file');

  // Without a Texas license the payment is refused, in words.
  await row.getByRole('button', { name: `Mark paid ${customerEmail}` }).click();
  const pay = owner.getByRole('dialog');
  await pay.getByLabel('Check number or transfer reference').fill('Check 2001');
  await pay.getByRole('button', { name: 'Mark paid' }).click();
  await expect(pay.getByText(/no real estate license on file for TX/).first()).toBeVisible();
  await owner.keyboard.press('Escape');

  // A license is put on file on the referrer's page; then the fee is paid.
  await owner.goto(`/admin/users/${referrerHash}`);
  const licenses = owner.getByRole('region', { name: 'Real estate licenses' });
  await licenses.getByLabel('State').selectOption({ label: 'Texas' });
  await licenses.getByLabel('License number').fill('TX-778899');
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await licenses.getByLabel('Valid through').fill(nextYear);
  await licenses.getByRole('button', { name: 'Save license' }).click();
  await expect(licenses.getByText(/TX TX-778899 — valid through/)).toBeVisible();

  await owner.goto(`/admin/referrals?search=${encodeURIComponent(customerEmail)}`);
  await owner.getByRole('button', { name: `Mark paid ${customerEmail}` }).click();
  await owner
    .getByRole('dialog')
    .getByLabel('Check number or transfer reference')
    .fill('Check 2001');
  await owner.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
  await expect(owner.getByRole('dialog')).toBeHidden();
  await expect(owner.getByRole('row', { name: new RegExp(customerEmail) })).toContainText(
    '(Check 2001)',
  );
});
