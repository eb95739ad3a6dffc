import { PATHS, ZAuthSuccessSchema } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const signOut = () => api.post(PATHS.logout, {}, { schema: ZAuthSuccessSchema });

export const useSignOut = () =>
  useMutation({
    mutationFn: signOut,
    onSuccess: ({ redirect }) => window.location.assign(redirect),
  });
