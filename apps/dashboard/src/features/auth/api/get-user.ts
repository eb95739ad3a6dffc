import { type TCurrentUser, ZCurrentUserSchema } from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getUser = (signal?: AbortSignal): Promise<TCurrentUser> =>
  api.get(PATHS.apiUser, { schema: ZCurrentUserSchema, ...(signal ? { signal } : {}) });

export const userQueryOptions = () =>
  queryOptions({ queryKey: ['user'], queryFn: ({ signal }) => getUser(signal) });

export const useUser = () => useQuery(userQueryOptions());

/**
 * The server writes the signed-in user into the shell (app-config): seed the query with it, so
 * the dashboard draws at once instead of asking GET /api/user first (issue 14, item 3).
 */
export function seedUser(client: QueryClient, user: TCurrentUser | undefined): void {
  if (user) client.setQueryData(userQueryOptions().queryKey, user);
}
