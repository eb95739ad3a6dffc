// @vitest-environment jsdom
import {
  LISTING_PORTALS_API,
  LISTING_PORTALS_TEXTS,
  type TListingPortals,
  type TOwnedListing,
} from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useMockServer } from '../../../test/msw.ts';
import { ListingPortalsPanel } from './listing-portals-panel.tsx';

/* The owner's Portals tab with only the network faked (docs/decisions/098). */

afterEach(cleanup);
const { server } = useMockServer();

const LISTING: TOwnedListing = {
  hash: 'L1',
  kind: 'fsbo',
  status: 'active',
  slug: 'l1',
  published: true,
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  timeZone: 'America/Chicago',
};

const VIEW: TListingPortals = {
  shared: true,
  portals: [
    { hash: 'a', name: 'Alpha Homes', send: true },
    { hash: 'b', name: 'Beta Homes', send: false },
  ],
};

describe('the Portals tab', () => {
  it('ticks the portals the listing goes to and saves the unticked ones as skipped', async () => {
    let sent: unknown = null;
    server.use(
      http.get(LISTING_PORTALS_API.portals, () => HttpResponse.json(VIEW)),
      http.put(LISTING_PORTALS_API.portals, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          ...VIEW,
          portals: VIEW.portals.map((p) => ({ ...p, send: false })),
        });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ListingPortalsPanel property="P1" listing={LISTING} />
      </QueryClientProvider>,
    );
    const alpha = (await screen.findByLabelText('Send to Alpha Homes')) as HTMLInputElement;
    const beta = screen.getByLabelText('Send to Beta Homes') as HTMLInputElement;
    expect([alpha.checked, beta.checked]).toEqual([true, false]);
    await userEvent.click(alpha);
    await userEvent.click(screen.getByRole('button', { name: LISTING_PORTALS_TEXTS.save }));
    expect(await screen.findByText(LISTING_PORTALS_TEXTS.saved)).toBeTruthy();
    expect(sent).toEqual({ property: 'P1', skip: ['a', 'b'] });
  });

  it('says when the seller shares the listing with no other site', async () => {
    server.use(
      http.get(LISTING_PORTALS_API.portals, () => HttpResponse.json({ ...VIEW, shared: false })),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ListingPortalsPanel property="P1" listing={LISTING} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(LISTING_PORTALS_TEXTS.notShared)).toBeTruthy();
  });
});
