import {
  ZValuationDisclaimerSchema,
  ZValuationDisclaimersResponseSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const disclaimersKey = ['admin', 'valuation-disclaimers'] as const;

/** Every state's valuation disclaimer, with the fixed sentence and our default wording. */
export function useValuationDisclaimers() {
  return useQuery({
    queryKey: disclaimersKey,
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.valuationDisclaimers, {
        schema: ZValuationDisclaimersResponseSchema,
        signal,
      }),
  });
}

/** Set a state's wording; empty text puts it back to our default wording. */
export function useSetValuationDisclaimer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ state, text }: { state: string; text: string }) =>
      api.request('PUT', ADMIN_API.valuationDisclaimer(state), {
        body: { text },
        schema: ZValuationDisclaimerSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: disclaimersKey }),
  });
}
