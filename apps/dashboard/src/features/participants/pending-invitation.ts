import { readSession, removeSession, writeSession } from '../../lib/session-keys.ts';

/**
 * An invitation link opened while signed out must survive the trip through sign-in or sign-up
 * (which land on /dashboard): the token waits in this tab's session storage until used.
 */
const KEY = 'pendingInvitation';

export const pendingInvitation = {
  read: () => readSession(KEY),
  save: (token: string) => writeSession(KEY, token),
  clear: () => removeSession(KEY),
};

/** The token from `#token=…` (kept out of server logs), saved and removed from the address bar. */
export function takeTokenFromUrl(): string | null {
  const match = /(?:^#|&)token=([\w-]{1,200})/.exec(window.location.hash);
  if (match?.[1]) {
    pendingInvitation.save(match[1]);
    window.history.replaceState(null, '', window.location.pathname);
  }
  return pendingInvitation.read();
}
