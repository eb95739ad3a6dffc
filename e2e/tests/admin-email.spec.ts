import AxeBuilder from '@axe-core/playwright';
import { ownerPage, signUp } from './dashboard-fixtures.ts';
import { RESET_LINK, waitForLink } from './fixtures/account-mail.ts';
import { expect, test } from './fixtures/test.ts';

/** Issue 20, Email management (docs/decisions/026-email-management.md). */

test.describe.configure({ timeout: 90_000 });

test('an owner previews a template and finds the reset mail a visitor asked for in the outbox', async ({
  page,
  browser,
  allowConsole,
}) => {
  // A customer forgets their password and asks for a link on the public page.
  const email = await signUp(page, 'outbox');
  await page.context().clearCookies();
  await page.goto('/password/email');
  await page.waitForFunction(() => !document.querySelector('main astro-island[ssr]'));
  const main = page.locator('main');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(main.getByText('Check your inbox')).toBeVisible();
  await waitForLink(email, RESET_LINK);

  const owner = await ownerPage(browser);
  await owner.goto('/admin');
  await owner
    .getByRole('navigation', { name: 'Staff pages' })
    .getByRole('link', { name: 'Email', exact: true })
    .click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Email management' })).toBeVisible();

  // The template, rendered by the server on sample values, in a sandboxed frame.
  await owner
    .getByLabel('Template', { exact: true })
    .selectOption({ label: 'Reset your password' });
  await expect(owner).toHaveURL(/template=password-reset-link/);
  await expect(owner.getByText('Subject: Reset your Lantern password')).toBeVisible();
  const frame = owner.frameLocator('iframe[title^="HTML version of “Reset your password”"]');
  await expect(frame.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute(
    'href',
    /\/password\/reset#token=sample-token$/,
  );
  await expect(owner.getByRole('main').locator('pre')).toContainText('#token=sample-token');
  // A link in the preview goes nowhere: it asks for a new window, which the sandbox refuses.
  allowConsole(
    /^Blocked opening '.*' in a new window because the request was made in a sandboxed frame/,
  );
  await frame.getByRole('link', { name: 'Choose a new password' }).click();
  await expect(frame.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(owner.locator('iframe.adm-mail-preview__frame')).toHaveAttribute('sandbox', '');

  // The outbox has the real mail, sent, with its address and subject and nothing more.
  await owner.getByLabel('Search by address or subject').fill(email);
  await owner.getByRole('button', { name: 'Search', exact: true }).click();
  const outbox = owner.getByRole('table', { name: 'Outbox' });
  const row = outbox.getByRole('row').filter({ hasText: 'Reset your Lantern password' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(email);
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await expect(outbox).not.toContainText('#token=');
  await owner.getByLabel('State', { exact: true }).selectOption({ label: 'Failed' });
  await expect(owner.getByText('No mail matches.')).toBeVisible();
  await owner.getByLabel('State', { exact: true }).selectOption({ label: 'Sent' });
  await expect(row).toHaveCount(1);
  expect(owner.context().pages()).toHaveLength(1);

  // The page around the preview; axe cannot run inside a frame whose sandbox forbids scripts,
  // and the mail inside is a mail, not one of our pages.
  const { violations } = await new AxeBuilder({ page: owner })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('iframe.adm-mail-preview__frame')
    .analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  await owner.context().close();
});
