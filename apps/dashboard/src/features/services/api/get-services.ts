import {
  SERVICES_LOAD_ERROR,
  type TServicesForPropertyResponse,
  ZServicesForPropertyResponseSchema,
} from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { ApiError } from '@lantern/domain/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const servicesKey = (property: string) => ['dashboard', 'services', property] as const;

export const getServices = (property: string, signal?: AbortSignal) =>
  api.get<TServicesForPropertyResponse>(
    `${DASHBOARD_API.servicesForProperty}?property=${encodeURIComponent(property)}`,
    { schema: ZServicesForPropertyResponseSchema, ...(signal ? { signal } : {}) },
  );

export const servicesQueryOptions = (property: string) =>
  queryOptions({
    queryKey: servicesKey(property),
    queryFn: ({ signal }) => getServices(property, signal),
    // The modal tells the person at once; asking again is theirs to do (reload).
    retry: false,
  });

/** The services of the current property; idle without one. */
export const useServices = (property: string | null) =>
  useQuery({ ...servicesQueryOptions(property ?? ''), enabled: !!property });

/** Spec section 8: the server's message, or the fixed text when there is none. */
export function servicesErrorMessage(error: unknown): string {
  // The client invents 'Request failed (NNN).' when a response carried no message of its own.
  if (error instanceof ApiError && !/^Request failed \(\d+\)\.$/.test(error.message)) {
    return error.message;
  }
  return SERVICES_LOAD_ERROR;
}
