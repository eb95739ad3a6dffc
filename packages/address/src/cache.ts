import type { GeocodeOutcome, GeocodeQuery, Geocoder, PlaceSuggestion } from './geocoder.ts';
import { ADDRESS_FIELDS } from './types.ts';

export interface CacheOptions {
  /** Most entries kept for each of geocode and autocomplete. */
  max: number;
  /** How long an answer stays fresh. */
  ttlMs: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** A least-recently-used map with expiry: a Map keeps insertion order, so the first key is the oldest. */
function createLru<V>({ max, ttlMs, now = Date.now }: CacheOptions) {
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expires <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key: string, value: V): void {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
  };
}

const canonical = (text: string | undefined) =>
  (text ?? '').trim().replace(/\s+/g, ' ').toUpperCase();

function queryKey(query: GeocodeQuery): string {
  const fields = query.fields && ADDRESS_FIELDS.map((field) => canonical(query.fields?.[field]));
  return JSON.stringify([query.location, canonical(query.text), fields ?? null]);
}

/**
 * Remember answers so repeated submits and keystrokes do not reach a paid or rate-limited
 * provider. Provider errors are not kept (the next try may work), nor are rejections.
 */
export function withCache(geocoder: Geocoder, options: CacheOptions): Geocoder {
  const geocodes = createLru<GeocodeOutcome>(options);
  const suggestions = createLru<PlaceSuggestion[]>(options);
  return {
    async geocode(query, signal) {
      const key = queryKey(query);
      const cached = geocodes.get(key);
      if (cached) return cached;
      const outcome = await geocoder.geocode(query, signal);
      if (outcome.ok || outcome.reason !== 'provider_error') geocodes.set(key, outcome);
      return outcome;
    },
    async autocomplete(input, signal) {
      const key = canonical(input);
      const cached = suggestions.get(key);
      if (cached) return cached;
      const found = await geocoder.autocomplete(input, signal);
      suggestions.set(key, found);
      return found;
    },
  };
}
