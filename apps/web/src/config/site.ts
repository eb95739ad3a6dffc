import { z } from 'zod';

/** The build-time settings the public site needs (ARCHITECTURE.md: configuration, not copy). */
export const ZSiteEnvSchema = z.object({
  SITE_NAME: z.string().trim().min(1).default('Lantern'),
  SUPPORT_PHONE: z.string().trim().min(1).default('(800) 555-0149'),
  BROKERAGE_LICENSES: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
});

export interface SiteConfig {
  siteName: string;
  supportPhone: string;
  /** `tel:` form of the support phone: digits only, +1 added for a 10-digit US number. */
  supportPhoneHref: string;
  brokerageLicenses: string[];
  /** Origin (and optional base path) without a trailing slash, e.g. `https://example.com`. */
  publicUrl: string;
}

export type SiteEnv = Partial<Record<keyof z.input<typeof ZSiteEnvSchema>, string | undefined>>;

/** `(800) 555-0149` → `tel:+18005550149`; anything already international keeps its own `+`. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/** Validate the raw variables; an empty string counts as unset. Throws listing every bad one. */
export function loadSiteConfig(source: SiteEnv): SiteConfig {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = ZSiteEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid site configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    siteName: env.SITE_NAME,
    supportPhone: env.SUPPORT_PHONE,
    supportPhoneHref: telHref(env.SUPPORT_PHONE),
    brokerageLicenses: env.BROKERAGE_LICENSES,
    publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
  };
}

// The one place the public site reads its environment. The process environment wins (CI, the
// start script); import.meta.env adds what Astro loaded from .env files. Astro only inlines a
// private variable where it is named in full, hence one reference per name.
function readEnv(): SiteEnv {
  const proc: Record<string, string | undefined> =
    typeof process === 'undefined' ? {} : process.env;
  return {
    SITE_NAME: proc.SITE_NAME ?? import.meta.env.SITE_NAME,
    SUPPORT_PHONE: proc.SUPPORT_PHONE ?? import.meta.env.SUPPORT_PHONE,
    BROKERAGE_LICENSES: proc.BROKERAGE_LICENSES ?? import.meta.env.BROKERAGE_LICENSES,
    PUBLIC_URL: proc.PUBLIC_URL ?? import.meta.env.PUBLIC_URL,
  };
}

export const site: SiteConfig = loadSiteConfig(readEnv());
