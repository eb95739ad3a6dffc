// @vitest-environment jsdom
import type { TOwnerTransactionAccess } from '@lantern/contracts';
import {
  TRANSACTION_ACCESS_API,
  TRANSACTION_ACCESS_SHARES,
  TRANSACTION_ACCESS_TEXTS,
} from '@lantern/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransactionAccessList } from './transaction-access-list.tsx';

const D = TRANSACTION_ACCESS_TEXTS.dashboard;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pending: TOwnerTransactionAccess = {
  hash: 'r1',
  name: 'Tess Closer',
  company: 'Prairie Title Co.',
  role: 'title_escrow',
  email: 'tess@example.com',
  message: '',
  status: 'pending',
  shares: [],
  days: null,
  createdAt: '2026-11-30T08:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  expiresAt: null,
  revokedAt: null,
  views: [],
};

describe('the transaction access approval', () => {
  it('sends the days and the shares, the listing always among them', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? Response.json({ message: 'Access given.', request: { ...pending, status: 'approved' } })
        : Response.json({ requests: [pending] }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TransactionAccessList property="p1" timeZone="America/Chicago" />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: /Give Tess Closer/ }));
    const listing = form.getByLabelText(
      TRANSACTION_ACCESS_SHARES.listing.label,
    ) as HTMLInputElement;
    expect(listing.checked && listing.disabled).toBe(true);
    await user.clear(form.getByLabelText(D.days));
    await user.type(form.getByLabelText(D.days), '14');
    await user.click(form.getByLabelText(TRANSACTION_ACCESS_SHARES.documents.label));
    await user.click(form.getByLabelText(TRANSACTION_ACCESS_SHARES.showings.label));
    await user.click(form.getByRole('button', { name: D.approve }));

    expect(await screen.findByText('Access given.')).toBeTruthy();
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(url).toBe(TRANSACTION_ACCESS_API.approve('r1'));
    expect(JSON.parse(String(init?.body))).toEqual({
      property: 'p1',
      days: 14,
      shares: ['listing', 'showings'],
    });
  });
});
