import type { TSocialProvider } from '@lantern/contracts';
import { ZEnvListSchema } from '@lantern/contracts';
import { z } from 'zod';

/** The `{tenantid}` placeholder of Microsoft's issuer template. */
export const TENANT_PLACEHOLDER = '{tenantid}';

const url = z.url({ protocol: /^https?$/ });
const list = ZEnvListSchema;

/**
 * Social sign-in settings (docs/decisions/006-social-sign-in.md). A provider without a client id
 * is unconfigured: its button is not shown and its endpoint answers 404. The other settings
 * default to the provider's published endpoints; tests point them at a local OIDC provider.
 */
export const SOCIAL_ENV = {
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_ISSUER: url.default('https://appleid.apple.com'),
  APPLE_JWKS_URI: url.default('https://appleid.apple.com/auth/keys'),
  APPLE_AUTHORIZATION_ENDPOINT: url.default('https://appleid.apple.com/auth/authorize'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** Google signs with either spelling of its issuer. */
  GOOGLE_ISSUER: list.transform((v) =>
    v.length ? v : ['https://accounts.google.com', 'accounts.google.com'],
  ),
  GOOGLE_JWKS_URI: url.default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_AUTHORIZATION_ENDPOINT: url.default('https://accounts.google.com/o/oauth2/v2/auth'),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  /** Directory (tenant) ids whose accounts may sign in; required with MICROSOFT_CLIENT_ID. */
  MICROSOFT_TENANTS: list,
  MICROSOFT_ISSUER: z
    .string()
    .default(`https://login.microsoftonline.com/${TENANT_PLACEHOLDER}/v2.0`)
    .refine((v) => v.includes(TENANT_PLACEHOLDER), `must contain ${TENANT_PLACEHOLDER}`),
  MICROSOFT_JWKS_URI: url.default('https://login.microsoftonline.com/common/discovery/v2.0/keys'),
  MICROSOFT_AUTHORIZATION_ENDPOINT: url.default(
    'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
  ),
  MICROSOFT_TOKEN_ENDPOINT: url.default(
    'https://login.microsoftonline.com/common/oauth2/v2.0/token',
  ),
};

const socialEnv = z.object(SOCIAL_ENV);
type SocialEnv = z.infer<typeof socialEnv>;

export interface SocialProviderSettings {
  clientId: string;
  /** Accepted `iss` values; for Microsoft one template containing {tenantid}. */
  issuers: string[];
  jwksUri: string;
  authorizationEndpoint: string;
  /** Microsoft: the browser exchanges the popup's code here (PKCE). */
  tokenEndpoint?: string;
  /** Microsoft: the tenant ids allowed to sign in. */
  tenants?: string[];
}

export type SocialConfig = Partial<Record<TSocialProvider, SocialProviderSettings>>;

export function socialConfig(env: SocialEnv): SocialConfig {
  const social: SocialConfig = {};
  if (env.APPLE_CLIENT_ID) {
    social.apple = {
      clientId: env.APPLE_CLIENT_ID,
      issuers: [env.APPLE_ISSUER],
      jwksUri: env.APPLE_JWKS_URI,
      authorizationEndpoint: env.APPLE_AUTHORIZATION_ENDPOINT,
    };
  }
  if (env.GOOGLE_CLIENT_ID) {
    social.google = {
      clientId: env.GOOGLE_CLIENT_ID,
      issuers: env.GOOGLE_ISSUER,
      jwksUri: env.GOOGLE_JWKS_URI,
      authorizationEndpoint: env.GOOGLE_AUTHORIZATION_ENDPOINT,
    };
  }
  if (env.MICROSOFT_CLIENT_ID) {
    if (env.MICROSOFT_TENANTS.length === 0) {
      throw new Error(
        'MICROSOFT_TENANTS must list at least one tenant id with MICROSOFT_CLIENT_ID.',
      );
    }
    social.microsoft = {
      clientId: env.MICROSOFT_CLIENT_ID,
      issuers: [env.MICROSOFT_ISSUER],
      jwksUri: env.MICROSOFT_JWKS_URI,
      authorizationEndpoint: env.MICROSOFT_AUTHORIZATION_ENDPOINT,
      tokenEndpoint: env.MICROSOFT_TOKEN_ENDPOINT,
      tenants: env.MICROSOFT_TENANTS,
    };
  }
  return social;
}
