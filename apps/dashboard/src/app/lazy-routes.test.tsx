// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { usePagePreload, withLazyPages } from './lazy-routes.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  readyState?.mockRestore();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
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
});

/** A lazy route per area, one nested under a layout, each recording when it was fetched. */
function areaRoutes() {
  const fetched: string[] = [];
  const load = (name: string) => async () => {
    fetched.push(name);
    return {};
  };
  withLazyPages([
    { path: '/dashboard/invitation', lazy: load('invitation') },
    {
      path: '/dashboard',
      lazy: load('dashboard layout'),
      children: [{ path: 'messages', lazy: load('messages') }],
    },
    {
      path: '/vendor',
      element: <Shell />,
      children: [{ path: 'work-orders', lazy: load('work') }],
    },
    {
      path: '/admin',
      lazy: load('admin layout'),
      children: [{ path: 'jobs', lazy: load('jobs') }],
    },
  ]);
  return fetched;
}

const CUSTOMER = { vendor: false, admin: false };

let readyState: MockInstance | undefined;

/** Until the window's load event, as while the first page's scripts are still coming. */
function loading() {
  readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
}

/** The window's load event, by which time the document is complete. */
function loaded() {
  readyState?.mockRestore();
  window.dispatchEvent(new Event('load'));
}

describe('usePagePreload', () => {
  it('fetches nothing before the load event, then each page in turn while idle', async () => {
    vi.useFakeTimers();
    loading();
    const fetched = areaRoutes();
    renderHook(() => usePagePreload(CUSTOMER));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetched).toEqual([]);
    loaded();
    await vi.advanceTimersByTimeAsync(200);
    expect(fetched).toEqual(['invitation']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetched).toEqual(['invitation', 'dashboard layout', 'messages']);
  });

  it('fetches only the areas the role opens: customers’ pages for all, then vendor or staff', async () => {
    vi.useFakeTimers();
    const cases = [
      [CUSTOMER, ['invitation', 'dashboard layout', 'messages']],
      [{ vendor: true, admin: false }, ['invitation', 'dashboard layout', 'messages', 'work']],
      [
        { vendor: false, admin: true },
        ['invitation', 'dashboard layout', 'messages', 'admin layout', 'jobs'],
      ],
    ] as const;
    for (const [user, expected] of cases) {
      const fetched = areaRoutes();
      const { unmount } = renderHook(() => usePagePreload(user));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(fetched).toEqual(expected);
      unmount();
    }
  });

  it('fetches the pages of the area the person is in first', async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/admin/users');
    const fetched = areaRoutes();
    renderHook(() => usePagePreload({ vendor: true, admin: true }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetched).toEqual([
      'admin layout',
      'jobs',
      'invitation',
      'dashboard layout',
      'messages',
      'work',
    ]);
  });

  it('fetches nothing without a signed-in user, or once unmounted', async () => {
    vi.useFakeTimers();
    const fetched = areaRoutes();
    renderHook(() => usePagePreload(undefined));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetched).toEqual([]);
    loading();
    const { unmount } = renderHook(() => usePagePreload(CUSTOMER));
    unmount();
    loaded();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetched).toEqual([]);
  });
});
