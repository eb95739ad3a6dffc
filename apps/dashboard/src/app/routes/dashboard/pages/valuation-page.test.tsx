// @vitest-environment jsdom

import {
  EMPTY_PROPERTY_FACTS,
  VALUATION_TEXTS as T,
  type TProduct,
  type TValuationPage,
  type TValuationReport,
} from '@lantern/contracts';
import { VALUATION_PAGE_TEXTS as P } from '@lantern/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useMockServer } from '../../../../test/msw.ts';
import { oakAvenueSale } from '../../../../test/valuation-fixtures.ts';
import { ValuationPage } from './valuation-page.tsx';

/*
 * The page as the browser has it, with only the network faked: the property menu, the property,
 * the catalogue, the services, the orders and the valuation answer as the contracts say.
 */

afterEach(cleanup);

const { server, requests } = useMockServer();

const PRODUCTS: TProduct[] = [
  {
    slug: 'photography',
    name: 'Photography',
    priceCents: 19900,
    depositCents: null,
    description: 'Photos.',
  },
  {
    slug: 'free-comps',
    name: 'Free Comps',
    priceCents: 0,
    depositCents: null,
    description: 'Up to 8 recent sales near the home.',
  },
  {
    slug: 'comps',
    name: 'Comps Report',
    priceCents: 4900,
    depositCents: null,
    description: 'Up to 15 sales, adjusted.',
  },
  {
    slug: 'home-value-report',
    name: 'Home Value Report',
    priceCents: 14900,
    depositCents: null,
    description: 'Our estimate.',
  },
];

const PROPERTY = {
  hash: 'p1',
  propertyLocation: 'address',
  role: 'seller',
  apn: null,
  street: '12 Oak Ave',
  unit: null,
  city: 'Springfield',
  county: 'Sangamon County',
  state: 'IL',
  zipCode: '62701',
  lat: 39.78,
  lng: -89.65,
  positionPrecision: 'rooftop',
  address_json: null,
  can_edit: true,
  createdAt: '2026-11-01T12:00:00.000Z',
};

const freeComps: TValuationReport = {
  hash: 'r1',
  product: 'free-comps',
  productName: 'Free Comps',
  order: 'o1',
  version: 1,
  status: 'ready',
  createdAt: '2026-11-29T14:00:00.000Z',
  asOf: '2026-11-20',
  pdf: false,
  canRegenerate: false,
  address: '12 Oak Ave, Springfield, IL 62701',
  position: { lat: 39.78, lng: -89.65 },
  facts: { ...EMPTY_PROPERTY_FACTS, livingArea: 1800 },
  notValued: null,
  estimate: null,
  comparables: [oakAvenueSale()],
  trend: [],
  accuracy: [],
  attributions: ['Springfield MLS'],
  disclaimer: { fixed: 'An automated estimate, not an appraisal.', text: 'From recent sales.' },
};
const {
  address,
  position,
  facts,
  notValued,
  estimate,
  comparables,
  trend,
  accuracy,
  attributions,
  disclaimer,
  ...freeCompsSummary
} = freeComps;

interface Fake {
  valuation: TValuationPage;
  services?: Record<string, boolean>;
  canEdit?: boolean;
}

/** The API as the page calls it; the valuation answer can change as orders are placed. */
function fakeApi(state: Fake) {
  server.use(
    http.post('/api/dashboard/orders', () => {
      state.valuation = { ...state.valuation, reports: [freeCompsSummary] };
      return HttpResponse.json(
        {
          order: {
            hash: 'o1',
            property: 'p1',
            product: 'free-comps',
            productName: 'Free Comps',
            priceCents: 0,
            couponCode: null,
            status: 'confirmed',
            invoice: null,
            createdAt: '2026-11-29T14:00:00.000Z',
          },
        },
        { status: 201 },
      );
    }),
    http.get('/api/dashboard/user-properties', () =>
      HttpResponse.json({
        properties: [
          {
            hash: 'p1',
            streetAddress: '12 Oak Ave',
            role: 'seller',
            badgeColor: '#1e3a8a',
            visible: true,
          },
        ],
      }),
    ),
    http.get('/api/dashboard/property', () =>
      HttpResponse.json({ property: { ...PROPERTY, can_edit: state.canEdit ?? true } }),
    ),
    http.get('/api/dashboard/products', () => HttpResponse.json({ products: PRODUCTS })),
    http.get('/api/dashboard/services-for-property', () =>
      HttpResponse.json(
        state.services ?? { 'free-comps': true, comps: true, 'home-value-report': false },
      ),
    ),
    http.get('/api/dashboard/orders', () => HttpResponse.json({ orders: [] })),
    http.get('/api/dashboard/valuation', () => HttpResponse.json(state.valuation)),
    http.get('/api/dashboard/valuation/reports/r1', () => HttpResponse.json(freeComps)),
  );
}

function renderPage() {
  const router = createMemoryRouter(
    [{ path: '/dashboard/valuation', element: <ValuationPage /> }],
    {
      initialEntries: ['/dashboard/valuation?property=p1'],
    },
  );
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const orderButtons = () => screen.queryAllByRole('button', { name: /^(Get It Free|Order for)/ });

describe('the Valuation page', () => {
  it('says why valuations are not offered and shows no order buttons', async () => {
    fakeApi({
      valuation: {
        facts: EMPTY_PROPERTY_FACTS,
        factsUpdatedAt: null,
        unoffered: 'coverage',
        reports: [],
      },
    });
    renderPage();
    expect(await screen.findByText(T.notOfferedCoverage)).toBeTruthy();
    expect(screen.getByText(P.notOfferedTitle)).toBeTruthy();
    expect(screen.getByRole('heading', { name: T.factsTitle })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: P.orderTitle })).toBeNull();
    expect(orderButtons()).toEqual([]);
  });

  it('tells a participant who cannot edit the property why there is nothing here', async () => {
    fakeApi({
      canEdit: false,
      valuation: {
        facts: EMPTY_PROPERTY_FACTS,
        factsUpdatedAt: null,
        unoffered: null,
        reports: [],
      },
    });
    renderPage();
    expect(await screen.findByText(P.notEditor)).toBeTruthy();
    expect(orderButtons()).toEqual([]);
    expect(
      requests.some((r) => new URL(r.url).pathname.startsWith('/api/dashboard/valuation')),
    ).toBe(false);
  });

  it('lists only the offered products, their buttons waiting for the living area', async () => {
    fakeApi({
      valuation: {
        facts: EMPTY_PROPERTY_FACTS,
        factsUpdatedAt: null,
        unoffered: null,
        reports: [],
      },
    });
    renderPage();
    const order = await screen.findByRole('region', { name: P.orderTitle });
    expect(
      await within(order).findByRole('heading', { name: 'Free Comps', level: 3 }),
    ).toBeTruthy();
    expect(within(order).getByRole('heading', { name: 'Comps Report', level: 3 })).toBeTruthy();
    expect(within(order).queryByRole('heading', { name: 'Home Value Report' })).toBeNull();
    expect(within(order).queryByRole('heading', { name: 'Photography' })).toBeNull();
    const why = within(order).getByText(T.needsLivingArea);
    for (const button of orderButtons()) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe(why.id);
    }
    expect(orderButtons()).toHaveLength(2);
    expect(screen.getByText(P.noReports)).toBeTruthy();
  });

  it('orders Free Comps and shows the report the order made', async () => {
    fakeApi({
      valuation: {
        facts: { ...EMPTY_PROPERTY_FACTS, livingArea: 1800 },
        factsUpdatedAt: '2026-11-29T13:00:00.000Z',
        unoffered: null,
        reports: [],
      },
    });
    renderPage();
    const user = userEvent.setup();
    const free = await screen.findByRole('button', { name: 'Get It Free' });
    expect(screen.queryByText(T.needsLivingArea)).toBeNull();
    await user.click(free);

    const post = requests.find((r) => r.method === 'POST');
    expect(new URL(String(post?.url)).pathname).toBe('/api/dashboard/orders');
    expect(await post?.json()).toEqual({
      property: 'p1',
      product: 'free-comps',
      coupon: '',
    });
    const table = await screen.findByRole('table', { name: P.comparablesCaption });
    expect(within(table).getByRole('row', { name: /14 Oak Ave/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Free Comps', level: 2 })).toBeTruthy();
    expect(screen.getByText(freeComps.disclaimer.fixed)).toBeTruthy();
  });
});
