import { US_STATES } from '@lantern/address';
import {
  HOMES_LISTED_FLOOR,
  type TReviewRating,
  type TSiteTrust,
  type TSiteTrustAdmin,
  type TStateNotice,
} from '@lantern/contracts';
import { afterCommit, type ReviewRatingRow, type StateNoticeRow } from '@lantern/db';
import type { EventBus } from '../../lib/event-bus.ts';
import type {
  Changed,
  NoticeFields,
  ReviewFields,
  SiteTrustRepository,
} from './site-trust.repository.ts';

/** How long one instance trusts its count of homes listed: at most one query per five minutes. */
export const HOMES_LISTED_TTL_MS = 5 * 60_000;

const STATE_NAMES: ReadonlyMap<string, string> = new Map(US_STATES.map((s) => [s.code, s.name]));
const stateName = (code: string) => STATE_NAMES.get(code) ?? code;

export const toNotice = (r: StateNoticeRow): TStateNotice => ({
  id: r.id,
  state: r.state,
  stateName: stateName(r.state),
  label: r.label,
  url: r.url,
  position: r.position,
  updatedAt: r.updatedAt.toISOString(),
});

export const toReview = (r: ReviewRatingRow): TReviewRating => ({
  id: r.id,
  source: r.source,
  ratingTenths: r.ratingTenths,
  reviewCount: r.reviewCount,
  url: r.url,
  position: r.position,
  updatedAt: r.updatedAt.toISOString(),
});

type Configured = Pick<TSiteTrust, 'notices' | 'reviews'>;

/** The notices grouped by state (by the state's name), each state's links in staff's order. */
function publicNotices(rows: StateNoticeRow[]): TSiteTrust['notices'] {
  const byState = new Map<string, TSiteTrust['notices'][number]>();
  for (const r of rows) {
    const group = byState.get(r.state) ?? {
      state: r.state,
      stateName: stateName(r.state),
      links: [],
    };
    group.links.push({ label: r.label, url: r.url });
    byState.set(r.state, group);
  }
  return [...byState.values()].sort((a, b) => a.stateName.localeCompare(b.stateName));
}

async function loadConfigured(repo: SiteTrustRepository): Promise<Configured> {
  const [notices, reviews] = await Promise.all([repo.notices(), repo.reviews()]);
  return {
    notices: publicNotices(notices),
    reviews: reviews.map(({ source, ratingTenths, reviewCount, url }) => ({
      source,
      ratingTenths,
      reviewCount,
      url,
    })),
  };
}

/**
 * The count of homes listed, read at most every HOMES_LISTED_TTL_MS (a count per page view would
 * not scale) and shown only from the floor up. `onShownChange` hears when what the footer shows
 * changes, so pages kept with the old figure are dropped.
 */
function homesListedCounter(
  repo: Pick<SiteTrustRepository, 'homesListed'>,
  opts: { now: () => number; floor: number; onShownChange: () => void },
) {
  let shown: number | null = null;
  let readAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<number | null> | null = null;
  const stale = () => opts.now() - readAt >= HOMES_LISTED_TTL_MS;
  const refresh = () => {
    loading ??= repo
      .homesListed()
      .then((n) => {
        const next = n >= opts.floor ? n : null;
        const first = readAt === Number.NEGATIVE_INFINITY;
        readAt = opts.now();
        if (next !== shown) {
          shown = next;
          if (!first) opts.onShownChange();
        }
        return shown;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  return {
    /** The figure to show, read again when stale. */
    current: async () => (stale() ? refresh() : shown),
    /** Starts a read when stale, without waiting for it (a kept page's visit). */
    refreshIfStale: (onError: (err: unknown) => void) => {
      if (stale()) refresh().catch(onError);
    },
  };
}

/** Bus topic: staff changed what the footer of every page shows. */
const CHANGED = 'site-settings.changed';

/**
 * Trust signals and state notices (issue 45; docs/decisions/080): what staff configure on Admin
 * → Trust and notices, and the footer's read of it, cached in this process. A change clears the
 * cache on every instance through the bus (`site-settings.changed`), and `onChange` listeners
 * (the kept pages) hear it; so do they when the homes-listed figure shown changes here.
 */
export function createSiteTrust(deps: {
  repo: SiteTrustRepository;
  bus: EventBus;
  now?: () => number;
  floor?: number;
}) {
  const { repo, bus } = deps;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  let configured: Promise<Configured> | null = null;
  const dropCache = () => {
    configured = null;
    notify();
  };
  bus.subscribe(CHANGED, dropCache);
  bus.onReset(dropCache);
  const homes = homesListedCounter(repo, {
    now: deps.now ?? Date.now,
    floor: deps.floor ?? HOMES_LISTED_FLOOR,
    onShownChange: notify,
  });

  /** After the change commits: dropped here at once, and on every other instance by the bus. */
  const changed = async () => {
    await afterCommit(dropCache);
    await bus.publish(CHANGED, {});
  };

  const readConfigured = () => {
    if (!configured) {
      const loading = loadConfigured(repo);
      configured = loading;
      loading.catch(() => {
        if (configured === loading) configured = null;
      });
    }
    return configured;
  };

  return {
    /** What the footer shows (SiteData.trust). */
    async trust(): Promise<TSiteTrust> {
      const [shown, homesListed] = await Promise.all([readConfigured(), homes.current()]);
      return { ...shown, homesListed };
    },
    refreshIfStale: homes.refreshIfStale,
    /** Hears every change of what the footer shows; answers the unsubscribe. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async admin(): Promise<TSiteTrustAdmin> {
      const [notices, reviews, count] = await Promise.all([
        repo.notices(),
        repo.reviews(),
        repo.homesListed(),
      ]);
      return {
        notices: [...notices]
          .map(toNotice)
          .sort((a, b) => a.stateName.localeCompare(b.stateName) || a.position - b.position),
        reviews: reviews.map(toReview),
        homesListed: { count, floor: deps.floor ?? HOMES_LISTED_FLOOR },
      };
    },

    ...changes(repo, changed),
  };
}
export type SiteTrust = ReturnType<typeof createSiteTrust>;

/** Staff's changes, each followed by `changed`; an update or removal of no row answers undefined. */
function changes(repo: SiteTrustRepository, changed: () => Promise<void>) {
  const after = async <T>(result: T): Promise<T> => {
    if (result !== undefined) await changed();
    return result;
  };
  return {
    addNotice: async (fields: NoticeFields) => after(await repo.addNotice(fields)),
    updateNotice: async (id: number, fields: NoticeFields): Promise<Changed<StateNoticeRow>> =>
      after(await repo.updateNotice(id, fields)),
    removeNotice: async (id: number) => after(await repo.removeNotice(id)),
    addReview: async (fields: ReviewFields) => after(await repo.addReview(fields)),
    updateReview: async (id: number, fields: ReviewFields): Promise<Changed<ReviewRatingRow>> =>
      after(await repo.updateReview(id, fields)),
    removeReview: async (id: number) => after(await repo.removeReview(id)),
  };
}
