import {
  LOCKBOX_API,
  type TAddLockboxesRequest,
  type TLockboxStateRequest,
  type TRentLockboxRequest,
  type TReturnLockboxRequest,
  ZAddLockboxesResponseSchema,
  ZAdminLockboxRentalSchema,
  ZAdminLockboxSchema,
  ZLockboxesPageSchema,
  ZLockboxOrdersSchema,
  ZLockboxRentalsPageSchema,
  ZReturnLockboxResponseSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Every lockbox query starts with this key: any change refreshes the tables, orders and menu. */
export const lockboxesKey = ['admin', 'lockboxes'] as const;
export const lockboxInventoryKey = [...lockboxesKey, 'inventory'] as const;
export const lockboxRentalsKey = [...lockboxesKey, 'rentals'] as const;

export const fetchLockboxesPage = (query: string, signal: AbortSignal) =>
  api.get(`${LOCKBOX_API.lockboxes}?${query}`, { schema: ZLockboxesPageSchema, signal });

export const fetchLockboxRentalsPage = (query: string, signal: AbortSignal) =>
  api.get(`${LOCKBOX_API.rentals}?${query}`, { schema: ZLockboxRentalsPageSchema, signal });

/** Paid lockbox rental orders with no lockbox out (the rent-out form's choices). */
export function useWaitingLockboxOrders(enabled = true) {
  return useQuery({
    queryKey: [...lockboxesKey, 'orders'],
    queryFn: ({ signal }) => api.get(LOCKBOX_API.orders, { schema: ZLockboxOrdersSchema, signal }),
    enabled,
  });
}

/** Lockboxes in stock, by serial (the rent-out form's choices; the first 100). */
export function useLockboxesInStock(enabled = true) {
  return useQuery({
    queryKey: [...lockboxesKey, 'in-stock'],
    queryFn: ({ signal }) =>
      fetchLockboxesPage('state=in_stock&sort=serial&dir=asc&limit=100', signal),
    enabled,
  });
}

function useLockboxMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: lockboxesKey });
      await client.invalidateQueries({ queryKey: ['admin', 'summary'] });
    },
  });
}

export const useAddLockboxes = () =>
  useLockboxMutation((body: TAddLockboxesRequest) =>
    api.post(LOCKBOX_API.lockboxes, body, { schema: ZAddLockboxesResponseSchema }),
  );

export const useChangeLockboxState = (hash: string) =>
  useLockboxMutation((body: TLockboxStateRequest) =>
    api.post(LOCKBOX_API.lockboxState(hash), body, { schema: ZAdminLockboxSchema }),
  );

export const useRentLockbox = () =>
  useLockboxMutation((body: TRentLockboxRequest) =>
    api.post(LOCKBOX_API.rentals, body, { schema: ZAdminLockboxRentalSchema }),
  );

export const useReturnLockbox = (hash: string) =>
  useLockboxMutation((body: TReturnLockboxRequest) =>
    api.post(LOCKBOX_API.rentalReturn(hash), body, { schema: ZReturnLockboxResponseSchema }),
  );
