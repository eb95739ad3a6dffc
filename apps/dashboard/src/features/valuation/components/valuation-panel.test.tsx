// @vitest-environment jsdom

import {
  EMPTY_PROPERTY_FACTS,
  VALUATION_TEXTS as T,
  type TValuationPage,
  type TValuationUnoffered,
} from '@lantern/contracts';
import { VALUATION_PAGE_TEXTS as P } from '@lantern/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMockServer } from '../../../test/msw.ts';
import { ValuationPanel } from './valuation-panel.tsx';

/*
 * The panel decides whether the order buttons are drawn at all; the page draws them with the
 * orders feature (app/routes/dashboard/pages/valuation-page.test.tsx renders those for real).
 */

afterEach(cleanup);

const { server } = useMockServer();

function renderPanel(page: TValuationPage) {
  server.use(
    http.get('/api/dashboard/valuation', ({ request }) =>
      new URL(request.url).searchParams.get('property') === 'p1'
        ? HttpResponse.json(page)
        : HttpResponse.json({}, { status: 404 }),
    ),
  );
  const renderOffers = vi.fn((blockedBy: string | undefined) => (
    <button type="button" disabled={!!blockedBy} aria-describedby={blockedBy}>
      Get It Free
    </button>
  ));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/dashboard/valuation?property=p1']}>
        <ValuationPanel
          property="p1"
          canEdit={true}
          tiles={{ url: null, attribution: '' }}
          renderOffers={renderOffers}
          fixAddress={<a href="/dashboard/update-property?property=p1">{P.fixAddress}</a>}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { renderOffers };
}

const page = (unoffered: TValuationUnoffered): TValuationPage => ({
  facts: EMPTY_PROPERTY_FACTS,
  factsUpdatedAt: null,
  unoffered,
  reports: [],
});

describe('the valuation panel', () => {
  it.each([
    ['coverage', T.notOfferedCoverage],
    ['position', T.notOfferedPosition],
    ['placement', T.notOfferedPlacement],
  ] as const)(
    'a property without valuations (%s) gets the notice and no order buttons',
    async (reason, text) => {
      const { renderOffers } = renderPanel(page(reason));
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Get It Free' })).toBeNull();
      expect(screen.queryByRole('heading', { name: P.orderTitle })).toBeNull();
      expect(renderOffers).not.toHaveBeenCalled();
      // The facts can still be given.
      expect(screen.getByRole('button', { name: P.saveFacts })).toBeTruthy();
      expect(screen.queryByRole('link', { name: P.fixAddress }) !== null).toBe(
        reason === 'position',
      );
    },
  );

  it('holds the order buttons until the living area is known, and says why', async () => {
    renderPanel(page(null));
    const button = await screen.findByRole('button', { name: 'Get It Free' });
    const why = screen.getByText(T.needsLivingArea);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(why.id);
  });

  it('opens ordering once the living area is saved', async () => {
    renderPanel({ ...page(null), facts: { ...EMPTY_PROPERTY_FACTS, livingArea: 1800 } });
    const button = await screen.findByRole('button', { name: 'Get It Free' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(T.needsLivingArea)).toBeNull();
  });
});
