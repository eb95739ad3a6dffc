import AxeBuilder from '@axe-core/playwright';
import { ownerPage, staffNavLink } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Admin → Trust and notices (issue 45; docs/decisions/080): staff add a Texas notice and the
 * footer of the home page lists it under Texas at once; removed, it is gone. The notice is
 * removed at the end, so the footer other specs look at is as they expect.
 */
test.describe.configure({ timeout: 60_000 });

const LABEL = 'Information About Brokerage Services';

test('staff add a Texas notice; the home page footer shows it, then no longer', async ({
  browser,
  allowConsole,
}) => {
  allowConsole(/status of 422/);
  const staff = await ownerPage(browser);
  await staff.goto('/admin');
  await (await staffNavLink(staff, 'Trust and notices')).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Trust and notices' })).toBeVisible({
    timeout: 15_000,
  });
  const axe = await new AxeBuilder({ page: staff }).include('main').analyze();
  expect(axe.violations).toEqual([]);

  await staff.getByRole('button', { name: 'Add a state notice' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Add a state notice' });
  await dialog.getByRole('combobox', { name: 'State' }).selectOption('TX');
  await dialog.getByRole('textbox', { name: 'Link words' }).fill(LABEL);
  const address = dialog.getByRole('textbox', { name: 'Address' });
  await address.fill('http://example.org/iabs.pdf');
  await dialog.getByRole('button', { name: 'Add notice' }).click();
  // Refused in words, the address kept as typed.
  await expect(dialog.getByText(/Enter the address of the notice/)).toBeVisible();
  await expect(address).toHaveValue('http://example.org/iabs.pdf');
  await address.fill('https://example.org/iabs.pdf');
  await dialog.getByRole('button', { name: 'Add notice' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('status').filter({ hasText: 'Saved' })).toContainText(
    `Saved Texas: ${LABEL}.`,
  );

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const notices = visitor.getByRole('contentinfo').getByRole('list', { name: 'State notices' });
  await expect(notices).toContainText(`Texas: ${LABEL}`);
  await expect(notices.getByRole('link', { name: LABEL })).toHaveAttribute(
    'href',
    'https://example.org/iabs.pdf',
  );

  staff.once('dialog', (d) => void d.accept());
  await staff.getByRole('button', { name: `Remove ${LABEL}` }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Removed' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('contentinfo')).not.toContainText(LABEL);
});
