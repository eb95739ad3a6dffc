import { ZActivityEntrySchema, ZActivityPageSchema } from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const activityKey = ['admin', 'activity'] as const;

export const fetchActivityPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.activity}?${query}`, { schema: ZActivityPageSchema, signal });

export const activityExportHref = (query: string) => {
  const q = new URLSearchParams(query);
  q.delete('limit');
  q.delete('cursor');
  q.delete('sort');
  return `${ADMIN_API.activityExport}?${q}`;
};

export const activityEntryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...activityKey, 'entry', id],
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.activityEntry(id), { schema: ZActivityEntrySchema, signal }),
  });
export const useActivityEntry = (id: number | null) =>
  useQuery({ ...activityEntryQueryOptions(id ?? 0), enabled: id !== null });
