import { ZPropertyDetailsResponseSchema } from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const propertyKey = (property: string) => ['dashboard', 'property', property] as const;

export const propertyQueryOptions = (property: string) =>
  queryOptions({
    queryKey: propertyKey(property),
    queryFn: ({ signal }) =>
      api.get(`${DASHBOARD_API.property}?property=${encodeURIComponent(property)}`, {
        schema: ZPropertyDetailsResponseSchema,
        signal,
      }),
  });

/** The property as stored, with can_edit; idle without one. */
export const usePropertyDetails = (property: string | null) =>
  useQuery({ ...propertyQueryOptions(property ?? ''), enabled: !!property });
