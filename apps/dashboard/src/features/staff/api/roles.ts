import { type TRole, type TRoleInput, ZRoleSchema, ZRolesResponseSchema } from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const rolesKey = ['admin', 'roles'] as const;

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: rolesKey,
    queryFn: ({ signal }) => api.get(ADMIN_API.roles, { schema: ZRolesResponseSchema, signal }),
  });
export const useRoles = () => useQuery(rolesQueryOptions());

export function useSaveRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, input }: { key: string | null; input: TRoleInput }): Promise<TRole> =>
      key
        ? api.request('PUT', ADMIN_API.role(key), { body: input, schema: ZRoleSchema })
        : api.request('POST', ADMIN_API.roles, { body: input, schema: ZRoleSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api.request<void>('DELETE', ADMIN_API.role(key)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
