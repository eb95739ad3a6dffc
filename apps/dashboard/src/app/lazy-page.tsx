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

/** Fetch every page's chunk when the browser is idle, so the next navigation does not wait. */
export function preloadPages(): () => void {
  return whenIdle(() => {
    for (const load of preloads) void load().catch(() => undefined);
  });
}

/** A Suspense boundary for routes outside a layout (standalone pages). */
export function Standalone({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
