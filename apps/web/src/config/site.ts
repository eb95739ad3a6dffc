import { ZEnvListSchema } from '@lantern/contracts';
import {
  type AnalyticsSettings,
  analyticsSettings,
  PLAUSIBLE_DEFAULT_SCRIPT_URL,
  telHref,
} from '@lantern/domain';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';

/** The build-time settings the public site needs: configuration, not copy (README.md lists them). */
export const ZSiteEnvSchema = z.object({
  SITE_NAME: z.string().trim().min(1).default('Lantern'),
  SUPPORT_PHONE: z.string().trim().min(1).default('(800) 555-0149'),
  BROKERAGE_LICENSES: ZEnvListSchema,
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  /** Spec section 3 "headerSpecialInstruction": HTML shown above the header; sanitized here. */
  HEADER_SPECIAL_INSTRUCTION: z.string().optional(),
  /** The one analytics provider (Plausible): the site's domain as registered there. */
  PLAUSIBLE_DOMAIN: z.string().trim().optional(),
  PLAUSIBLE_SCRIPT_URL: z.url({ protocol: /^https$/ }).default(PLAUSIBLE_DEFAULT_SCRIPT_URL),
});

export interface SiteConfig {
  siteName: string;
  supportPhone: string;
  /** `tel:` form of the support phone: digits only, +1 added for a 10-digit US number. */
  supportPhoneHref: string;
  brokerageLicenses: string[];
  /** Origin (and optional base path) without a trailing slash, e.g. `https://example.com`. */
  publicUrl: string;
  /** Sanitized HTML for the header banner, or null when unset. */
  headerSpecialInstruction: string | null;
  /** Analytics settings, or null: with no provider configured the site sends nothing. */
  analytics: AnalyticsSettings | null;
}

export type SiteEnv = Partial<Record<keyof z.input<typeof ZSiteEnvSchema>, string | undefined>>;

/** `(800) 555-0149` → `tel:+18005550149`; anything already international keeps its own `+`. */
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
    headerSpecialInstruction: sanitizeBanner(env.HEADER_SPECIAL_INSTRUCTION),
    analytics: analyticsSettings(env),
  };
}

/**
 * The banner is staff-written HTML (docs/architecture/security.md): keep text-level markup
 * and links only; links that open a new tab get rel="noopener" (spec section 9).
 */
export function sanitizeBanner(html: string | undefined): string | null {
  if (!html?.trim()) return null;
  const clean = sanitizeHtml(html, {
    allowedTags: ['a', 'b', 'strong', 'i', 'em', 'br', 'span', 'p'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    transformTags: {
      a: (tagName, attribs) => {
        const next = { ...attribs };
        if (next.target === '_blank') next.rel = 'noopener';
        else delete next.target;
        return { tagName, attribs: next };
      },
    },
  }).trim();
  return clean || null;
}

// The one place the public site reads its environment: the server's process, where every page
// renders (the same variables and defaults as apps/api/src/env.ts), or the build's when it renders
// pages for the search index. Under `astro dev` import.meta.env adds what Vite loaded from .env
// files; a built bundle never falls back to values of the build (Astro would inline them).
function readEnv(): SiteEnv {
  const proc: Record<string, string | undefined> =
    typeof process === 'undefined' ? {} : process.env;
  const dev = import.meta.env.DEV;
  return {
    SITE_NAME: proc.SITE_NAME ?? (dev ? import.meta.env.SITE_NAME : undefined),
    SUPPORT_PHONE: proc.SUPPORT_PHONE ?? (dev ? import.meta.env.SUPPORT_PHONE : undefined),
    BROKERAGE_LICENSES:
      proc.BROKERAGE_LICENSES ?? (dev ? import.meta.env.BROKERAGE_LICENSES : undefined),
    PUBLIC_URL: proc.PUBLIC_URL ?? (dev ? import.meta.env.PUBLIC_URL : undefined),
    HEADER_SPECIAL_INSTRUCTION:
      proc.HEADER_SPECIAL_INSTRUCTION ??
      (dev ? import.meta.env.HEADER_SPECIAL_INSTRUCTION : undefined),
    PLAUSIBLE_DOMAIN: proc.PLAUSIBLE_DOMAIN ?? (dev ? import.meta.env.PLAUSIBLE_DOMAIN : undefined),
    PLAUSIBLE_SCRIPT_URL:
      proc.PLAUSIBLE_SCRIPT_URL ?? (dev ? import.meta.env.PLAUSIBLE_SCRIPT_URL : undefined),
  };
}

export const site: SiteConfig = loadSiteConfig(readEnv());
