import { type TPermission, ZStaffAccessSchema } from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const staffAccessQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'access'],
    queryFn: ({ signal }) => api.get(ADMIN_API.access, { schema: ZStaffAccessSchema, signal }),
  });

/** What the signed-in staff member may do; the staff area shows only that. */
export const useStaffAccess = () => useQuery(staffAccessQueryOptions());

export function grants(permissions: readonly TPermission[] | undefined, p: TPermission): boolean {
  return !!permissions?.includes(p);
}
