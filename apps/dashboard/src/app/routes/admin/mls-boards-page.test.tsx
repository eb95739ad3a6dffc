// @vitest-environment jsdom
import type { TAdminMlsBoard, TStaffAccess } from '@lantern/contracts';
import { ADMIN_API, MLS_BOARD_PAGE_TEXTS as T } from '@lantern/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useMockServer } from '../../../test/msw.ts';
import { MlsBoardsPage } from './mls-boards-page.tsx';

/* Admin → MLS boards with only the network faked: the staff member's access and the boards. */

afterEach(cleanup);

// jsdom does not know <search> (the landmark the table's search box sits in) and React warns of
// an unknown tag; the element is a plain HTMLElement in browsers, so it is one here too.
const tagOfUnknown = Object.getOwnPropertyDescriptor(
  HTMLUnknownElement.prototype,
  Symbol.toStringTag,
);
beforeAll(() => {
  Object.defineProperty(HTMLUnknownElement.prototype, Symbol.toStringTag, {
    configurable: true,
    get() {
      return (this as Element).localName === 'search' ? 'HTMLElement' : 'HTMLUnknownElement';
    },
  });
});
afterAll(() => {
  if (tagOfUnknown)
    Object.defineProperty(HTMLUnknownElement.prototype, Symbol.toStringTag, tagOfUnknown);
});

const { server, requests } = useMockServer();

const NWMLS: TAdminMlsBoard = {
  slug: 'nwmls',
  name: 'Northwest Multiple Listing Service',
  shortName: 'NWMLS',
  states: ['WA'],
  counties: ['King'],
  region: 'Western Washington',
  website: 'https://www.nwmls.com',
  sourceName: 'NWMLS website',
  sourceUrl: 'https://www.nwmls.com/about',
  notes: null,
  listingFeeCents: null,
  rules: null,
  updatedAt: '2026-11-01T12:00:00.000Z',
};

const access = (permissions: TStaffAccess['permissions']): TStaffAccess => ({
  role: { key: 'owner', name: 'Owner', isOwner: true },
  permissions,
});

function showPage(permissions: TStaffAccess['permissions']) {
  server.use(
    http.get(ADMIN_API.access, () => HttpResponse.json(access(permissions))),
    http.get(ADMIN_API.mlsBoards, () => HttpResponse.json({ rows: [NWMLS], nextCursor: null })),
  );
  const router = createMemoryRouter([{ path: '/admin/mls-boards', element: <MlsBoardsPage /> }], {
    initialEntries: ['/admin/mls-boards'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('Admin → MLS boards', () => {
  it('says a save shows on the public pages at once, and asks the server nothing more', async () => {
    showPage([]);
    expect(await screen.findByText('Northwest Multiple Listing Service')).toBeTruthy();
    expect(screen.getByText(T.publicPages)).toBeTruthy();
    expect(screen.queryByText(/is saved/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    const paths = requests.map((r) => new URL(r.url).pathname);
    expect(new Set(paths)).toEqual(new Set([ADMIN_API.access, ADMIN_API.mlsBoards]));
  });

  it('after a save, tells the staff member the public pages show the change now', async () => {
    let sent: unknown;
    server.use(
      http.put(ADMIN_API.mlsBoard('nwmls'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...NWMLS, region: 'Puget Sound' });
      }),
    );
    showPage(['mls.manage']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit Northwest/ }));
    const region = screen.getByLabelText('Area, in the board’s own words (optional)');
    await user.clear(region);
    await user.type(region, 'Puget Sound');
    await user.click(screen.getByRole('button', { name: 'Save board' }));
    const saved = await screen.findByText(T.saved('Northwest Multiple Listing Service'));
    expect(saved.getAttribute('role')).toBe('status');
    expect(saved.textContent).toBe(
      'Northwest Multiple Listing Service is saved. The public MLS pages show the change now.',
    );
    expect(sent).toMatchObject({ region: 'Puget Sound', states: ['WA'] });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
