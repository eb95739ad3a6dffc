import {
  streetAddressUnit,
  type TPropertyDetails,
  type TUpdatePropertyRequest,
  type TUserPropertiesResponse,
  ZPropertyDetailsResponseSchema,
} from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userPropertiesKey } from '../../../lib/user-properties-cache.ts';
import { propertyKey } from './get-property.ts';

/** POST /api/dashboard/update-property; rejects with the ApiError (403, 422 field errors). */
export async function updateProperty(request: TUpdatePropertyRequest): Promise<TPropertyDetails> {
  const answer = await api.post(DASHBOARD_API.updateProperty, request, {
    schema: ZPropertyDetailsResponseSchema,
  });
  return answer.property;
}

/** This tab renames at once; others hear PropertyUpdated. */
export function applyPropertyUpdate(queryClient: QueryClient, property: TPropertyDetails) {
  queryClient.setQueryData(propertyKey(property.hash), { property });
  const streetAddress = streetAddressUnit(property.street, property.unit);
  queryClient.setQueryData<TUserPropertiesResponse>(userPropertiesKey, (old) =>
    old
      ? {
          properties: old.properties.map((p) =>
            p.hash === property.hash ? { ...p, streetAddress } : p,
          ),
        }
      : old,
  );
  void queryClient.invalidateQueries({ queryKey: ['dashboard', 'overview'] });
  void queryClient.invalidateQueries({ queryKey: ['dashboard', 'activity', property.hash] });
}
