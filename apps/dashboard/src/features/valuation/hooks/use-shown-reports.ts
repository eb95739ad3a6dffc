import { type TValuationReportSummary, VALUATION_PRODUCTS } from '@lantern/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The URL parameter naming the version the person chose to see (kept with `property`). */
export const REPORT_PARAM = 'report';

/**
 * Which reports the page shows: for each product (in catalogue order) the version named in the
 * URL when it is of that product, else its newest. Choosing a version puts it in the URL, so
 * Back returns to the one seen before and a link opens the same view.
 */
export function useShownReports(reports: readonly TValuationReportSummary[]) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get(REPORT_PARAM);
  const shown = useMemo(() => {
    const picked = reports.find((r) => r.hash === chosen);
    return VALUATION_PRODUCTS.flatMap((product) => {
      if (picked?.product === product) return [picked];
      // The list is newest first.
      const newest = reports.find((r) => r.product === product);
      return newest ? [newest] : [];
    });
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
