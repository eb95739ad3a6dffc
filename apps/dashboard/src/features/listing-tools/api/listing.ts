import { LISTING_TOOLS_API, ZOwnedListingResponseSchema } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const ownedListingKey = (property: string) => ['dashboard', 'listing', property] as const;

/** The property's public listing the tools work on; a 404 when it has none (or is not ours). */
export const useOwnedListing = (property: string) =>
  useQuery({
    queryKey: ownedListingKey(property),
    queryFn: ({ signal }) =>
      api.get(`${LISTING_TOOLS_API.listing}?property=${encodeURIComponent(property)}`, {
        schema: ZOwnedListingResponseSchema,
        signal,
      }),
    retry: false,
  });
