import type { TValuationReportSummary } from '@lantern/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The URL parameter naming the version the person chose to see (kept with `property`). */
export const REPORT_PARAM = 'report';

/**
 * Which reports the page shows: for each product the version named in the URL when it is of
 * that product, else its newest; the newest first, as in the list. Choosing a version puts it in the URL, so
 * Back returns to the one seen before and a link opens the same view.
 */
export function useShownReports(reports: readonly TValuationReportSummary[]) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get(REPORT_PARAM);
  const shown = useMemo(() => {
    const picked = reports.find((r) => r.hash === chosen);
    // The list is newest first: a product's first version in it is its newest.
    const newest = reports.filter(
      (r, i) => reports.findIndex((o) => o.product === r.product) === i,
    );
    return newest.map((r) => (picked?.product === r.product ? picked : r));
  }, [reports, chosen]);
  const show = useCallback(
    (hash: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set(REPORT_PARAM, hash);
        return next;
      }),
    [setParams],
  );
  return { shown, show };
}
