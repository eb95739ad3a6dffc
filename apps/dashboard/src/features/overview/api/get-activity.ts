import { ZActivityResponseSchema } from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const activityQueryOptions = (property: string) =>
  queryOptions({
    queryKey: ['dashboard', 'activity', property],
    queryFn: ({ signal }) =>
      api.get(`${DASHBOARD_API.activity}?property=${encodeURIComponent(property)}`, {
        schema: ZActivityResponseSchema,
        signal,
      }),
  });

export const useActivity = (property: string) => useQuery(activityQueryOptions(property));
