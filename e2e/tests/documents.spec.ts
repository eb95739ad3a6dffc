import { addProperty, ownerPage, signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 23 "Documents": a customer uploads a disclosure, staff send it back with a reason, the
 * customer sees why and sends a new file, staff approve it.
 */

test.describe.configure({ timeout: 120_000 });

const PDF = (text: string) => ({
  name: 'disclosure.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${text}\ntrailer <<>>\n%%EOF\n`, 'latin1'),
});

test('a customer uploads a disclosure; staff send it back with a reason; the customer resubmits and staff approve', async ({
  page,
  browser,
  allowConsole,
}) => {
  // The renamed program is refused with a 422 on purpose.
  allowConsole(/status of 422/);
  const tag = Date.now().toString(36);
  const street = `${tag} Disclosure Ln`;
  await signUp(page, 'docs');
  const property = await addProperty(page, { street });
  await page.goto(`/dashboard?property=${property}`);
  await page.getByRole('link', { name: 'Documents', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();

  // No listing says when it was built: the page asks, and 1950 brings the lead paint disclosure.
  await page.getByLabel('Year built').fill('1950');
  await page.getByRole('button', { name: 'Save the year' }).click();
  await expect(page.getByRole('heading', { name: /Lead-based paint disclosure/ })).toBeVisible();
  await expect(page.getByText('4 documents are still missing')).toBeVisible();

  const disclosure = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: /Seller's property disclosure/ }),
  });
  // A program renamed .pdf is refused by its bytes, in words.
  await disclosure.getByLabel(/File for the Seller's property disclosure/).setInputFiles({
    name: 'disclosure.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00 not a pdf', 'latin1'),
  });
  await disclosure.getByRole('button', { name: 'Upload' }).click();
  await expect(disclosure.getByRole('alert')).toContainText('not a PDF, JPEG or PNG');

  await disclosure
    .getByLabel(/File for the Seller's property disclosure/)
    .setInputFiles(PDF('one'));
  await disclosure.getByRole('button', { name: 'Upload' }).click();
  await expect(disclosure.getByText('Waiting for review')).toBeVisible();

  const staff = await ownerPage(browser);
  await staff.goto(`/admin/documents?search=${encodeURIComponent(street)}`);
  await staff
    .getByRole('button', { name: `Send back: Seller's property disclosure, ${street}` })
    .click();
  const form = staff.getByRole('form', { name: /Send back: Seller's property disclosure/ });
  await form.getByLabel('Reason').selectOption({ label: 'A signature or initials are missing.' });
  await form.getByLabel('Note (optional)').fill('Page 2 needs the second owner’s initials.');
  await form.getByRole('button', { name: 'Send back' }).click();
  await expect(staff.getByText('No document in this state.')).toBeVisible();

  await page.reload();
  await expect(disclosure.getByText('Sent back', { exact: true })).toBeVisible();
  await expect(disclosure).toContainText('A signature or initials are missing.');
  await expect(disclosure).toContainText('Page 2 needs the second owner’s initials.');
  await disclosure
    .getByLabel(/New file for the Seller's property disclosure/)
    .setInputFiles(PDF('two'));
  await disclosure.getByRole('button', { name: 'Send the new file' }).click();
  await expect(disclosure.getByText('Waiting for review')).toBeVisible();
  await expect(disclosure).toContainText('file 2');

  await staff.reload();
  await staff
    .getByRole('button', { name: `Approve: Seller's property disclosure, ${street}` })
    .click();
  await expect(staff.getByText('No document in this state.')).toBeVisible();

  await page.reload();
  await expect(disclosure.getByText('Approved', { exact: true })).toBeVisible();
  await expect(disclosure.getByRole('button', { name: /Upload|Send the new file/ })).toHaveCount(0);
  await expect(page.getByText('3 documents are still missing')).toBeVisible();
});
