import { LOCKBOX_API, ZCustomerLockboxRentalSchema } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const lockboxRentalKey = (property: string) =>
  ['dashboard', 'lockbox-rental', property] as const;

/** The property's lockbox rental (issue 21), or null when it has none. */
export const useLockboxRental = (property: string) =>
  useQuery({
    queryKey: lockboxRentalKey(property),
    queryFn: ({ signal }) =>
      api.get(`${LOCKBOX_API.customer}?property=${encodeURIComponent(property)}`, {
        schema: ZCustomerLockboxRentalSchema,
        signal,
      }),
  });
