import AxeBuilder from '@axe-core/playwright';
import { ownerPage, signUp, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Admin → Valuation disclaimers (docs/decisions/062): staff set the disclaimer a state's
 * valuation reports carry after the fixed sentence, are told in words why a wording is refused
 * without losing it, and put the state back to our default wording.
 */
test.describe.configure({ timeout: 60_000 });

const MONTANA = 'Montana homeowners: this figure is a computer estimate, not an appraisal.';

test('staff set a state’s disclaimer, see a refusal in words without losing the text, and clear it', async ({
  page,
  browser,
}) => {
  // Montana, where no other test sets a disclaimer.
  const staff = await ownerPage(browser);
  await staff.goto('/admin');
  await staff
    .getByRole('navigation', { name: 'Staff pages' })
    .getByRole('link', { name: 'Valuation disclaimers' })
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Valuation disclaimers' })).toBeVisible(
    { timeout: 15_000 },
  );
  await expect(
    staff.getByText(
      'Automated estimate; not prepared by a licensed appraiser; not for lending decisions.',
    ),
  ).toBeVisible();
  const axe = await new AxeBuilder({ page: staff }).include('main').analyze();
  expect(axe.violations).toEqual([]);

  const row = staff.getByRole('row', { name: /^Montana MT/ });
  await expect(row).toContainText('Our default wording');
  await row.getByRole('button', { name: 'Edit Montana' }).click();
  let dialog = staff.getByRole('dialog', { name: 'Disclaimer for Montana' });
  let field = dialog.getByRole('textbox', { name: 'Disclaimer for Montana' });
  await field.fill('This is not the market value of the home.');
  await dialog.getByRole('button', { name: 'Save disclaimer' }).click();
  await expect(dialog.getByText(/Reports must never use the words/)).toBeVisible();
  await expect(field).toHaveValue('This is not the market value of the home.');

  // Closed by Escape, the words typed are kept for the next time.
  await staff.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Unsaved changes');
  await row.getByRole('button', { name: 'Edit Montana' }).click();
  dialog = staff.getByRole('dialog', { name: 'Disclaimer for Montana' });
  field = dialog.getByRole('textbox', { name: 'Disclaimer for Montana' });
  await expect(field).toHaveValue('This is not the market value of the home.');
  await expect(dialog.getByText('Your unsaved wording is back in the field.')).toBeVisible();

  await field.fill(MONTANA);
  await dialog.getByRole('button', { name: 'Save disclaimer' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(
    'Saved the disclaimer for Montana.',
  );
  await expect(row).toContainText(MONTANA);
  await expect(row).toContainText(/ by /);

  // A customer cannot read or set them.
  await signUp(page, 'disclaimers');
  const read = await page.request.get('/api/admin/valuation-disclaimers');
  expect(read.status()).toBe(403);
  const write = await page.request.put('/api/admin/valuation-disclaimers/MT', {
    headers: xhr(),
    data: { text: 'Not allowed.' },
  });
  expect(write.status()).toBe(403);

  // Back to our default wording.
  await row.getByRole('button', { name: 'Edit Montana' }).click();
  dialog = staff.getByRole('dialog', { name: 'Disclaimer for Montana' });
  await dialog.getByRole('button', { name: 'Use our default wording' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('status').filter({ hasText: 'default' })).toHaveText(
    'Montana now uses our default wording.',
  );
  await expect(row).toContainText('Our default wording');
});
