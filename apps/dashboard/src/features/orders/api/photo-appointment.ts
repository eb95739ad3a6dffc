import {
  PHOTO_APPOINTMENT_API,
  type TPhotoSlot,
  ZPhotoAppointmentViewSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { workOrdersKey } from './get-work-orders.ts';

export const photoAppointmentKey = (property: string) =>
  ['dashboard', 'photo-appointment', property] as const;

/** The property's photography visit and the times that may be booked (decision 046). */
export const usePhotoAppointment = (property: string) =>
  useQuery({
    queryKey: photoAppointmentKey(property),
    queryFn: ({ signal }) =>
      api.get(`${PHOTO_APPOINTMENT_API.customer}?property=${encodeURIComponent(property)}`, {
        schema: ZPhotoAppointmentViewSchema,
        signal,
      }),
  });

export type PhotoChange = { action: 'book' | 'move'; slot: TPhotoSlot } | { action: 'cancel' };

/** Book, move or cancel the visit; the answer is the visit as it is now. */
export function useChangePhotoAppointment(property: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PhotoChange) =>
      change.action === 'cancel'
        ? api.post(
            PHOTO_APPOINTMENT_API.cancel,
            { property },
            { schema: ZPhotoAppointmentViewSchema },
          )
        : api.post(
            change.action === 'book' ? PHOTO_APPOINTMENT_API.customer : PHOTO_APPOINTMENT_API.move,
            {
              property,
              photographer: change.slot.photographer.hash,
              startsAt: change.slot.startsAt,
            },
            { schema: ZPhotoAppointmentViewSchema },
          ),
    onSuccess: async (view) => {
      client.setQueryData(photoAppointmentKey(property), view);
      await client.invalidateQueries({ queryKey: workOrdersKey(property) });
    },
    // A time taken meanwhile: show what is free now.
    onError: async () => {
      await client.invalidateQueries({ queryKey: photoAppointmentKey(property) });
    },
  });
}
