import { whenIdle } from '@lantern/ui';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';

type TLoad = () => Promise<unknown>;
let preloads: readonly TLoad[] = [];

/**
 * Every route but the layouts and the pages where people land (overview, staff and vendor
 * homes) is its own chunk, loaded by react-router's route `lazy`. Each such route gets
 * PageLoading as its static HydrateFallback: on a direct load the router renders the matched
 * routes down to the first lazy one and draws that one's fallback, so the header and sidebar
 * paint at once and the page fills in (issue 14, item 3). The routes' `lazy` functions are kept,
 * in order, for `preloadPages`.
 */
export function withLazyPages(routes: RouteObject[]): RouteObject[] {
  const loads: TLoad[] = [];
  const visit = (list: RouteObject[]): RouteObject[] =>
    list.map((route) => {
      const { lazy, children } = route;
      if (typeof lazy === 'function') loads.push(lazy);
      const visited = { ...route, ...(lazy ? { HydrateFallback: PageLoading } : {}) };
      return children ? ({ ...visited, children: visit(children) } as RouteObject) : visited;
    });
  const prepared = visit(routes);
  preloads = loads;
  return prepared;
}

/**
 * Fetch every page's chunk while the browser is idle, one at a time, so the next navigation does
 * not wait. One at a time because a burst of a hundred module requests fills the browser's six
 * connections to the server and queues what the person just asked for (an order, a save) behind
 * code they may never open.
 */
export function preloadPages(): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const next = (index: number) => {
    const load = preloads[index];
    if (cancelled || !load) return;
    cancelIdle = whenIdle(() => {
      void load()
        .catch(() => undefined)
        .then(() => next(index + 1));
    });
  };
  next(0);
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
