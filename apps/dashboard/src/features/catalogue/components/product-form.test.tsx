// @vitest-environment jsdom
import { PRODUCT_TEXTS, type TAdminProduct } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductForm } from './product-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const hourly: TAdminProduct = {
  slug: 'buyer-hourly-representation',
  name: 'Buyer Agent, Hourly',
  description: 'An agent by the hour.',
  priceCents: 15000,
  depositCents: null,
  roles: ['buyer', 'buyerAgent'],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const saved = () =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(hourly), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
const sent = (fetch: ReturnType<typeof saved>) => {
  const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  return JSON.parse(String(init.body));
};
const wrap = (onDone = vi.fn()) => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProductForm product={hourly} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
};

describe('the product form', () => {
  it('sends no roles when only the description changed, even after every role was toggled', async () => {
    const fetch = saved();
    vi.stubGlobal('fetch', fetch);
    const onDone = wrap();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Every role'));
    await user.click(screen.getByLabelText('Every role'));
    expect((screen.getByLabelText('Buyer', { exact: true }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'New words.');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent(fetch)).toEqual({
      name: 'Buyer Agent, Hourly',
      description: 'New words.',
      priceCents: 15000,
      depositCents: null,
    });
  });

  it('sends every role as null, and a quoted product without a price', async () => {
    const fetch = saved();
    vi.stubGlobal('fetch', fetch);
    const onDone = wrap();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Every role'));
    await user.click(screen.getByLabelText('Quoted: no fixed price'));
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent(fetch)).toMatchObject({ priceCents: null, depositCents: null, roles: null });
  });

  it('refuses a price or a deposit that is not dollars before sending', async () => {
    const fetch = saved();
    vi.stubGlobal('fetch', fetch);
    wrap();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Price in US dollars'));
    await user.type(screen.getByLabelText('Price in US dollars'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText(PRODUCT_TEXTS.price)).toBeTruthy();
    await user.clear(screen.getByLabelText('Price in US dollars'));
    await user.type(screen.getByLabelText('Price in US dollars'), '150');
    await user.type(screen.getByLabelText('Refundable deposit in US dollars (optional)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText(PRODUCT_TEXTS.deposit)).toBeTruthy();
    expect(screen.queryByText(PRODUCT_TEXTS.price)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
