import { PATHS } from '@lantern/domain';
import { api } from '../api.ts';
import { queryClient } from '../query-client.ts';
import { removeSession, SESSION_KEYS } from '../session-keys.ts';
import { RealtimeClient } from './realtime-client.ts';

let signingOut = false;

/** This tab is signing out itself and will follow the server's redirect: ignore its Logout. */
export function expectSignOut(): void {
  signingOut = true;
}

/** Spec section 6: the session ended elsewhere — clear local state and go to the login page. */
function sessionEnded(): void {
  if (signingOut) return;
  queryClient.clear();
  for (const key of Object.values(SESSION_KEYS)) removeSession(key);
  window.location.assign(PATHS.login);
}

/** The tab's one realtime connection (started by the dashboard layout). */
export const realtime = new RealtimeClient({
  url: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`,
  onSessionEnded: sessionEnded,
  // A 401 here sends the browser to the login page (the API client's rule).
  beforeReconnect: () => api.get(PATHS.apiUser),
  onReconnected: () => void queryClient.invalidateQueries(),
});
