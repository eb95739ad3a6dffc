import {
  type TMortgageRateRequest,
  ZMortgageRateSchema,
  ZMortgageRatesAdminSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const ratesKey = ['admin', 'mortgage-rates'] as const;

/** The current mortgage rate and the earlier ones (docs/decisions/090). */
export function useMortgageRates() {
  return useQuery({
    queryKey: ratesKey,
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.mortgageRates, { schema: ZMortgageRatesAdminSchema, signal }),
  });
}

/** Set a new current rate. */
export function useSetMortgageRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMortgageRateRequest) =>
      api.request('POST', ADMIN_API.mortgageRates, { body, schema: ZMortgageRateSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ratesKey }),
  });
}
