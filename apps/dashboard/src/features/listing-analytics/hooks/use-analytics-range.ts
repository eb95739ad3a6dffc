import { useSearchParams } from 'react-router';
import type { AnalyticsRange } from '../api/analytics.ts';

/**
 * The days shown, kept in the URL beside `?property=` (`from`, `to`), so a range can be
 * bookmarked and Back works. Without them the server answers the last 30 days.
 */
export function useAnalyticsRange(): [AnalyticsRange, (range: AnalyticsRange) => void] {
  const [params, setParams] = useSearchParams();
  const range = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const set = (next: AnalyticsRange) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        for (const k of ['from', 'to'] as const) {
          const v = next[k];
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: true },
    );
  return [range, set];
}
