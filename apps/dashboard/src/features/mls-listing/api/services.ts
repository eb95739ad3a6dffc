import {
  type TMlsListingServicesRequest,
  ZMlsListingServicesResponseSchema,
} from '@lantern/contracts';
import { MLS_LISTING_API } from '@lantern/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { listingKey } from './listing.ts';
import { paymentKey } from './payment.ts';

export const servicesKey = (property: string) =>
  ['dashboard', 'mls-listing', 'services', property] as const;

export const servicesQueryOptions = (property: string) =>
  queryOptions({
    queryKey: servicesKey(property),
    queryFn: ({ signal }) =>
      api.get(`${MLS_LISTING_API.services}?property=${encodeURIComponent(property)}`, {
        schema: ZMlsListingServicesResponseSchema,
        signal,
      }),
  });

/** The upgrades offered with this property's listing, and which are chosen. */
export const useListingServices = (property: string) => useQuery(servicesQueryOptions(property));

/** Saves the chosen upgrades (the step is then done); the invoice and the listing change too. */
export function useSaveServices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMlsListingServicesRequest) =>
      api.request('PUT', MLS_LISTING_API.services, {
        body,
        schema: ZMlsListingServicesResponseSchema,
      }),
    onSuccess: async (data, { property }) => {
      client.setQueryData(servicesKey(property), data);
      await Promise.all([
        client.invalidateQueries({ queryKey: listingKey(property) }),
        client.invalidateQueries({ queryKey: paymentKey(property) }),
      ]);
    },
  });
}
