import { ZTaxRateSchema, ZTaxRatesResponseSchema } from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const taxRatesKey = ['admin', 'tax-rates'] as const;

export function useTaxRates() {
  return useQuery({
    queryKey: taxRatesKey,
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.taxRates, { schema: ZTaxRatesResponseSchema, signal }),
  });
}

export function useSetTaxRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ state, rateBasisPoints }: { state: string; rateBasisPoints: number }) =>
      api.request('PUT', ADMIN_API.taxRate(state), {
        body: { rateBasisPoints },
        schema: ZTaxRateSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: taxRatesKey }),
  });
}
