import { ATTEMPT_COOKIE_PATH } from '../../features/account/oidc/attempts.ts';

/** The social sign-in attempt cookie's settings, where it is set and where it is cleared. */
export function attemptCookieOptions(publicUrl: URL) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: publicUrl.protocol === 'https:',
    path: ATTEMPT_COOKIE_PATH,
  };
}
