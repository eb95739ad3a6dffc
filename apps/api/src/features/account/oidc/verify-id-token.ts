import type { TSocialProvider } from '@lantern/contracts';
import { createRemoteJWKSet, decodeJwt, errors, type JWTPayload, jwtVerify } from 'jose';
import { sameSecret } from '../../../lib/keyed-hash.ts';
import { type SocialProviderSettings, TENANT_PLACEHOLDER } from './config.ts';

/** What we keep from a verified ID token. */
export interface VerifiedIdentity {
  subject: string;
  email: string | undefined;
  /** Whether the provider vouches that the person controls `email`. */
  emailVerified: boolean;
}

/** The token is not acceptable (signature, issuer, audience, expiry, nonce, tenant). */
export class IdTokenError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`ID token refused: ${reason}`);
    this.name = 'IdTokenError';
    this.reason = reason;
  }
}

/** The provider's keys could not be fetched: nothing the person did. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The sign-in provider could not be reached.', { cause });
    this.name = 'ProviderUnavailableError';
  }
}

/** Personal Microsoft accounts: their sign-in address is verified when the account is made. */
export const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

/** Failures that say something about the token itself rather than about fetching the keys. */
const TOKEN_ERRORS = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWSSignatureVerificationFailed,
  errors.JWSInvalid,
  errors.JWTInvalid,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
];

export type IdTokenVerifier = (token: string, nonce: string) => Promise<VerifiedIdentity>;

/**
 * Verify a provider's ID token with jose against its JWKS: signature (RS256 only, as all three
 * providers sign), issuer, audience = our client id, expiry, and the attempt's nonce. Microsoft's
 * issuer names the tenant: `iss` must be the template filled with the token's own `tid`, and that
 * tenant must be one we allow.
 */
export function createIdTokenVerifier(
  provider: TSocialProvider,
  settings: SocialProviderSettings,
): IdTokenVerifier {
  // jose caches the keys and refetches (at most every 30 s) when a token names an unknown key id.
  const jwks = createRemoteJWKSet(new URL(settings.jwksUri), {
    timeoutDuration: 5000,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });

  return async (token, nonce) => {
    const issuer = provider === 'microsoft' ? microsoftIssuer(token, settings) : settings.issuers;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer,
        audience: settings.clientId,
        algorithms: ['RS256'],
        clockTolerance: 60,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (err) {
      if (TOKEN_ERRORS.some((E) => err instanceof E)) {
        throw new IdTokenError((err as errors.JOSEError).code);
      }
      throw new ProviderUnavailableError(err);
    }
    if (typeof payload.nonce !== 'string' || !sameSecret(payload.nonce, nonce)) {
      throw new IdTokenError('nonce');
    }
    const subject = payload.sub;
    if (!subject) throw new IdTokenError('sub');
    const email =
      typeof payload.email === 'string' && payload.email.includes('@') ? payload.email : undefined;
    return {
      subject,
      email,
      emailVerified: email !== undefined && emailVerified(provider, payload),
    };
  };
}

function microsoftIssuer(token: string, settings: SocialProviderSettings): string {
  let tid: unknown;
  try {
    tid = decodeJwt(token).tid;
  } catch {
    throw new IdTokenError('malformed');
  }
  if (typeof tid !== 'string' || !settings.tenants?.includes(tid)) throw new IdTokenError('tenant');
  const template = settings.issuers[0] ?? '';
  return template.replace(TENANT_PLACEHOLDER, tid);
}

/**
 * Apple sends email_verified as a boolean or the string "true". Microsoft has no email_verified
 * in general: its `email` is an unverified, tenant-editable attribute unless the token carries
 * `xms_edov` (the email domain's owner is verified) or comes from a personal account.
 */
function emailVerified(provider: TSocialProvider, payload: JWTPayload): boolean {
  const flag = payload.email_verified;
  if (flag === true || flag === 'true') return true;
  if (provider !== 'microsoft') return false;
  const edov = payload.xms_edov;
  return (
    edov === true || edov === 'true' || edov === 1 || payload.tid === MICROSOFT_CONSUMER_TENANT
  );
}
