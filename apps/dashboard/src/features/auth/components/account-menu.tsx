import type { TCurrentUser } from '@lantern/contracts';
import { dashboardHref } from '@lantern/domain';
import { UserAreaDropdown } from '@lantern/ui/user-area/dropdown';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api.ts';
import { appConfig } from '../../../lib/app-config.ts';
import { expectSignOut } from '../../../lib/realtime/realtime.ts';
import { appendProperty } from '../../../lib/user-properties-cache.ts';
import { userQueryOptions } from '../api/get-user.ts';
import { signOut } from '../api/sign-out.ts';

/** This tab follows the server's redirect; its own Logout broadcast must not send it elsewhere. */
async function signOutAndLeave() {
  expectSignOut();
  const { redirect } = await signOut();
  window.location.assign(redirect);
}

/**
 * The header's user-area dropdown (spec 2), the same component as on the public site: the
 * signed-in user is already known here, and a property added from it becomes the current one.
 */
export function AccountMenu({ me }: { me: TCurrentUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const loadSession = useCallback(async () => me, [me]);
  return (
    <UserAreaDropdown
      api={api}
      loadSession={loadSession}
      supportPhone={appConfig.supportPhone}
      supportPhoneHref={appConfig.supportPhoneHref}
      supportTicketUrl={appConfig.supportTicketUrl}
      signOut={signOutAndLeave}
      onPropertyCreated={(property) => {
        appendProperty(queryClient, property);
        void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
        navigate(dashboardHref('overview', property.hash));
      }}
    />
  );
}
