import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { addProperty, ownerPage, signUp, xhr } from './dashboard-fixtures.ts';
import { ADMIN, VENDOR } from './fixtures/constants.ts';

/** Issue 15: staff roles, the one data table, the activity log and background jobs, in a browser. */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const staffNav = (page: Page) => page.getByRole('navigation', { name: 'Staff pages' });

/** Open a person's page from the People table, with the keyboard. */
async function openPerson(page: Page, email: string) {
  await page.goto('/admin/users');
  await page.getByLabel('Search by email or name').fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('link', { name: email, exact: true })).toBeVisible();
  const manage = page.getByRole('link', { name: `Manage ${email}` });
  await manage.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible();
}

test('an owner makes a role and gives it to someone, who then sees only what it allows', async ({
  page,
  browser,
}) => {
  const staff = await ownerPage(browser);
  await staff.goto('/admin');
  await expect(staff.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(staff.getByText('New accounts')).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Needs a person' })).toBeVisible();
  for (const link of ['People', 'Roles', 'Activity log', 'Background jobs', 'Customer messages'])
    await expect(staffNav(staff).getByRole('link', { name: link })).toBeVisible();

  const roleName = `Night desk ${unique()}`;
  await staffNav(staff).getByRole('link', { name: 'Roles' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await staff.getByRole('button', { name: 'New role' }).click();
  const dialog = staff.getByRole('dialog', { name: 'New role' });
  await dialog.getByLabel('Name').fill(roleName);
  await dialog.getByLabel('See background jobs').check();
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('button', { name: `Edit ${roleName}` })).toBeVisible();

  const email = await signUp(page, 'nightdesk');
  await openPerson(staff, email);
  const personUrl = staff.url();
  await staff.getByLabel('Role', { exact: true }).selectOption({ label: roleName });
  await staff.getByRole('button', { name: 'Save role' }).click();
  await expect(staff.getByText('Role saved.')).toBeVisible();

  // The person now has the Admin area, with the one page their role opens.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(staffNav(page).getByRole('link', { name: 'Background jobs' })).toBeVisible();
  await expect(staffNav(page).getByRole('link', { name: 'People' })).toHaveCount(0);
  await expect(page.getByText('Background jobs that failed')).toBeVisible();
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Not part of your role' })).toBeVisible();

  // The change is in the activity log, with before and after.
  const hash = new URL(personUrl).pathname.split('/').pop() ?? '';
  await staff.goto('/admin/activity');
  await staff.getByLabel('Search by email, action, address or IP').fill(hash);
  await staff.getByRole('button', { name: 'Search', exact: true }).click();
  const row = staff.getByRole('row').filter({ hasText: 'user.role' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Details/ }).click();
  const details = staff.getByRole('dialog', { name: 'user.role' });
  await expect(details.getByText(ADMIN.email)).toBeVisible();
  await expect(details.getByText(/"role": null/)).toBeVisible();
  await staff.context().close();
});

test('staff see a job that failed and run it again', async ({ browser }) => {
  const staff = await ownerPage(browser);
  const res = await staff.request.post('/api/admin/test-fixtures/failed-job', { headers: xhr() });
  expect(res.status()).toBe(200);
  const { id } = (await res.json()) as { id: number };
  await staff.goto('/admin');
  await staff.getByRole('link', { name: 'Background jobs that failed' }).click();
  await expect(staff).toHaveURL(/\/admin\/jobs\?status=failed$/);
  const row = staff.getByRole('row').filter({ hasText: `#${id} ·` });
  await expect(row).toContainText('Failed');
  await expect(row).toContainText('Simulated outage (test fixture)');
  await row.getByRole('button', { name: /^Retry/ }).click();
  await expect(staff.getByText('The job will run again in a moment.')).toBeVisible();
  await staff.getByLabel('Status').selectOption('done');
  await expect(async () => {
    await staff.reload();
    await expect(staff.getByRole('row').filter({ hasText: `#${id} ·` })).toContainText('Done', {
      timeout: 1000,
    });
  }).toPass();
  await staff.context().close();
});

test('a vendor sees the property staff assigned to them, and nothing else', async ({
  page,
  browser,
}) => {
  const street = `${unique()} Assignment Ave`;
  await signUp(page, 'seller');
  await addProperty(page, { street });

  const vendorEmail = await signUp(page, 'fieldvendor');
  const staff = await ownerPage(browser);
  await openPerson(staff, vendorEmail);
  await staff.getByLabel('Field', { exact: true }).check();
  await staff.getByRole('button', { name: 'Save vendor kinds' }).click();
  await expect(staff.getByText('Vendor kinds saved.')).toBeVisible();
  await staff.getByLabel('Find a property').fill(street);
  await expect(staff.getByLabel('Property', { exact: true })).toContainText(street);
  await staff.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(staff.getByText(`Field: ${street}, Springfield, IL 62701`)).toBeVisible();

  await page.goto('/vendor');
  await expect(page.getByRole('heading', { level: 1, name: 'Your work' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: street })).toContainText('Field');
  await expect(page.getByRole('row')).toHaveCount(2);
  const admin = await page.goto('/admin');
  expect(admin?.status()).toBe(403);
  await staff.context().close();
});

test('a vendor with nothing assigned is told so', async ({ page }) => {
  const res = await page.request.post('/account/login', {
    headers: xhr(),
    data: { email: VENDOR.email, password: VENDOR.password },
  });
  expect(res.status()).toBe(200);
  await page.goto('/vendor');
  await expect(page.getByText('Nothing is assigned to you yet.')).toBeVisible();
});

test('the People table sorts by a column and exports what it shows as CSV', async ({ browser }) => {
  const staff = await ownerPage(browser);
  await staff.goto('/admin/users?search=e2e.example.com');
  const email = staff.getByRole('columnheader', { name: 'Email' });
  await email.getByRole('button').click();
  await expect(email).toHaveAttribute('aria-sort', 'ascending');
  await expect(staff).toHaveURL(/sort=email/);
  const download = staff.waitForEvent('download');
  await staff.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
  expect(text.split('\n')[0]).toBe('Email,Name,Staff role,Vendor kinds,Properties,Joined');
  expect(text).toContain(ADMIN.email);
  await staff.context().close();
});
