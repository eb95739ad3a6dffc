import {
  PHOTO_APPOINTMENT_API,
  type TPhotographerHours,
  ZPhotographerAvailabilitySchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { vendorKey } from './assignments.ts';

const hoursKey = [...vendorKey, 'photography-hours'] as const;

/** The field vendor's own photography hours (decision 046). */
export const usePhotographyHours = () =>
  useQuery({
    queryKey: hoursKey,
    queryFn: ({ signal }) =>
      api.get(PHOTO_APPOINTMENT_API.vendorHours, {
        schema: ZPhotographerAvailabilitySchema,
        signal,
      }),
  });

/** Replace them all at once. */
export function useSavePhotographyHours() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPhotographerHours) =>
      api.request('PUT', PHOTO_APPOINTMENT_API.vendorHours, {
        body,
        schema: ZPhotographerAvailabilitySchema,
      }),
    onSuccess: (saved) => client.setQueryData(hoursKey, saved),
  });
}
