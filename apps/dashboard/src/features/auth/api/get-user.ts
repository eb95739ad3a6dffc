import { PATHS, type TCurrentUser, ZCurrentUserSchema } from '@lantern/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getUser = (signal?: AbortSignal): Promise<TCurrentUser> =>
  api.get(PATHS.apiUser, { schema: ZCurrentUserSchema, ...(signal ? { signal } : {}) });

export const userQueryOptions = () =>
  queryOptions({ queryKey: ['user'], queryFn: ({ signal }) => getUser(signal) });

export const useUser = () => useQuery(userQueryOptions());
