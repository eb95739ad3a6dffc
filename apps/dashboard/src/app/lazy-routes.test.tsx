// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPages, withLazyPages } from './lazy-routes.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The router's requests carry jsdom's AbortSignal, which Node's Request refuses: drop it. */
function nodeRequests() {
  vi.stubGlobal(
    'Request',
    class extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(input, { ...init, signal: undefined });
      }
    },
  );
}

function Shell() {
  return (
    <>
      <nav>Sidebar</nav>
      <Outlet />
    </>
  );
}

describe('lazy page routes', () => {
  it('draw the layout at once on a direct load, the page loading, then the page', async () => {
    nodeRequests();
    let arrive: () => void = () => {};
    const chunk = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const routes = withLazyPages([
      {
        path: '/area',
        element: <Shell />,
        children: [
          {
            path: 'page',
            lazy: () => chunk.then(() => ({ Component: () => <h1>The page</h1> })),
          },
        ],
      },
    ]);
    render(
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/area/page'] })} />,
    );
    expect(screen.getByText('Sidebar')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(screen.getByText('Sidebar')).toBeTruthy();
  });

  it('preload every lazy route, nested ones included, when idle', async () => {
    const loads = [vi.fn(async () => ({})), vi.fn(async () => ({})), vi.fn(async () => ({}))];
    withLazyPages([
      { path: '/a', lazy: loads[0] },
      { path: '/b', element: <Shell />, children: [{ path: 'c', lazy: loads[1] }] },
      { path: '/d', lazy: loads[2], children: [{ index: true, element: <p /> }] },
    ]);
    const stop = preloadPages();
    await vi.waitFor(
      () => {
        for (const load of loads) expect(load).toHaveBeenCalledOnce();
      },
      { timeout: 5_000 },
    );
    stop();
  });
});
