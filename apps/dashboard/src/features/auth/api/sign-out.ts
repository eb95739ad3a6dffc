import { PATHS, ZAuthSuccessSchema } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { expectSignOut } from '../../../lib/realtime/realtime.ts';

export const signOut = () => api.post(PATHS.logout, {}, { schema: ZAuthSuccessSchema });

export const useSignOut = () =>
  useMutation({
    mutationFn: signOut,
    // This tab follows the server's redirect; its own Logout broadcast must not send it elsewhere.
    onMutate: expectSignOut,
    onSuccess: ({ redirect }) => window.location.assign(redirect),
  });
