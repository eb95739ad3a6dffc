import { PATHS } from '@lantern/domain';

/** Every href the SPA links to. */
export const paths = {
  home: PATHS.home,
  login: PATHS.login,
  dashboard: PATHS.dashboard,
  accountSettings: PATHS.accountSettings,
  vendor: PATHS.vendor,
  admin: PATHS.admin,
} as const;
