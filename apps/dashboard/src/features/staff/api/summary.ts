import { ZAdminSummarySchema } from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const adminSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'summary'],
    queryFn: ({ signal }) => api.get(ADMIN_API.summary, { schema: ZAdminSummarySchema, signal }),
    refetchInterval: 60_000,
  });

export const useAdminSummary = () => useQuery(adminSummaryQueryOptions());
