// @vitest-environment jsdom
import { SETTLEMENT_API } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CdaEditor } from './cda-editor.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answer: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CdaEditor hash="t1" cda={null} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const payee = (n: number) => within(screen.getByRole('group', { name: `Payee ${n}` }));
  return { fetch, user, payee };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  payee: (n: number) => ReturnType<typeof within>,
  second: string,
) {
  await user.type(screen.getByLabelText('Commission (dollars)'), '15,000');
  await user.type(payee(1).getByLabelText('Paid to'), 'Lantern Realty');
  await user.type(payee(1).getByLabelText('Amount (dollars)'), '7500');
  await user.type(payee(2).getByLabelText('Paid to'), 'Buyer Side Homes');
  await user.type(payee(2).getByLabelText('Amount (dollars)'), second);
}

describe('the CDA editor', () => {
  it('says what is wrong with an amount before sending anything', async () => {
    const { fetch, user, payee } = setup(() => json(500, {}));
    await fill(user, payee, 'lots');
    expect(screen.getByTestId('cda-total').textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save the authorisation' }));
    expect(await payee(2).findByText('Enter the amount in dollars and cents.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the amounts in cents, and shows the sum the server refuses above the form', async () => {
    const { fetch, user, payee } = setup(() =>
      json(422, {
        message: 'Check the highlighted fields.',
        errors: { payees: ['The payees add up to $14,999.99, $0.01 less than the commission.'] },
      }),
    );
    await fill(user, payee, '7499.99');
    expect(screen.getByTestId('cda-total').textContent).toBe(
      '$0.01 of the commission is not given to a payee yet.',
    );
    await user.click(screen.getByRole('button', { name: 'Save the authorisation' }));
    expect((await screen.findByRole('alert')).textContent).toContain('$0.01 less than');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(SETTLEMENT_API.cda('t1'));
    expect(JSON.parse(String(init?.body))).toEqual({
      commissionCents: 1_500_000,
      payees: [
        {
          name: 'Lantern Realty',
          role: 'listing_brokerage',
          amountCents: 750_000,
          instructions: null,
        },
        {
          name: 'Buyer Side Homes',
          role: 'buyer_brokerage',
          amountCents: 749_999,
          instructions: null,
        },
      ],
    });
  });
});
