import { ZOverviewResponseSchema } from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'overview'],
    queryFn: ({ signal }) =>
      api.get(DASHBOARD_API.overview, { schema: ZOverviewResponseSchema, signal }),
  });

/** Every property of the user with its status. */
export const useOverview = () => useQuery(overviewQueryOptions());
