import { type TAppConfig, ZAppConfigSchema } from '@lantern/contracts';
import { SUPPORT_PAGES } from '@lantern/domain';

/**
 * Only `vite dev` without the API in front lacks the config: the server's own defaults then
 * (SITE_NAME, SUPPORT_PHONE and our own ticket page). The server always writes it.
 */
const DEV_DEFAULTS: TAppConfig = {
  siteName: 'Lantern',
  supportPhone: '(800) 555-0149',
  supportPhoneHref: 'tel:+18005550149',
  supportTicketUrl: SUPPORT_PAGES.tickets,
  mapTiles: { url: null, attribution: '' },
};

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
  return parsed.success ? parsed.data : DEV_DEFAULTS;
})();
