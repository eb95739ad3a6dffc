import type { Browser, Page } from '@playwright/test';
import { ADMIN, BASE_URL, newEmail, PASSWORD } from './fixtures/constants.ts';
import { expect, test } from './fixtures/test.ts';

/** Headers a page of ours sends on a state-changing request (the CSRF rule). */
/**
 * The listing syndication choices the forms start from (LISTING_SYNDICATION_DEFAULTS in
 * packages/contracts): what a fixture publishes or signs with when its test is about something else.
 */
export const SHARE_DEFAULTS = {
  InternetEntireListingDisplayYN: true,
  InternetAddressDisplayYN: true,
  InternetAutomatedValuationDisplayYN: true,
  InternetConsumerCommentYN: true,
  ClosePriceDisplayYN: false,
} as const;

export function xhr() {
  const base = test.info().project.use.baseURL ?? BASE_URL;
  return { 'x-requested-with': 'XMLHttpRequest', origin: new URL(base).origin };
}

/** Sign a new user up through the API, in the page's browser context (so it gets the cookie). */
export async function signUp(page: Page, tag = 'dash'): Promise<string> {
  const email = newEmail(tag);
  const res = await page.request.post('/account/sign-up', {
    headers: xhr(),
    data: { email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  return email;
}

export async function logIn(page: Page, email: string): Promise<void> {
  const res = await page.request.post('/account/login', {
    headers: xhr(),
    data: { email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
}

/** A page of its own browser context, signed in as the seeded owner (every staff permission). */
export async function ownerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const res = await page.request.post('/account/login', {
    headers: xhr(),
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(res.status()).toBe(200);
  return page;
}

export interface FixtureProperty {
  street: string;
  unit?: string;
  city?: string;
  state?: string;
  county?: string;
  zip?: string;
  lat?: number;
  lng?: number;
  precision?: 'rooftop' | 'street' | 'zip' | 'pin';
  role?:
    | 'seller'
    | 'sellerAgent'
    | 'landlord'
    | 'landlordAgent'
    | 'concierge'
    | 'buyer'
    | 'buyerAgent';
}

/** A property for the signed-in user, made through the test-only route (publishes PropertyUserCreated). */
export async function addProperty(page: Page, p: FixtureProperty): Promise<string> {
  const res = await page.request.post('/api/dashboard/test-fixtures/properties', {
    headers: xhr(),
    data: {
      street: p.street,
      ...(p.unit ? { unit: p.unit } : {}),
      city: p.city ?? 'Springfield',
      state: p.state ?? 'IL',
      county: p.county ?? 'Sangamon County',
      zip: p.zip ?? '62701',
      role: p.role ?? 'seller',
      ...(p.lat !== undefined && p.lng !== undefined ? { lat: p.lat, lng: p.lng } : {}),
      ...(p.precision ? { precision: p.precision } : {}),
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).hash as string;
}

/** Change a property's street line (publishes PropertyUpdated). */
export async function renameProperty(page: Page, property: string, street: string): Promise<void> {
  const res = await page.request.post('/api/dashboard/test-fixtures/rename', {
    headers: xhr(),
    data: { property, street },
  });
  expect(res.status()).toBe(200);
}

/** The sidebar's navigation (on phones it lives in the drawer, which must be opened first). */
export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard', exact: true });
}

/** Open the drawer when the viewport is a phone's; no-op on a desktop. */
export async function showSidebar(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
}

export function propertySelect(page: Page) {
  return page.getByRole('combobox', { name: 'Property' });
}

/**
 * Follows the page's realtime socket, so a test publishes only once the channel it needs is
 * subscribed (otherwise the event could go out before anyone listens). Call before page.goto.
 */
export function watchSocket(page: Page) {
  const subscribed = new Set<string>();
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/ws')) return;
    ws.on('framereceived', ({ payload }) => {
      try {
        const message = JSON.parse(String(payload)) as { type?: string; channel?: string };
        if (message.type === 'subscribed' && message.channel) subscribed.add(message.channel);
      } catch {
        // not one of ours
      }
    });
  });
  return {
    async ready(channel: string) {
      await expect.poll(() => subscribed.has(channel), { timeout: 10_000 }).toBe(true);
    },
  };
}

/** The signed-in user's public hash (for the user.{hash} channel). */
export async function userHash(page: Page): Promise<string> {
  const res = await page.request.get('/api/user');
  return (await res.json()).hash as string;
}

/** Set the signed-in user's can_edit on one of their properties (test-only route). */
export async function setCanEdit(page: Page, property: string, canEdit: boolean): Promise<void> {
  const res = await page.request.post('/api/dashboard/test-fixtures/can-edit', {
    headers: xhr(),
    data: { property, canEdit },
  });
  expect(res.status()).toBe(200);
}

/** Order a product for a property through the API, as the product page does. */
export async function placeOrder(page: Page, property: string, product: string) {
  const res = await page.request.post('/api/dashboard/orders', {
    headers: xhr(),
    data: { property, product },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).order as { hash: string; invoice: string | null };
}

/** Staff record a check paying the customer's invoice in full. */
export async function payInFull(staff: Page, customer: Page, invoice: string) {
  const res = await customer.request.get(`/api/dashboard/invoices/${invoice}`);
  const owed = (await res.json()).invoice.balanceCents as number;
  const paid = await staff.request.post(`/api/admin/invoices/${invoice}/payments`, {
    headers: xhr(),
    data: {
      amountCents: owed,
      method: 'check',
      reference: '1001',
      receivedOn: new Date().toISOString().slice(0, 10),
    },
  });
  expect(paid.status()).toBe(201);
}

/**
 * A link of the staff sidebar (issue 47): on a phone it sits behind the "Staff pages" button,
 * which this opens first.
 */
export async function staffNavLink(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Staff pages' });
  await nav.waitFor();
  const menu = nav.getByRole('button', { name: /Staff pages/ });
  if ((await menu.count()) > 0 && (await menu.getAttribute('aria-expanded')) !== 'true') {
    await menu.click();
  }
  return nav.getByRole('link', { name, exact: true });
}
