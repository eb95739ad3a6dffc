import {
  OPEN_HOUSES_API,
  type TOpenHouse,
  type TOpenHouseRequest,
  ZOpenHouseResponseSchema,
  ZOpenHousesResponseSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const openHousesKey = (property: string) =>
  ['dashboard', 'listing', property, 'open-houses'] as const;

/** The listing's open houses: coming up, and past or cancelled (issue 22). */
export const useOpenHouses = (property: string) =>
  useQuery({
    queryKey: openHousesKey(property),
    queryFn: ({ signal }) =>
      api.get(`${OPEN_HOUSES_API.list}?property=${encodeURIComponent(property)}`, {
        schema: ZOpenHousesResponseSchema,
        signal,
      }),
  });

/** Each change answers the open house as it is now; the list is loaded again. */
function useOpenHouseChange<V>(
  property: string,
  call: (v: V) => Promise<{ openHouse: TOpenHouse }>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: openHousesKey(property) }),
  });
}

export const useScheduleOpenHouse = (property: string) =>
  useOpenHouseChange(property, (body: TOpenHouseRequest) =>
    api.post(OPEN_HOUSES_API.list, { ...body, property }, { schema: ZOpenHouseResponseSchema }),
  );

export const useChangeOpenHouse = (property: string) =>
  useOpenHouseChange(property, ({ id, body }: { id: string; body: TOpenHouseRequest }) =>
    api.request('PUT', OPEN_HOUSES_API.item(id), {
      body: { ...body, property },
      schema: ZOpenHouseResponseSchema,
    }),
  );

export const useCancelOpenHouse = (property: string) =>
  useOpenHouseChange(property, (id: string) =>
    api.post(OPEN_HOUSES_API.cancel(id), { property }, { schema: ZOpenHouseResponseSchema }),
  );
