import { whenIdle } from '@lantern/ui';
import { type ComponentType, lazy, Suspense } from 'react';
import { PageLoading } from '../components/page-loading.tsx';

const preloads: (() => Promise<unknown>)[] = [];

/**
 * A page whose code is its own chunk, rendered through React's lazy inside the layout rather
 * than as a react-router `lazy` route: the router never waits for a chunk before drawing, so a
 * direct load paints the header and sidebar at once and the page fills in (issue 14, item 3).
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  preloads.push(load);
  return lazy(() => load().then((module) => ({ default: pick(module) })));
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

/** A Suspense boundary for routes outside a layout (standalone pages). */
export function Standalone({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
