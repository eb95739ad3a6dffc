import type { TCurrentUser } from '@lantern/contracts';
import { whenIdle } from '@lantern/ui';
import { useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { paths } from '../config/paths.ts';

type TLoad = () => Promise<unknown>;
/** The dashboard's areas, as the server guards them: customers' pages are everyone's. */
type TArea = 'dashboard' | 'vendor' | 'admin';
let preloads: readonly { area: TArea; load: TLoad }[] = [];

/** The area a path belongs to; the pages outside the three (invitations) are customers'. */
function areaOf(path: string | undefined): TArea {
  for (const area of ['vendor', 'admin'] as const) {
    if (path === paths[area] || path?.startsWith(`${paths[area]}/`)) return area;
  }
  return 'dashboard';
}

/**
 * Every route but the not-found page is loaded by react-router's route `lazy`: the areas' layouts
 * and landing pages too, so the entry chunk holds none of them (decision 083; the shell links what
 * an area's landing page loads, so it comes with the entry). Each such route gets PageLoading as
 * its static HydrateFallback: on a direct load the router renders the matched routes down to the
 * first lazy one and draws that one's fallback (issue 14, item 3). The routes' `lazy` functions
 * are kept, in order and by area, for `usePagePreload`.
 */
export function withLazyPages(routes: RouteObject[]): RouteObject[] {
  const loads: { area: TArea; load: TLoad }[] = [];
  const visit = (list: RouteObject[], area?: TArea): RouteObject[] =>
    list.map((route) => {
      const { lazy, children } = route;
      const routeArea = area ?? areaOf(route.path);
      if (typeof lazy === 'function') loads.push({ area: routeArea, load: lazy });
      const visited = { ...route, ...(lazy ? { HydrateFallback: PageLoading } : {}) };
      return children
        ? ({ ...visited, children: visit(children, routeArea) } as RouteObject)
        : visited;
    });
  const prepared = visit(routes);
  preloads = loads;
  return prepared;
}

/**
 * Fetch the chunks of the pages `user` can open, one at a time, once the page has loaded and the
 * browser is idle, so the next navigation does not wait (decision 083). After `load` (whenIdle
 * waits for it), so nothing competes with what the first page needs; only the user's areas
 * (customers' pages for everyone signed in, the vendor area for vendors, the staff area for
 * staff), so nobody downloads pages the server would refuse them; the area the person is in first.
 * One at a time because a burst of a hundred module requests fills the browser's six connections
 * to the server and queues what the person just asked for (an order, a save) behind code they may
 * never open. Nothing without a signed-in user (the invitation pages signed out).
 */
export function usePagePreload(user: Pick<TCurrentUser, 'vendor' | 'admin'> | undefined): void {
  const vendor = user?.vendor ?? false;
  const admin = user?.admin ?? false;
  const signedIn = user !== undefined;
  useEffect(() => {
    if (!signedIn) return;
    const open = (area: TArea) => area === 'dashboard' || (area === 'vendor' ? vendor : admin);
    const here = areaOf(window.location.pathname);
    const queue = preloads
      .filter(({ area }) => open(area))
      .sort((a, b) => Number(b.area === here) - Number(a.area === here));
    let cancelled = false;
    let cancelNext = () => {};
    const next = (index: number) => {
      const item = queue[index];
      if (cancelled || !item) return;
      cancelNext = whenIdle(() => {
        void item
          .load()
          .catch(() => undefined)
          .then(() => next(index + 1));
      });
    };
    next(0);
    return () => {
      cancelled = true;
      cancelNext();
    };
  }, [signedIn, vendor, admin]);
}
