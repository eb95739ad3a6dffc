import { addProperty, ownerPage, signUp, userHash, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/** A small PDF standing for the settlement statement (checked by its first bytes). */
const STATEMENT = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * Issue 24, the settlement vendor page (docs/decisions/049): the settlement agent assigned to a
 * property starts its transaction, uploads the statement, builds the commission disbursement
 * authorisation (refused while the payees do not add up), signs it; staff approve it; from then
 * it cannot be edited.
 */
test('a settlement agent builds and signs a CDA, staff approve it, and it can no longer change', async ({
  page,
  browser,
  allowConsole,
}) => {
  // The payees a cent short are refused on purpose, and the edit after approval: the browser
  // reports those answers.
  allowConsole(/status of (422|409)/);
  const street = `${(Date.now() % 9000) + 100} Escrow Lane`;
  await signUp(page, 'cda-seller');
  const property = await addProperty(page, { street });

  const agent = await (await browser.newContext()).newPage();
  await signUp(agent, 'cda-agent');
  const agentHash = await userHash(agent);
  const staff = await ownerPage(browser);
  expect(
    (
      await staff.request.put(`/api/admin/users/${agentHash}/vendor-kinds`, {
        headers: xhr(),
        data: { kinds: ['settlement'] },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await staff.request.post(`/api/admin/users/${agentHash}/assignments`, {
        headers: xhr(),
        data: { kind: 'settlement', property },
      })
    ).status(),
  ).toBeLessThan(300);

  // The agent starts the transaction from the vendor area.
  await agent.goto('/vendor');
  await agent.getByRole('link', { name: 'Your settlement transactions' }).click();
  await expect(agent.getByRole('heading', { level: 1, name: 'Settlement' })).toBeVisible();
  const start = agent.getByRole('form', { name: 'Start a transaction' });
  await expect(start.getByLabel('Property')).toContainText(street);
  await start.getByLabel('Sale price (dollars)').fill('500,000');
  await start.getByLabel('Closing date').fill('2026-12-15');
  await start.getByLabel('File number (optional)').fill('ESC-2044');
  await start.getByRole('button', { name: 'Start the transaction' }).click();
  await expect(agent.getByRole('heading', { level: 1, name: new RegExp(street) })).toBeVisible();

  // The statement.
  const statement = agent.getByRole('form', { name: 'Settlement statement' });
  await statement.getByLabel('Settlement statement (PDF)').setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: STATEMENT,
  });
  await statement.getByRole('button', { name: 'Upload the statement' }).click();
  await expect(statement.getByRole('status')).toHaveText('The statement is uploaded.');

  // The CDA: a cent short is shown, and refused by the server in words.
  const cda = agent.getByRole('form', { name: 'Commission and payees' });
  await cda.getByLabel('Commission (dollars)').fill('15000');
  const first = cda.getByRole('group', { name: 'Payee 1' });
  await first.getByLabel('Paid to').fill('Lantern Realty');
  await expect(first.getByLabel('For')).toHaveValue('listing_brokerage');
  await first.getByLabel('Amount (dollars)').fill('7500');
  const second = cda.getByRole('group', { name: 'Payee 2' });
  await second.getByLabel('Paid to').fill('Buyer Side Homes');
  await second.getByLabel('Amount (dollars)').fill('7499.99');
  await second.getByLabel('Payment instructions (optional)').fill('Wire to the account on file');
  await expect(cda.getByTestId('cda-total')).toHaveText(
    '$0.01 of the commission is not given to a payee yet.',
  );
  await cda.getByRole('button', { name: 'Save the authorisation' }).click();
  await expect(cda.getByRole('alert')).toContainText(
    '$0.01 less than the commission of $15,000.00',
  );
  await second.getByLabel('Amount (dollars)').fill('7500.00');
  await expect(cda.getByTestId('cda-total')).toHaveText(
    'The payees add up to $15,000.00, the whole commission.',
  );
  await cda.getByRole('button', { name: 'Save the authorisation' }).click();
  await expect(cda.getByRole('status')).toHaveText('The authorisation is saved.');

  // Signed by the agent.
  const sign = agent.getByRole('form', { name: 'Sign the authorisation' });
  await sign.getByRole('checkbox').check();
  await sign.getByRole('button', { name: 'Sign the authorisation' }).click();
  await expect(agent.getByText('Signed, waiting for approval')).toBeVisible();
  await expect(agent.getByRole('link', { name: 'Download the signed copy (PDF)' })).toBeVisible();
  await expect(agent.getByRole('form', { name: 'Commission and payees' })).toBeHidden();
  const transaction = agent.url().split('/').pop() ?? '';

  // Staff approve it from the queue.
  await staff.goto('/admin/settlement');
  await staff.getByRole('link', { name: new RegExp(street) }).click({ timeout: 15_000 });
  await expect(staff.getByRole('cell', { name: '$7,500.00' })).toHaveCount(2);
  await expect(staff.getByRole('cell', { name: 'Wire to the account on file' })).toBeVisible();
  await staff.getByRole('button', { name: 'Approve the authorisation' }).click();
  await expect(
    staff.getByText('This authorisation is approved and can no longer change.'),
  ).toBeVisible();

  // The agent sees it approved, with nothing left to edit, and a change is refused.
  await agent.reload();
  await expect(
    agent.getByText('The authorisation is approved and can no longer change.'),
  ).toBeVisible();
  await expect(agent.getByRole('form', { name: 'Commission and payees' })).toHaveCount(0);
  const edit = await agent.request.put(`/api/vendor/settlement/transactions/${transaction}/cda`, {
    headers: xhr(),
    data: {
      commissionCents: 1_500_000,
      payees: [{ name: 'Someone else', role: 'other', amountCents: 1_500_000 }],
    },
  });
  expect(edit.status()).toBe(409);
  expect((await edit.json()).message).toBe(
    'The authorisation is approved and can no longer change.',
  );

  // The seller finds the closing documents of the sale among their documents (decision 066).
  await page.goto(`/dashboard/documents?property=${property}`);
  const closing = page.getByRole('region', { name: 'Closing documents' });
  await expect(closing).toContainText('Sale closing December 15, 2026, $500,000.00', {
    timeout: 15_000,
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    closing.getByRole('link', { name: 'Settlement statement (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('statement.pdf');
  const signed = await page.request.get(
    (await closing
      .getByRole('link', { name: 'Commission disbursement authorisation, signed (PDF)' })
      .getAttribute('href')) ?? '',
  );
  expect(signed.status()).toBe(200);
  expect((await signed.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
