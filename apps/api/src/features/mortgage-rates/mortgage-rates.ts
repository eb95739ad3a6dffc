import {
  MORTGAGE_RATE_HISTORY,
  type TMortgageRate,
  type TMortgageRatesAdmin,
  type TPublicMortgageRate,
} from '@lantern/contracts';
import { afterCommit } from '@lantern/db';
import type { EventBus } from '../../lib/event-bus.ts';
import type {
  MortgageRateRepository,
  NewMortgageRate,
  StoredMortgageRate,
} from './mortgage-rates.repository.ts';

/** What the activity log keeps of a rate: everything staff set. */
export const rateFields = ({ rateThousandths, asOf, source, sourceUrl }: StoredMortgageRate) => ({
  rateThousandths,
  asOf,
  source,
  sourceUrl,
});

export const toMortgageRate = (r: StoredMortgageRate): TMortgageRate => ({
  id: r.id,
  rateThousandths: r.rateThousandths,
  asOf: r.asOf,
  source: r.source,
  sourceUrl: r.sourceUrl,
  createdAt: r.createdAt.toISOString(),
  setBy: r.setByEmail === null ? null : { name: r.setByName, email: r.setByEmail },
});

/** Bus topic: staff set a new rate. */
const CHANGED = 'mortgage-rate.changed';

/**
 * The mortgage rate of the listing pages' payment estimate (issue 47; docs/decisions/090). The
 * pages read the current rate through `current()`, cached in this process; a new rate clears the
 * cache here after its commit and on every other instance through the bus
 * (`mortgage-rate.changed`, or a lost bus connection), and tells the `onChange` listeners, which
 * drop the kept listing pages.
 */
export function createMortgageRates(deps: { repo: MortgageRateRepository; bus: EventBus }) {
  const { repo, bus } = deps;
  const listeners = new Set<() => void>();
  let cached: Promise<TPublicMortgageRate | null> | null = null;
  const dropCache = () => {
    cached = null;
    for (const listener of listeners) listener();
  };
  bus.subscribe(CHANGED, dropCache);
  bus.onReset(dropCache);

  return {
    /** The rate listing pages start from (SiteData.mortgageRate); null until staff set one. */
    current(): Promise<TPublicMortgageRate | null> {
      if (!cached) {
        const loading = repo.current().then((row) => (row ? rateFields(row) : null));
        cached = loading;
        // A failed read is not kept: the next page asks again.
        loading.catch(() => {
          if (cached === loading) cached = null;
        });
      }
      return cached;
    },

    /** Hears every new rate; answers the unsubscribe. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async admin(): Promise<TMortgageRatesAdmin> {
      const [current, ...earlier] = await repo.newest(MORTGAGE_RATE_HISTORY + 1);
      return {
        current: current ? toMortgageRate(current) : null,
        earlier: earlier.map(toMortgageRate),
      };
    },

    /**
     * A new current rate, shown on every instance's listing pages once it commits; with the one
     * it replaces (undefined for the first), for the activity log.
     */
    async add(fields: NewMortgageRate) {
      const before = await repo.current();
      const made = await repo.add(fields);
      await afterCommit(dropCache);
      await bus.publish(CHANGED, {});
      return { before, made };
    },
  };
}
export type MortgageRates = ReturnType<typeof createMortgageRates>;
