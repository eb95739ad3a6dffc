// @vitest-environment jsdom
import {
  MORTGAGE_RATE_TEXTS,
  type TMortgageRate,
  type TMortgageRatesAdmin,
  type TStaffAccess,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useMockServer } from '../../../test/msw.ts';
import { MortgageRatePage } from './mortgage-rate-page.tsx';

/* Admin → Mortgage rate with only the network faked (docs/decisions/090). */

afterEach(cleanup);
const { server } = useMockServer();

const RATE: TMortgageRate = {
  id: 2,
  rateThousandths: 6_875,
  asOf: '2026-11-26',
  source: 'A weekly survey',
  sourceUrl: 'https://example.org/rates',
  createdAt: '2026-11-27T15:00:00.000Z',
  setBy: { name: 'Sam Staff', email: 'sam@example.org' },
};

function showPage(permissions: TStaffAccess['permissions'], rates: TMortgageRatesAdmin) {
  server.use(
    http.get(ADMIN_API.access, () =>
      HttpResponse.json({ role: { key: 'r', name: 'R', isOwner: false }, permissions }),
    ),
    http.get(ADMIN_API.mortgageRates, () => HttpResponse.json(rates)),
  );
  const router = createMemoryRouter(
    [{ path: '/admin/mortgage-rate', element: <MortgageRatePage /> }],
    {
      initialEntries: ['/admin/mortgage-rate'],
    },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('Admin → Mortgage rate', () => {
  it('says no estimate is shown until a rate is set, and offers no form without the permission', async () => {
    showPage([], { current: null, earlier: [] });
    expect(
      await screen.findByText('No rate is set: listing pages show no payment estimate.'),
    ).toBeTruthy();
    expect(screen.getByText(/needs the “Manage trust and notices” permission/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set this rate' })).toBeNull();
  });

  it('shows the current rate with its date and source, and the earlier ones', async () => {
    showPage([], {
      current: RATE,
      earlier: [{ ...RATE, id: 1, rateThousandths: 7_000, asOf: '2026-11-19', sourceUrl: null }],
    });
    expect(await screen.findByText('6.875%')).toBeTruthy();
    expect(screen.getByText('Nov 26, 2026')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'A weekly survey' })[0]?.getAttribute('href')).toBe(
      'https://example.org/rates',
    );
    const earlier = screen.getByRole('table', { name: 'Earlier rates' });
    expect(earlier.textContent).toContain('7%');
    expect(earlier.textContent).toContain('Nov 19, 2026');
  });

  it('checks what is typed first, keeps it on a refusal, and sends the rate in thousandths', async () => {
    let sent: unknown;
    let answer: 'refuse' | 'save' = 'refuse';
    server.use(
      http.post(ADMIN_API.mortgageRates, async ({ request }) => {
        sent = await request.json();
        return answer === 'refuse'
          ? HttpResponse.json(
              {
                message: 'Please correct the highlighted fields.',
                errors: { asOf: [MORTGAGE_RATE_TEXTS.asOf] },
              },
              { status: 422 },
            )
          : HttpResponse.json(RATE, { status: 201 });
      }),
    );
    showPage(['site.manage'], { current: null, earlier: [] });
    const user = userEvent.setup();
    const rate = await screen.findByLabelText('Rate (%)');
    await user.type(rate, '21');
    await user.type(screen.getByLabelText('Source'), 'A weekly survey');
    await user.type(
      screen.getByLabelText('Address of the source (optional)'),
      'http://example.org',
    );
    await user.click(screen.getByRole('button', { name: 'Set this rate' }));
    expect(await screen.findByText(MORTGAGE_RATE_TEXTS.rate)).toBeTruthy();
    expect(screen.getByText(MORTGAGE_RATE_TEXTS.sourceUrl)).toBeTruthy();
    expect(sent).toBeUndefined();

    await user.clear(rate);
    await user.type(rate, '6.875');
    const url = screen.getByLabelText('Address of the source (optional)');
    await user.clear(url);
    await user.type(url, 'https://example.org/rates');
    await user.type(screen.getByLabelText('Date of the rate'), '2026-11-26');
    await user.click(screen.getByRole('button', { name: 'Set this rate' }));
    expect(await screen.findByText(MORTGAGE_RATE_TEXTS.asOf)).toBeTruthy();
    expect(sent).toEqual({
      rateThousandths: 6_875,
      asOf: '2026-11-26',
      source: 'A weekly survey',
      sourceUrl: 'https://example.org/rates',
    });
    expect((rate as HTMLInputElement).value).toBe('6.875');

    answer = 'save';
    await user.click(screen.getByRole('button', { name: 'Set this rate' }));
    expect(
      await screen.findByText('Saved 6.875% as of Nov 26, 2026. Listing pages use it now.'),
    ).toBeTruthy();
    expect((rate as HTMLInputElement).value).toBe('');
  });
});
