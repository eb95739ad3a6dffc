import { z } from 'zod';

/**
 * An environment variable holding a comma-separated list (BROKERAGE_LICENSES, MICROSOFT_TENANTS…):
 * the trimmed, non-empty items; unset is an empty list. Read by the server and the site's build.
 */
export const ZEnvListSchema = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
