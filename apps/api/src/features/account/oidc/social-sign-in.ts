import {
  SOCIAL_DISPLAY_ERRORS,
  SOCIAL_PATHS,
  SOCIAL_PROVIDER_NAMES,
  SOCIAL_PROVIDERS,
  type TSocialProvider,
  type TSocialProviders,
} from '@lantern/contracts';
import { sameSecret } from '../../../lib/keyed-hash.ts';
import type { UserRepository } from '../../auth/users.repository.ts';
import type { CrmSync } from '../../crm/crm-sync.ts';
import type { EmailVerificationService } from '../email-verification.ts';
import type { IdentityRepository } from '../identities.repository.ts';
import type { OauthAttemptRepository } from '../oauth-attempts.repository.ts';
import { ATTEMPT_TTL_MS, attemptId, newAttemptToken, newNonce, newState } from './attempts.ts';
import type { SocialConfig } from './config.ts';
import { resolveUser } from './resolve-user.ts';
import {
  createIdTokenVerifier,
  IdTokenError,
  type IdTokenVerifier,
  ProviderUnavailableError,
} from './verify-id-token.ts';

export type SignInOutcome =
  | { ok: true; userId: number; outcome: 'signed-in' | 'linked' | 'created' }
  /** Refused: the reason is for the log; `displayError` is shown to the person (spec 8). */
  | { ok: false; refused: string; displayError?: string }
  /** The provider's keys could not be fetched: try again later (503). */
  | { ok: false; unavailable: string }
  | { ok: false; unconfigured: true };

/**
 * Social sign-in's rules (issue 7, docs/decisions/006-social-sign-in.md), behind the routes of
 * /account/social, /account/login/{provider} and /api/auth/providers: the public list, one-use
 * attempts with their state and nonce, and a sign-in that checks the attempt and the ID token and
 * finds, links or makes the user.
 */
export function createSocialSignIn(deps: {
  social: SocialConfig;
  publicUrl: URL;
  users: UserRepository;
  identities: IdentityRepository;
  attempts: OauthAttemptRepository;
  emailVerification: Pick<EmailVerificationService, 'markVerifiedIfCurrent'>;
  /** A new account made here becomes a CRM contact, as a password sign-up does. */
  crm: Pick<CrmSync, 'customerChanged'>;
}) {
  const { social, publicUrl, attempts } = deps;
  const verifiers = new Map<TSocialProvider, IdTokenVerifier>();
  for (const provider of SOCIAL_PROVIDERS) {
    const settings = social[provider];
    if (settings) verifiers.set(provider, createIdTokenVerifier(provider, settings));
  }

  return {
    configured: (provider: TSocialProvider) => verifiers.has(provider),

    /** The configured providers' public settings, for the sign-in buttons. */
    providers(): TSocialProviders['providers'] {
      return SOCIAL_PROVIDERS.flatMap((id) => {
        const settings = social[id];
        if (!settings) return [];
        const redirectPath =
          id === 'apple' ? SOCIAL_PATHS.appleCallback : SOCIAL_PATHS.callbackPage;
        return [
          {
            id,
            name: SOCIAL_PROVIDER_NAMES[id],
            clientId: settings.clientId,
            authorizationEndpoint: settings.authorizationEndpoint,
            redirectUri: new URL(redirectPath, publicUrl).href,
            ...(settings.tokenEndpoint ? { tokenEndpoint: settings.tokenEndpoint } : {}),
          },
        ];
      });
    },

    /** A new attempt: the cookie token (kept only as a digest) and what goes to the provider. */
    async startAttempt(provider: TSocialProvider) {
      const token = newAttemptToken();
      const state = newState();
      const nonce = newNonce();
      await attempts.create({
        id: attemptId(token),
        provider,
        state,
        nonce,
        ttlMs: ATTEMPT_TTL_MS,
      });
      return { token, state, nonce };
    },

    /**
     * The attempt named by the cookie (used up whatever follows), the state when the flow has
     * one, then the ID token; answers who signs in.
     */
    async signIn(
      provider: TSocialProvider,
      idToken: string,
      attemptToken: string | undefined,
      state?: string,
    ): Promise<SignInOutcome> {
      const verify = verifiers.get(provider);
      if (!verify) return { ok: false, unconfigured: true };
      const attempt = attemptToken ? await attempts.consume(attemptId(attemptToken)) : undefined;
      if (!attempt || attempt.provider !== provider) return { ok: false, refused: 'no-attempt' };
      if (state !== undefined && !sameSecret(state, attempt.state)) {
        return { ok: false, refused: 'state' };
      }
      let identity: Awaited<ReturnType<IdTokenVerifier>>;
      try {
        identity = await verify(idToken, attempt.nonce);
      } catch (err) {
        if (err instanceof IdTokenError) return { ok: false, refused: err.reason };
        if (err instanceof ProviderUnavailableError) return { ok: false, unavailable: err.message };
        throw err;
      }
      const resolved = await resolveUser(deps, provider, identity);
      if (!resolved.ok) {
        return {
          ok: false,
          refused: resolved.reason,
          displayError: SOCIAL_DISPLAY_ERRORS.noVerifiedEmail(provider),
        };
      }
      // The provider vouches for the address it verified (issue 8's email verification).
      if (identity.email && identity.emailVerified) {
        await deps.emailVerification.markVerifiedIfCurrent(resolved.userId, identity.email);
      }
      if (resolved.outcome === 'created') await deps.crm.customerChanged(resolved.userId);
      return { ok: true, userId: resolved.userId, outcome: resolved.outcome };
    },
  };
}
export type SocialSignIn = ReturnType<typeof createSocialSignIn>;
