import { PATHS } from '@lantern/domain';
import { safeRedirect as sameSitePath } from '../../lib/safe-redirect.ts';

/** Only follow a same-origin path the server gave; anything else lands on the dashboard. */
export function safeRedirect(target: string | undefined): string {
  return sameSitePath(target, PATHS.dashboard);
}
