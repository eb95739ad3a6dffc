import { z } from 'zod';

const ZAppConfigSchema = z.object({ siteName: z.string().min(1) });

/** Configuration the server writes into the shell (SITE_NAME), read once. */
export const appConfig = (() => {
  const el = document.getElementById('app-config');
  const parsed = ZAppConfigSchema.safeParse(el?.textContent ? JSON.parse(el.textContent) : {});
  return parsed.success ? parsed.data : { siteName: 'Lantern' };
})();
