import type { Browser, Page } from '@playwright/test';
import {
  addProperty,
  logIn,
  ownerPage,
  propertySelect,
  showSidebar,
  sidebar,
  signUp,
  userHash,
  watchSocket,
  xhr,
} from './dashboard-fixtures.ts';
import { newEmail, PASSWORD } from './fixtures/constants.ts';
import { decodeQuotedPrintable, waitForMail } from './fixtures/public-mail.ts';
import { expect, test } from './fixtures/test.ts';

/** The invitation link in a raw message (quoted-printable soft line breaks undone). */
async function invitationLink(email: string): Promise<string> {
  const link = /https?:\/\/[^\s"<>]+\/dashboard\/invitation#token=[\w-]+/;
  // The guest may have other mail already (the sign-up's verification link).
  const match = link.exec(decodeQuotedPrintable(await waitForMail(email, 10_000, link)));
  if (!match) throw new Error('No invitation link in the mail');
  return match[0];
}

/** A second person, in their own browser, already taking part in `property`. */
async function joinedGuest(browser: Browser, owner: Page, property: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signUp(page, 'guest');
  const invite = await owner.request.post('/api/dashboard/participants/invitations', {
    headers: xhr(),
    data: { property, email, role: 'buyerAgent' },
  });
  expect(invite.status()).toBe(201);
  const token = new URL(await invitationLink(email)).hash.replace('#token=', '');
  const accept = await page.request.post('/api/invitations/accept', {
    headers: xhr(),
    data: { token },
  });
  expect(accept.status()).toBe(200);
  return { context, page, email };
}

test('an invited person signs up from the email and sees the property', async ({
  page,
  browser,
}) => {
  await signUp(page, 'owner');
  const property = await addProperty(page, { street: '31 Invite Ave' });
  await page.goto(`/dashboard/participants?property=${property}`);
  await expect(page.getByRole('heading', { name: 'Participants' })).toBeVisible();

  const guestEmail = newEmail('invited');
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email address').fill(guestEmail);
  await form.getByLabel('Their role').selectOption({ label: 'Buyer Agent' });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${guestEmail}.`)).toBeVisible();
  await expect(page.getByText(`${guestEmail} as Buyer Agent`)).toBeVisible();

  // The guest opens the link signed out, creates an account, and comes back to accept.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(await invitationLink(guestEmail));
  await expect(guest.getByRole('heading', { name: 'You are invited to a property' })).toBeVisible();
  await guest.getByRole('link', { name: 'Create an account' }).click();
  await guest.getByRole('main').getByLabel('Email', { exact: true }).fill(guestEmail);
  await guest.getByRole('main').getByLabel('Password', { exact: true }).fill(PASSWORD);
  await guest.getByRole('main').getByRole('button', { name: 'Create account' }).click();
  await expect(guest).toHaveURL(/\/dashboard\/invitation$/);
  await guest.getByRole('button', { name: 'Accept invitation' }).click();

  await expect(guest).toHaveURL(new RegExp(`/dashboard\\?property=${property}$`));
  await expect(propertySelect(guest).locator('option:checked')).toHaveText('31 Invite Ave');

  // The owner's page lists the new participant without a reload.
  const people = page.getByRole('list', { name: 'People taking part in this property' });
  await expect(people.getByRole('listitem').filter({ hasText: guestEmail })).toBeVisible();
  await expect(page.getByText(`${guestEmail} as Buyer Agent`)).toHaveCount(0);
  await guest.context().close();
});

test('two people on a property exchange messages live', async ({ page, browser }) => {
  await signUp(page, 'writer');
  const property = await addProperty(page, { street: '41 Message Rd' });
  const guest = await joinedGuest(browser, page, property);

  const guestSocket = watchSocket(guest.page);
  await guest.page.goto(`/dashboard?property=${property}`);
  await guestSocket.ready(`property.${property}`);

  const ownerSocket = watchSocket(page);
  await page.goto(`/dashboard/messages?property=${property}`);
  await ownerSocket.ready(`property.${property}`);
  await page.getByLabel('Your message').fill('Is Saturday good for photos?\n<b>Thanks</b>');
  await page.getByRole('button', { name: 'Send message' }).click();
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText('Is Saturday good for photos?')).toBeVisible();

  // The guest's sidebar counts it as unread, live.
  await showSidebar(guest.page);
  await expect(
    sidebar(guest.page).getByRole('link', { name: /Messages\s*1 unread/ }),
  ).toBeVisible();
  await sidebar(guest.page)
    .getByRole('link', { name: /Messages/ })
    .click();
  const guestMessages = guest.page.getByRole('list', { name: 'Messages' });
  // Plain text: the markup shows as typed.
  await expect(guestMessages.getByText('<b>Thanks</b>')).toBeVisible();
  await expect(sidebar(guest.page).getByText('1 unread')).toHaveCount(0);

  await guest.page.getByLabel('Your message').fill('Saturday works for me.');
  await guest.page.getByRole('button', { name: 'Send message' }).click();
  await expect(messages.getByText('Saturday works for me.')).toBeVisible();
  await guest.context.close();
});

test('changing the password ends the other sessions live', async ({
  page,
  browser,
  allowConsole,
}) => {
  // The wrong current password is refused with 422 on purpose; Chromium logs every error answer.
  allowConsole(/status of 422/);
  const email = await signUp(page, 'password');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, email);
  const socket = watchSocket(otherPage);
  await otherPage.goto('/dashboard');
  await socket.ready(`user.${await userHash(otherPage)}`);

  await page.goto('/dashboard/account');
  const section = page.getByRole('region', { name: 'Password' });
  await section.getByLabel('Current password').fill('not my password');
  await section.getByLabel('New password').fill('a brand new e2e passphrase');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('That is not your current password.')).toBeVisible();
  await expect(section.getByLabel('Current password')).toBeFocused();

  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByLabel('New password').fill('a brand new e2e passphrase');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('We signed you out of 1 other session.')).toBeVisible();

  await expect(otherPage).toHaveURL(/\/account\/login$/);
  // This browser is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await other.close();
});

test('staff answer a customer from /admin/messages and the customer sees it live', async ({
  page,
  browser,
}) => {
  await signUp(page, 'asks');
  // Staff see every thread, including other runs' of this test: a street of this run's own.
  const street = `${Date.now() % 100_000} Staff Ln`;
  const property = await addProperty(page, { street });
  const socket = watchSocket(page);
  await page.goto(`/dashboard/messages?property=${property}`);
  await socket.ready(`property.${property}`);
  await page.getByLabel('Your message').fill('Who can help with my listing photos?');
  await page.getByRole('button', { name: 'Send message' }).click();
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText('Who can help with my listing photos?')).toBeVisible();

  const staffPage = await ownerPage(browser);
  await staffPage.goto('/admin');
  await staffPage.getByRole('link', { name: 'Customer messages' }).click();
  await staffPage.getByRole('link', { name: new RegExp(street) }).click();
  await staffPage.getByLabel('Your message').fill('Our photography team will call you today.');
  await staffPage.getByRole('button', { name: 'Send message' }).click();

  await expect(messages.getByText('Our photography team will call you today.')).toBeVisible();
  await expect(messages.getByText('Lantern team')).toBeVisible();
  await staffPage.context().close();
});

test('managers change permissions and remove people; the other page follows live', async ({
  page,
  browser,
  allowConsole,
}) => {
  // The only manager's step-down is refused with 422 on purpose; Chromium logs every error answer.
  allowConsole(/status of 422/);
  const ownerEmail = await signUp(page, 'manager');
  const property = await addProperty(page, { street: '61 Team Ct' });
  const guest = await joinedGuest(browser, page, property);

  const guestSocket = watchSocket(guest.page);
  await guest.page.goto(`/dashboard/participants?property=${property}`);
  await guestSocket.ready(`property.${property}`);
  await expect(
    guest.page
      .getByRole('list', { name: 'People taking part in this property' })
      .getByRole('listitem')
      .filter({ hasText: ownerEmail }),
  ).toBeVisible();
  await expect(guest.page.getByRole('form', { name: 'Invite someone' })).toHaveCount(0);

  await page.goto(`/dashboard/participants?property=${property}`);
  // The only manager cannot give that up.
  // The boxes show what the server holds, so they are clicked rather than checked.
  await page.getByRole('checkbox', { name: `${ownerEmail}: Can manage this property` }).click();
  await expect(page.getByText('Someone on this property must be able to manage it.')).toBeVisible();
  await expect(
    page.getByRole('checkbox', { name: `${ownerEmail}: Can manage this property` }),
  ).toBeChecked();

  // Making the guest a manager shows them the invite form without a reload.
  const guestBox = page.getByRole('checkbox', { name: `${guest.email}: Can manage this property` });
  await guestBox.click();
  await expect(guestBox).toBeChecked();
  await expect(guest.page.getByRole('form', { name: 'Invite someone' })).toBeVisible();

  await page.getByRole('button', { name: `Remove ${guest.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this person?' });
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(
    page
      .getByRole('list', { name: 'People taking part in this property' })
      .getByRole('listitem')
      .filter({ hasText: guest.email }),
  ).toHaveCount(0);
  // The removed person's page leaves the property once the undo window has passed.
  await expect(guest.page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await guest.context.close();
});

test('role changes and removals are confirmed and can be undone; leaving is its own action', async ({
  page,
  browser,
  allowConsole,
}) => {
  // The last manager's attempt to leave is refused with 422 on purpose.
  allowConsole(/status of 422/);
  const ownerEmail = await signUp(page, 'undo');
  const property = await addProperty(page, { street: '5 Undo Ln' });
  const guest = await joinedGuest(browser, page, property);
  await page.goto(`/dashboard/participants?property=${property}`);
  const people = page.getByRole('list', { name: 'People taking part in this property' });
  const guestItem = people.getByRole('listitem').filter({ hasText: guest.email });
  await expect(guestItem).toBeVisible();
  // Your own entry has no Remove: leaving is its own action below the list.
  const mine = people.getByRole('listitem').filter({ hasText: ownerEmail });
  await expect(mine.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  // A role change asks first, your own included; keeping it changes nothing.
  const confirm = page.getByRole('dialog', { name: 'Change this role?' });
  const ownRole = page.getByLabel(`Role of ${ownerEmail}`);
  await ownRole.selectOption({ label: 'Landlord' });
  await expect(confirm).toContainText('You will be Landlord on this property instead of Seller.');
  await confirm.getByRole('button', { name: 'Keep the role' }).click();
  await expect(ownRole).toHaveValue('seller');

  const guestRole = page.getByLabel(`Role of ${guest.email}`);
  await guestRole.selectOption({ label: 'Buyer' });
  await expect(confirm).toContainText(`${guest.email} will be Buyer on this property`);
  await confirm.getByRole('button', { name: 'Change role' }).click();
  const undoLine = page
    .getByRole('status')
    .filter({ has: page.getByRole('button', { name: 'Undo' }) });
  await expect(undoLine).toContainText(`${guest.email} is now Buyer.`);
  await expect(guestRole).toHaveValue('buyer');
  await undoLine.getByRole('button', { name: 'Undo' }).click();
  await expect(guestRole).toHaveValue('buyerAgent');
  await page.reload();
  await expect(guestRole).toHaveValue('buyerAgent');

  // A removal is confirmed, then can be taken back: the person stays on the property.
  await page.getByRole('button', { name: `Remove ${guest.email}` }).click();
  await page
    .getByRole('dialog', { name: 'Remove this person?' })
    .getByRole('button', { name: 'Remove', exact: true })
    .click();
  await expect(guestItem).toHaveCount(0);
  await expect(undoLine).toContainText(`${guest.email} will be removed from this property.`);
  await undoLine.getByRole('button', { name: 'Undo' }).click();
  await expect(guestItem).toBeVisible();
  await page.reload();
  await expect(guestItem).toBeVisible();

  // The only manager cannot leave; the dialog says why.
  await page.getByRole('button', { name: 'Leave this property' }).click();
  const leaving = page.getByRole('dialog', { name: 'Leave this property?' });
  await leaving.getByRole('button', { name: 'Leave this property' }).click();
  await expect(leaving.getByRole('alert')).toContainText(
    'You are the only one who can manage this property.',
  );
  await leaving.getByRole('button', { name: 'Stay' }).click();

  // Anyone else leaves on their own, and the manager's list follows live.
  await guest.page.goto(`/dashboard/participants?property=${property}`);
  await guest.page.getByRole('button', { name: 'Leave this property' }).click();
  await guest.page
    .getByRole('dialog', { name: 'Leave this property?' })
    .getByRole('button', { name: 'Leave this property' })
    .click();
  await expect(guest.page).toHaveURL(/\/dashboard$/);
  await expect(propertySelect(guest.page).locator('option', { hasText: '5 Undo Ln' })).toHaveCount(
    0,
  );
  await expect(guestItem).toHaveCount(0);
  await guest.context.close();
});
