import {
  ACCOUNT_API,
  type TAccountSettings,
  type TChangeEmailRequest,
  type TChangePasswordRequest,
  type TPreferencesRequest,
  type TProfileRequest,
  ZAccountSettingsSchema,
  ZSignedOutResponseSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const accountKey = ['account'] as const;

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: accountKey,
    queryFn: ({ signal }) =>
      api.get(ACCOUNT_API.settings, { schema: ZAccountSettingsSchema, signal }),
  });

export const useAccountSettings = () => useQuery(accountQueryOptions());

/**
 * A save that answers the new settings: the cache takes them as they are, and the signed-in
 * user (GET /api/user: the email in the header) is fetched again.
 */
function useSave<B>(method: 'POST' | 'PATCH', path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.request(method, path, { body, schema: ZAccountSettingsSchema }),
    onSuccess: (settings: TAccountSettings) => {
      queryClient.setQueryData(accountKey, settings);
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

export const useSaveProfile = () => useSave<TProfileRequest>('PATCH', ACCOUNT_API.profile);
export const useChangeEmail = () => useSave<TChangeEmailRequest>('POST', ACCOUNT_API.email);
export const useSavePreferences = () =>
  useSave<TPreferencesRequest>('POST', ACCOUNT_API.preferences);

/** Password change and "sign out of other sessions" both end the other sessions. */
function useEndOthers<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post(path, body, { schema: ZSignedOutResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}

export const useChangePassword = () => useEndOthers<TChangePasswordRequest>(ACCOUNT_API.password);
export const useSignOutOthers = () =>
  useEndOthers<Record<string, never>>(ACCOUNT_API.signOutOthers);
