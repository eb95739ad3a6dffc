import { readSession, removeSession, writeSession } from '../../lib/session-keys.ts';

/**
 * A referral link opened while signed out must survive the trip through sign-in or sign-up
 * (which land on /dashboard): the token waits in this tab's session storage until used.
 */
const KEY = 'pendingReferral';

export const pendingReferral = {
  read: () => readSession(KEY),
  save: (token: string) => writeSession(KEY, token),
  clear: () => removeSession(KEY),
};

/** The token from `#token=…` (kept out of server logs), saved and removed from the address bar. */
export function takeReferralTokenFromUrl(): string | null {
  const match = /(?:^#|&)token=([\w-]{1,200})/.exec(window.location.hash);
  if (match?.[1]) {
    pendingReferral.save(match[1]);
    window.history.replaceState(null, '', window.location.pathname);
  }
  return pendingReferral.read();
}
