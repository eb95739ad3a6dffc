import {
  MLS_LISTING_LIFECYCLE_API,
  type TMlsListingSignRequest,
  ZMlsListingSignResponseSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

export const signKey = (property: string) =>
  ['dashboard', 'mls-listing', 'sign', property] as const;

export const signQueryOptions = (property: string) =>
  queryOptions({
    queryKey: signKey(property),
    queryFn: ({ signal }) =>
      api.get(`${MLS_LISTING_LIFECYCLE_API.sign}?property=${encodeURIComponent(property)}`, {
        schema: ZMlsListingSignResponseSchema,
        signal,
      }),
  });

/** The agreement to sign (made from the listing as it stands), its signers and the disclosure. */
export const useListingAgreement = (property: string) => useQuery(signQueryOptions(property));

const ZSignedSchema = z.object({ completed: z.boolean(), message: z.string() });

/** One owner's signature; the listing and the agreement are read again after it. */
export function useSignAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMlsListingSignRequest) =>
      api.post(MLS_LISTING_LIFECYCLE_API.sign, body, { schema: ZSignedSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: ['dashboard', 'mls-listing'] }),
  });
}

/** Where a copy of a listing's document downloads (the browser follows the link itself). */
export const documentHref = (hash: string, property: string, copy: 'unsigned' | 'signed') =>
  `${MLS_LISTING_LIFECYCLE_API.document(hash)}?property=${encodeURIComponent(property)}&copy=${copy}`;
