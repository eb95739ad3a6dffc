import {
  type TPropertyFacts,
  type TValuationPage,
  type TValuationReportStatus,
  VALUATION_API,
  ZValuationPageSchema,
  ZValuationRegenerateResponseSchema,
  ZValuationReportSchema,
} from '@lantern/contracts';
import { ApiError } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** How often a report being prepared is asked about again. */
export const PREPARING_POLL_MS = 3000;

export const valuationKey = (property: string) => ['dashboard', 'valuation', property] as const;

/**
 * The property's facts, whether valuations are offered and its reports (newest first). Asked
 * again every few seconds while any report is being prepared, so it turns ready by itself.
 */
export const useValuationPage = (property: string | null) =>
  useQuery({
    queryKey: valuationKey(property ?? ''),
    queryFn: ({ signal }) =>
      api.get(`${VALUATION_API.page}?property=${encodeURIComponent(property ?? '')}`, {
        schema: ZValuationPageSchema,
        signal,
      }),
    enabled: !!property,
    refetchInterval: (query) =>
      query.state.data?.reports.some((r) => r.status === 'preparing') ? PREPARING_POLL_MS : false,
  });

/**
 * One report as delivered. Keyed by the status its summary shows, so a report the page's
 * polling sees turn ready (or be refunded) is read again; nothing is asked while it is prepared.
 */
export const useValuationReport = (
  property: string,
  hash: string,
  status: TValuationReportStatus,
) =>
  useQuery({
    queryKey: [...valuationKey(property), 'report', hash, status],
    queryFn: ({ signal }) =>
      api.get(VALUATION_API.report(hash), { schema: ZValuationReportSchema, signal }),
    enabled: status !== 'preparing',
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The facts' field errors of a 422 by the fact's name, whether the API says `facts.x` or `x`. */
function factErrors(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.body.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(error.body.errors)) {
    errors[path.replace(/^facts\./, '')] = messages;
  }
  return new ApiError(error.status, { ...error.body, errors });
}

/** PUT the facts; the page's answer replaces the cached page at once. */
export function useSaveFacts(property: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (facts: TPropertyFacts) => {
      try {
        return await api.request('PUT', VALUATION_API.facts, {
          body: { property, facts },
          schema: ZValuationPageSchema,
        });
      } catch (error) {
        throw factErrors(error);
      }
    },
    onSuccess: (page: TValuationPage) => client.setQueryData(valuationKey(property), page),
  });
}

/** Make a paid report again from the facts saved now (409 with the reason when it may not). */
export function useRegenerateReport(property: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hash: string) =>
      api.post(VALUATION_API.regenerate(hash), {}, { schema: ZValuationRegenerateResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: valuationKey(property) }),
  });
}

/** Where a report's PDF is downloaded from. */
export const reportPdfHref = (hash: string) => VALUATION_API.pdf(hash);
