import { type TUserPropertiesResponse, ZUserPropertiesResponseSchema } from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { ApiError } from '@lantern/domain/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userPropertiesKey } from '../../../lib/user-properties-cache.ts';

/**
 * Spec section 8: a failing property-list load is only logged, and the list then counts as
 * loaded (empty). A 401 still goes to the login page through the API client.
 */
export async function getUserProperties(signal?: AbortSignal): Promise<TUserPropertiesResponse> {
  try {
    return await api.get(DASHBOARD_API.userProperties, {
      schema: ZUserPropertiesResponseSchema,
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (signal?.aborted || (err instanceof ApiError && err.status === 401)) throw err;
    console.warn('Loading the property list failed.', err);
    return { properties: [] };
  }
}

export const userPropertiesQueryOptions = () =>
  queryOptions({
    queryKey: userPropertiesKey,
    queryFn: ({ signal }) => getUserProperties(signal),
  });

export const useUserProperties = () => useQuery(userPropertiesQueryOptions());
