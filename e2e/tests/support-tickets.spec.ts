import { addProperty, ownerPage, signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/** Issue 23: a ticket opened from the account menu, answered by staff, seen by the customer. */

test.describe.configure({ timeout: 90_000 });

test('a customer opens a support ticket from the account menu; staff take it and answer; the customer sees the answer', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const subject = `Lockbox code ${tag}`;
  await signUp(page, 'ticket');
  await addProperty(page, { street: `${tag} Support Ave` });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('link', { name: 'Open Support Ticket' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Open a support ticket' });
  await form.getByRole('button', { name: 'Send to support' }).click();
  await expect(form.getByText('Say in a few words what it is about.')).toBeVisible();
  await form.getByLabel('Subject').fill(subject);
  await form
    .getByLabel('About a property (optional)')
    .selectOption({ label: `${tag} Support Ave` });
  await form.getByLabel('Your message').fill('The lockbox code does not open the box.');
  await form.getByRole('button', { name: 'Send to support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('we have your ticket')).toBeVisible();
  const ticketUrl = page.url();

  const owner = await ownerPage(browser);
  await owner.goto('/admin/support?assigned=nobody');
  await owner.getByRole('link', { name: subject }).click();
  await owner.getByRole('button', { name: 'Take it' }).click();
  await expect(owner.getByText('Handled by you.')).toBeVisible();
  await owner.getByLabel('Answer', { exact: true }).fill('We reset the code; try 2468.');
  await owner.getByRole('button', { name: 'Send answer' }).click();
  await expect(owner.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(2);

  await page.goto(ticketUrl);
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread).toContainText('We reset the code; try 2468.');
  await expect(page.getByText('Waiting on you')).toBeVisible();
  await page.getByLabel('Reply', { exact: true }).fill('It works, thank you.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(thread.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText(/^Open/)).toBeVisible();
});
