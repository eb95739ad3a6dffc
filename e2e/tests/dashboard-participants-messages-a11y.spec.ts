import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addProperty, signUp, xhr } from './dashboard-fixtures.ts';
import { newEmail } from './fixtures/constants.ts';
import { expect, test } from './fixtures/test.ts';

async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations.map((v) => `${page.url()}: ${v.id} ${v.nodes[0]?.target.join(' ')}`);
}

test('axe finds no violations on participants, messages, account settings and the invitation page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'a11y');
  const property = await addProperty(page, { street: '71 Access Way' });
  const invite = await page.request.post('/api/dashboard/participants/invitations', {
    headers: xhr(),
    data: { property, email: newEmail('a11y-guest'), role: 'buyer' },
  });
  expect(invite.status()).toBe(201);
  const sent = await page.request.post('/api/messages', {
    headers: xhr(),
    data: { property, body: 'A first message.' },
  });
  expect(sent.status()).toBe(201);

  const failures: string[] = [];
  for (const [path, ready] of [
    [`/dashboard/participants?property=${property}`, 'Send invitation'],
    [`/dashboard/messages?property=${property}`, 'Send message'],
    ['/dashboard/messages', null],
    ['/dashboard/account', 'Change password'],
  ] as const) {
    await page.goto(path);
    if (ready) await expect(page.getByRole('button', { name: ready })).toBeVisible();
    else await expect(page.getByRole('link', { name: /71 Access Way/ })).toBeVisible();
    failures.push(...(await violations(page)));
  }

  const signedOut = await (await browser.newContext()).newPage();
  await signedOut.goto('/dashboard/invitation#token=abc');
  await expect(signedOut.getByRole('link', { name: 'Create an account' })).toBeVisible();
  failures.push(...(await violations(signedOut)));
  await signedOut.context().close();

  expect(failures).toEqual([]);
});
