import { type TAppConfig, ZAppConfigSchema } from '@lantern/contracts';

/**
 * Configuration the server writes into the shell, read once: SITE_NAME, the investor flag, the
 * special-instruction banner and this visit's page-load errors (HTML already sanitized there).
 */
export const appConfig: TAppConfig = (() => {
  const el = document.getElementById('app-config');
  let raw: unknown = {};
  try {
    raw = el?.textContent ? JSON.parse(el.textContent) : {};
  } catch {
    raw = {};
  }
  const parsed = ZAppConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : { siteName: 'Lantern' };
})();
