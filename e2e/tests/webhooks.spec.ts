import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addProperty, signUp, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 25: a customer registers a webhook endpoint in Account Settings, a message in their
 * property's thread is delivered to it signed, and the delivery is listed with the answer.
 * The receiver is a real HTTP server in this test process, on this machine (the e2e server runs
 * with NODE_ENV=test, where local addresses are allowed; decision 053).
 */

test.describe.configure({ timeout: 90_000 });

test('a customer adds a webhook endpoint, an event reaches it signed, and the delivery is listed with its answer', async ({
  page,
}) => {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received by the test');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/lantern-events`;
  try {
    const tag = Date.now().toString(36);
    await signUp(page, 'webhooks');
    const property = await addProperty(page, { street: `${tag} Hook Street` });

    await page.goto('/dashboard/account');
    const section = page.getByRole('region', { name: 'Webhooks' });
    // The settings page is a lazy chunk and loads its settings first: slow on a busy machine.
    await expect(section.getByText('No endpoints yet.')).toBeVisible({ timeout: 30_000 });
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const form = section.getByRole('form', { name: 'Add a webhook endpoint' });
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByLabel('Description (optional)').fill('Our CRM');
    await form.getByLabel('Message received').check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(section.getByText('Endpoint added.')).toBeVisible();
    const secret = (await section.locator('.ds-webhooks__secret').first().textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const endpoints = section.getByRole('list', { name: 'Your webhook endpoints' });
    await expect(endpoints.getByRole('listitem')).toHaveCount(1);
    await expect(endpoints).toContainText(url);
    await expect(endpoints).toContainText('On');

    // An event: a message in the property's thread.
    const sent = await page.request.post('/api/messages', {
      headers: xhr(),
      data: { property, body: `Hello from ${tag}` },
    });
    expect(sent.status()).toBe(201);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const [delivery] = received;
    const header = String(delivery?.headers['lantern-signature']);
    const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2)));
    const expected = createHmac('sha256', secret).update(`${parts.t}.${delivery?.body}`).digest();
    expect(timingSafeEqual(Buffer.from(String(parts.v1), 'hex'), expected)).toBe(true);
    const event = JSON.parse(delivery?.body ?? '{}');
    expect(event).toMatchObject({
      type: 'message.received',
      data: { property: { hash: property }, message: { body: `Hello from ${tag}` } },
    });

    await endpoints.getByRole('link', { name: /Deliveries/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook deliveries' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Deliveries' });
    const row = table.getByRole('row').filter({ hasText: event.id });
    await expect(row).toContainText('Message received');
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('HTTP 200');
    await row.getByRole('button', { name: /Details/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delivery' });
    await expect(dialog).toContainText('received by the test');
    await expect(dialog).toContainText(`Hello from ${tag}`);
  } finally {
    receiver.close();
  }
});

/** Every `v1=` of a Lantern-Signature header, and its `t`. */
function signaturesOf(headers: IncomingHttpHeaders) {
  const parts = String(headers['lantern-signature']).split(',');
  const t = parts.find((p) => p.startsWith('t='))?.slice(2) ?? '';
  return { t, v1: parts.filter((p) => p.startsWith('v1=')).map((p) => p.slice(3)) };
}
const signs = (secret: string, t: string, body: string, hex: string) =>
  timingSafeEqual(
    Buffer.from(hex, 'hex'),
    createHmac('sha256', secret).update(`${t}.${body}`).digest(),
  );

test('a customer sends a test event and rotates the secret; both secrets sign for a while', async ({
  page,
}) => {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    await signUp(page, 'webhook-tools');
    await page.goto('/dashboard/account');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No endpoints yet.')).toBeVisible({ timeout: 30_000 });
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const form = section.getByRole('form', { name: 'Add a webhook endpoint' });
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByLabel('Message received').check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(section.getByText('Endpoint added.')).toBeVisible();
    const first = (await section.locator('.ds-webhooks__secret').first().textContent()) ?? '';

    await section.getByRole('button', { name: /Send test event/ }).click();
    await expect(section.getByText('Test event sent. Your endpoint answered 200.')).toBeVisible();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]?.body ?? '{}').type).toBe('webhook.test');

    await section.getByRole('button', { name: /Rotate secret/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByText(/New signing secret made/)).toBeVisible();
    const second = (await section.locator('.ds-webhooks__secret').last().textContent()) ?? '';
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    await expect(section.getByText(/The previous signing secret also signs until/)).toBeVisible();

    // The next delivery carries one signature per secret: a receiver on either accepts it.
    await section.getByRole('button', { name: /Send test event/ }).click();
    await expect.poll(() => received.length).toBe(2);
    const { headers, body } = received[1] ?? { headers: {}, body: '' };
    const { t, v1 } = signaturesOf(headers);
    expect(v1).toHaveLength(2);
    for (const secret of [first, second]) {
      expect(
        v1.some((hex) => signs(secret, t, body, hex)),
        secret.slice(0, 8),
      ).toBe(true);
    }
    await page.screenshot({ path: test.info().outputPath('webhook-tools.png'), fullPage: true });
  } finally {
    receiver.close();
  }
});
