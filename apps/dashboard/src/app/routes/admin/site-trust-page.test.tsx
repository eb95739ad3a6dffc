// @vitest-environment jsdom
import type { TSiteTrustAdmin, TStaffAccess } from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useMockServer } from '../../../test/msw.ts';
import { SiteTrustPage } from './site-trust-page.tsx';

/* Admin → Trust and notices with only the network faked (docs/decisions/080). */

afterEach(cleanup);
const { server } = useMockServer();

const EMPTY: TSiteTrustAdmin = { notices: [], reviews: [], homesListed: { count: 12, floor: 100 } };

function showPage(permissions: TStaffAccess['permissions']) {
  server.use(
    http.get(ADMIN_API.access, () =>
      HttpResponse.json({ role: { key: 'r', name: 'R', isOwner: false }, permissions }),
    ),
    http.get(ADMIN_API.siteTrust, () => HttpResponse.json(EMPTY)),
  );
  const router = createMemoryRouter(
    [{ path: '/admin/trust-and-notices', element: <SiteTrustPage /> }],
    { initialEntries: ['/admin/trust-and-notices'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('Admin → Trust and notices', () => {
  it('says nothing is shown when nothing is configured, and offers no change without the permission', async () => {
    showPage([]);
    expect(await screen.findByText('No state notices: the footer shows none.')).toBeTruthy();
    expect(screen.getByText('No review ratings: the footer shows none.')).toBeTruthy();
    expect(screen.getByText(/The footer says so from 100 on\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a state notice' })).toBeNull();
  });

  it('sends a rating typed in stars as tenths, and shows the server’s refusal under its field', async () => {
    let sent: unknown;
    server.use(
      http.post(ADMIN_API.siteTrustReviews, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { message: 'Invalid', errors: { url: ['Enter the address of the reviews.'] } },
          { status: 422 },
        );
      }),
    );
    showPage(['site.manage']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a review rating' }));
    await user.type(screen.getByLabelText('Review site'), 'Google');
    await user.type(screen.getByLabelText('Average rating (out of 5)'), '4.8');
    await user.type(screen.getByLabelText('Number of reviews'), '1234');
    await user.click(screen.getByRole('button', { name: 'Add rating' }));
    expect(await screen.findByText('Enter the address of the reviews.')).toBeTruthy();
    expect(sent).toMatchObject({ source: 'Google', ratingTenths: 48, reviewCount: 1234 });
  });
});
