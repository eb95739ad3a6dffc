// @vitest-environment jsdom

import {
  EMPTY_PROPERTY_FACTS,
  GRADE_MEANINGS,
  VALUATION_TEXTS as T,
  type TValuationReport,
  type TValuationReportSummary,
} from '@lantern/contracts';
import { VALUATION_PAGE_TEXTS as P } from '@lantern/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMockServer } from '../../../test/msw.ts';
import { oakAvenueSale } from '../../../test/valuation-fixtures.ts';
import { ReportsSection } from './reports-section.tsx';

// jsdom draws no canvas: the chart stands aside and the table carries every figure.
let canvas: { mockRestore(): void } | undefined;
beforeEach(() => {
  canvas = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  cleanup();
  canvas?.mockRestore();
});

const { server, requests } = useMockServer();
const REPORT = '/api/dashboard/valuation/reports/:hash';

const TILES = { url: null, attribution: '' };

const summary: TValuationReportSummary = {
  hash: 'r1',
  product: 'home-value-report',
  productName: 'Home Value Report',
  order: 'o1',
  version: 1,
  status: 'ready',
  createdAt: '2026-11-29T14:00:00.000Z',
  asOf: '2026-11-20',
  pdf: true,
  canRegenerate: true,
};

const report: TValuationReport = {
  ...summary,
  address: '12 Oak Ave, Springfield, IL 62701',
  position: { lat: 39.78, lng: -89.65 },
  facts: { ...EMPTY_PROPERTY_FACTS, bedrooms: 3, bathrooms: 2, livingArea: 1800, condition: 4 },
  notValued: null,
  estimate: { value: 412_000, low: 371_000, high: 455_000, grade: 'B', gradeMeaning: 'B' },
  comparables: [
    oakAvenueSale({
      lotSizeSquareFeet: 6000,
      yearBuilt: 1990,
      adjustments: [
        { label: 'livingArea', dollars: 9_500 },
        { label: 'market', dollars: -2_100 },
      ],
      adjustedPrice: 412_400,
    }),
    {
      place: 'Parcel 14-22-301-005',
      lat: 39.779,
      lng: -89.648,
      distanceMiles: 0.4,
      closeDate: '2026-09-15',
      price: null,
      pricePerSqft: null,
      bedrooms: 4,
      bathrooms: 2.5,
      livingArea: 2100,
      lotSizeSquareFeet: null,
      yearBuilt: null,
      adjustments: null,
      adjustedPrice: null,
      attribution: 'County records',
    },
  ],
  trend: [
    { month: '2026-09', sales: 14, medianPricePerSqft: 228 },
    { month: '2026-10', sales: 11, medianPricePerSqft: 233 },
  ],
  accuracy: [{ label: 'within 3 miles', sales: 212, medianError: 0.064, within10: 0.71 }],
  attributions: ['Springfield MLS', 'County records'],
  disclaimer: {
    fixed: 'This is an automated estimate, not an appraisal.',
    text: 'It is made from the facts you gave and recent sales near the home.',
  },
};

function wrap(node: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/dashboard/valuation?property=p1']}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a report', () => {
  it('shows a ready Home Value Report: estimate, grade, withheld price and disclaimer', async () => {
    server.use(http.get('/api/dashboard/valuation/reports/r1', () => HttpResponse.json(report)));
    wrap(<ReportsSection property="p1" reports={[summary]} tiles={TILES} />);

    const estimate = await screen.findByRole('region', { name: P.estimateTitle });
    expect(within(estimate).getByText('$412,000')).toBeTruthy();
    expect(within(estimate).getByText(P.range('$371,000', '$455,000'))).toBeTruthy();
    expect(within(estimate).getByText(GRADE_MEANINGS.B, { exact: false })).toBeTruthy();
    expect(within(estimate).getByText(P.asOf('November 20, 2026'))).toBeTruthy();

    const comparables = screen.getByRole('table', { name: P.comparablesCaption });
    const withheld = within(comparables).getByRole('row', { name: /Parcel 14-22-301-005/ });
    expect(within(withheld).getByText(T.priceWithheld)).toBeTruthy();
    const shown = within(comparables).getByRole('row', { name: /14 Oak Ave/ });
    expect(within(shown).getByText('$405,000')).toBeTruthy();
    expect(within(shown).getByText('$412,400')).toBeTruthy();

    // Adjustments in words and signed dollars, only for the comparable whose price is shown.
    const adjustments = screen.getByRole('table', { name: P.adjustmentsCaption('14 Oak Ave') });
    expect(within(adjustments).getByRole('row', { name: 'Living area +$9,500' })).toBeTruthy();
    expect(
      within(adjustments).getByRole('row', { name: 'Market since the sale −$2,100' }),
    ).toBeTruthy();
    expect(
      screen.queryByRole('table', { name: P.adjustmentsCaption('Parcel 14-22-301-005') }),
    ).toBeNull();

    const trend = screen.getByRole('table', { name: P.trendCaption });
    expect(within(trend).getByRole('row', { name: 'October 2026 11 $233' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: P.accuracyTitle })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'within 3 miles 212 6.4% 71%' })).toBeTruthy();

    // The map (Leaflet, loaded on its own) marks the home and numbers the comparables alike.
    const map = await screen.findByRole('region', { name: P.mapLabel });
    expect(
      await within(map).findByRole('button', { name: P.mapHome(report.address) }),
    ).toBeTruthy();
    expect(
      within(map).getByRole('button', { name: P.mapComparable(2, 'Parcel 14-22-301-005') }),
    ).toBeTruthy();

    expect(screen.getByText(report.disclaimer.fixed)).toBeTruthy();
    expect(screen.getByText(report.disclaimer.text)).toBeTruthy();
    const pdf = screen.getByRole('link', { name: `${P.downloadPdf} of Home Value Report` });
    expect(pdf.getAttribute('href')).toBe('/api/dashboard/valuation/reports/r1/pdf');
    expect(pdf.hasAttribute('download')).toBe(true);
  });

  it('says a report is being prepared without asking for it', async () => {
    wrap(
      <ReportsSection
        property="p1"
        reports={[{ ...summary, status: 'preparing', asOf: null, pdf: false }]}
        tiles={TILES}
      />,
    );
    expect(await screen.findByText(T.preparing)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download PDF/ })).toBeNull();
    expect(requests).toEqual([]);
  });

  it('shows why no figure was made, and the refund of a refunded one', async () => {
    const notValued = { ...report, hash: 'r2', status: 'not_valued' as const, estimate: null };
    const refunded = {
      ...report,
      hash: 'r3',
      product: 'comps' as const,
      productName: 'Comps Report',
      status: 'refunded' as const,
      estimate: null,
    };
    server.use(
      http.get('/api/dashboard/valuation/reports/r2', () =>
        HttpResponse.json({ ...notValued, notValued: T.notEnoughSales }),
      ),
      http.get('/api/dashboard/valuation/reports/r3', () => HttpResponse.json(refunded)),
    );
    wrap(
      <ReportsSection
        property="p1"
        reports={[
          {
            ...summary,
            hash: 'r3',
            product: 'comps',
            productName: 'Comps Report',
            status: 'refunded',
          },
          { ...summary, hash: 'r2', status: 'not_valued' },
        ]}
        tiles={TILES}
      />,
    );
    expect(await screen.findByText(T.notEnoughSales)).toBeTruthy();
    expect(await screen.findByText(T.refunded)).toBeTruthy();
    expect(screen.queryByRole('region', { name: P.estimateTitle })).toBeNull();
    expect(screen.getAllByText(report.disclaimer.fixed)).toHaveLength(2);
  });

  it('makes a report again only after a confirmation, and says a refusal in words', async () => {
    const refusal = T.regenerateUsed;
    server.use(
      http.get(REPORT, () => HttpResponse.json(report)),
      http.post(`${REPORT}/regenerate`, () =>
        HttpResponse.json({ message: refusal }, { status: 409 }),
      ),
    );
    wrap(<ReportsSection property="p1" reports={[summary]} tiles={TILES} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `${P.regenerate}: Home Value Report` }));
    const dialog = await screen.findByRole('dialog', { name: P.regenerateTitle });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: P.regenerateConfirm }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST');
    expect(new URL(String(post?.url)).pathname).toBe(
      '/api/dashboard/valuation/reports/r1/regenerate',
    );
  });
});
