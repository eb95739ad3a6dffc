import {
  ADMIN_LISTINGS_API,
  ZAdminChangesPageSchema,
  ZChangeDecidedSchema,
} from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const listingChangesKey = ['admin', 'listing-changes'] as const;

export const fetchListingChangesPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_LISTINGS_API.changes}?${query}`, { schema: ZAdminChangesPageSchema, signal });

/** Where staff download a listing document's signed PDF (a change form, a renewal). */
export const adminDocumentHref = (listing: string, document: string) =>
  `${ADMIN_LISTINGS_API.document(listing, document)}?copy=signed`;

/** Staff made the change on the MLS (note optional); the queue reads again. */
export function useCompleteChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ hash, note }: { hash: string; note?: string }) =>
      api.post(ADMIN_LISTINGS_API.complete(hash), note ? { note } : {}, {
        schema: ZChangeDecidedSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: listingChangesKey }),
  });
}

/** Staff cannot make the change: a note the owners read is required. */
export function useDeclineChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ hash, note }: { hash: string; note: string }) =>
      api.post(ADMIN_LISTINGS_API.decline(hash), { note }, { schema: ZChangeDecidedSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: listingChangesKey }),
  });
}
