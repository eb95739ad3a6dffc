import {
  type TAdminUserDetail,
  type TCreateAssignmentRequest,
  ZAdminPropertiesPageSchema,
  ZAdminUserDetailSchema,
  ZAdminUserRecordsSchema,
  ZAdminUsersPageSchema,
  ZAssignmentSchema,
  ZEndSessionsResponseSchema,
} from '@lantern/contracts';
import { ADMIN_API, type TVendorKind } from '@lantern/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const usersKey = ['admin', 'users'] as const;

export const fetchUsersPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.users}?${query}`, { schema: ZAdminUsersPageSchema, signal });

export const usersExportHref = (query: string) => {
  const q = new URLSearchParams(query);
  q.delete('limit');
  q.delete('cursor');
  return `${ADMIN_API.usersExport}?${q}`;
};

export const userQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: [...usersKey, 'one', hash],
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.user(hash), { schema: ZAdminUserDetailSchema, signal }),
  });
export const useAdminUser = (hash: string) => useQuery(userQueryOptions(hash));

/** Every change to a person answers the person as they are now. */
function useUserChange<V, R>(hash: string, call: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (data) => {
      if (data && typeof data === 'object' && 'hash' in data && 'assignments' in data)
        client.setQueryData(userQueryOptions(hash).queryKey, data as unknown as TAdminUserDetail);
      await client.invalidateQueries({ queryKey: usersKey });
      await client.invalidateQueries({ queryKey: ['admin', 'roles'] });
    },
  });
}

export const useSetUserRole = (hash: string) =>
  useUserChange(hash, (role: string | null) =>
    api.request('PUT', ADMIN_API.userRole(hash), {
      body: { role },
      schema: ZAdminUserDetailSchema,
    }),
  );

export const useSetVendorKinds = (hash: string) =>
  useUserChange(hash, (kinds: TVendorKind[]) =>
    api.request('PUT', ADMIN_API.userVendorKinds(hash), {
      body: { kinds },
      schema: ZAdminUserDetailSchema,
    }),
  );

export const useAssign = (hash: string) =>
  useUserChange(hash, (input: TCreateAssignmentRequest) =>
    api.request('POST', ADMIN_API.userAssignments(hash), {
      body: input,
      schema: ZAssignmentSchema,
    }),
  );

export const useUnassign = (hash: string) =>
  useUserChange(hash, (assignment: string) =>
    api.request<void>('DELETE', ADMIN_API.assignment(assignment)),
  );

export const searchProperties = (search: string, signal?: AbortSignal) =>
  api.get(`${ADMIN_API.properties}?${new URLSearchParams({ search, limit: '10' })}`, {
    schema: ZAdminPropertiesPageSchema,
    ...(signal ? { signal } : {}),
  });

export const userRecordsOptions = (hash: string) =>
  queryOptions({
    queryKey: [...usersKey, 'records', hash],
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.userRecords(hash), { schema: ZAdminUserRecordsSchema, signal }),
  });
/** The person's properties, orders, invoices, messages and activity (each null without its permission). */
export const useUserRecords = (hash: string) => useQuery(userRecordsOptions(hash));

export const useSetUserLock = (hash: string) =>
  useUserChange(hash, (locked: boolean) =>
    api.request('PUT', ADMIN_API.userLock(hash), {
      body: { locked },
      schema: ZAdminUserDetailSchema,
    }),
  );

export const useEndSessions = (hash: string) =>
  useUserChange(hash, () =>
    api.request('DELETE', ADMIN_API.userSessions(hash), { schema: ZEndSessionsResponseSchema }),
  );

export const useResendVerification = (hash: string) =>
  useMutation({
    mutationFn: () =>
      api.request<void>('POST', ADMIN_API.userVerificationEmail(hash), { body: {} }),
  });
