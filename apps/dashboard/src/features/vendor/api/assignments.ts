import { ZVendorAccessSchema, ZVendorAssignmentsPageSchema } from '@lantern/contracts';
import { VENDOR_API } from '@lantern/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const vendorKey = ['vendor'] as const;

export const vendorAccessQueryOptions = () =>
  queryOptions({
    queryKey: [...vendorKey, 'access'],
    queryFn: ({ signal }) => api.get(VENDOR_API.access, { schema: ZVendorAccessSchema, signal }),
  });
export const useVendorAccess = () => useQuery(vendorAccessQueryOptions());

export const fetchAssignmentsPage = (query: string, signal: AbortSignal) => {
  const q = new URLSearchParams(query);
  q.delete('sort');
  return api.get(`${VENDOR_API.assignments}?${q}`, {
    schema: ZVendorAssignmentsPageSchema,
    signal,
  });
};
