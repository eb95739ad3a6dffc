import {
  MESSAGES,
  SOCIAL_DISPLAY_ERRORS,
  SOCIAL_ERRORS,
  SOCIAL_PATHS,
  SOCIAL_PROVIDER_NAMES,
  SOCIAL_PROVIDERS,
  type TSocialProvider,
  ZAppleLoginRequestSchema,
  ZAuthSuccessSchema,
  ZErrorResponseSchema,
  ZGoogleLoginRequestSchema,
  ZMicrosoftLoginRequestSchema,
  ZSocialAttemptRequestSchema,
  ZSocialAttemptSchema,
  ZSocialProvidersSchema,
} from '@lantern/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createIdentityRepository } from '../../../repositories/identities.ts';
import { createOauthAttemptRepository } from '../../../repositories/oauth-attempts.ts';
import {
  ATTEMPT_COOKIE,
  ATTEMPT_COOKIE_PATH,
  ATTEMPT_TTL_MS,
  attemptId,
  newAttemptToken,
  newNonce,
  newState,
  sameSecret,
} from '../../../services/oidc/attempts.ts';
import { resolveUser } from '../../../services/oidc/resolve-user.ts';
import {
  createIdTokenVerifier,
  IdTokenError,
  type IdTokenVerifier,
  ProviderUnavailableError,
} from '../../../services/oidc/verify-id-token.ts';
import { LIMITS } from '../../../services/throttle/limits.ts';
import appleCallback from './apple-callback.ts';

const errors = {
  404: ZErrorResponseSchema,
  422: ZErrorResponseSchema,
  429: ZErrorResponseSchema,
  503: ZErrorResponseSchema,
};

/**
 * Social sign-in (issue 7, docs/decisions/006-social-sign-in.md): the public provider list, the
 * per-attempt state and nonce, Apple's form_post relay, and the three sign-in endpoints at the
 * spec's paths. An unconfigured provider answers 404 everywhere.
 */
const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { social, publicUrl } = app.config;
  const attempts = createOauthAttemptRepository(app.db);
  const identities = createIdentityRepository(app.db);
  const verifiers = new Map<TSocialProvider, IdTokenVerifier>();
  for (const provider of SOCIAL_PROVIDERS) {
    const settings = social[provider];
    if (settings) verifiers.set(provider, createIdTokenVerifier(provider, settings));
  }
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: publicUrl.protocol === 'https:',
    path: ATTEMPT_COOKIE_PATH,
  };
  const notFound = (reply: FastifyReply) => reply.code(404).send({ message: MESSAGES.notFound });

  app.get(
    SOCIAL_PATHS.providers,
    {
      schema: {
        tags: ['account'],
        summary: 'Social sign-in providers that are configured, with their public settings',
        response: { 200: ZSocialProvidersSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      const providers = SOCIAL_PROVIDERS.flatMap((id) => {
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
      return { providers };
    },
  );

  app.post(
    SOCIAL_PATHS.attempts,
    {
      schema: {
        tags: ['account'],
        summary: 'Start a social sign-in: the state and nonce to send to the provider',
        body: ZSocialAttemptRequestSchema,
        response: { 200: ZSocialAttemptSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { provider } = request.body;
      if (!social[provider]) return notFound(reply);
      if (!(await app.throttle.take(reply, LIMITS.socialAttempts, request.ip))) return reply;
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
      reply.setCookie(ATTEMPT_COOKIE, token, { ...cookieOptions, maxAge: ATTEMPT_TTL_MS / 1000 });
      reply.header('cache-control', 'no-store');
      return { state, nonce };
    },
  );

  await app.register(appleCallback);

  /** Check the attempt and the token, find or make the user, and start a new session. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: TSocialProvider,
    idToken: string,
    state?: string,
  ) {
    const verify = verifiers.get(provider);
    if (!verify) return notFound(reply);
    const refuse = (reason: string, displayError?: string) => {
      request.log.info({ provider, reason }, 'social sign-in refused');
      return reply.code(422).send({
        message: SOCIAL_ERRORS[provider],
        ...(displayError ? { display_error: displayError } : {}),
      });
    };

    // One use only: the attempt leaves the table (and the cookie is cleared) whatever follows.
    const cookie = request.cookies[ATTEMPT_COOKIE];
    reply.clearCookie(ATTEMPT_COOKIE, cookieOptions);
    const attempt = cookie ? await attempts.consume(attemptId(cookie)) : undefined;
    if (!attempt || attempt.provider !== provider) return refuse('no-attempt');
    if (state !== undefined && !sameSecret(state, attempt.state)) return refuse('state');

    let identity: Awaited<ReturnType<IdTokenVerifier>>;
    try {
      identity = await verify(idToken, attempt.nonce);
    } catch (err) {
      if (err instanceof IdTokenError) return refuse(err.reason);
      if (!(err instanceof ProviderUnavailableError)) throw err;
      request.log.warn({ err, provider }, 'social sign-in provider keys unavailable');
      return reply.code(503).send({ message: err.message });
    }

    const resolved = await resolveUser({ users: app.users, identities }, provider, identity);
    if (!resolved.ok) {
      return refuse(resolved.reason, SOCIAL_DISPLAY_ERRORS.noVerifiedEmail(provider));
    }
    request.log.info({ provider, outcome: resolved.outcome }, 'social sign-in');
    // The provider vouches for the address it verified (issue 8's email verification).
    if (identity.email && identity.emailVerified) {
      await app.emailVerification.markVerifiedIfCurrent(resolved.userId, identity.email);
    }
    // Two-factor users get a waiting sign-in instead of a session (issue 8).
    return reply.completeSignIn(resolved.userId, false);
  }

  app.post(
    SOCIAL_PATHS.login('apple'),
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in with Apple (state must match this attempt)',
        body: ZAppleLoginRequestSchema,
        response: { 200: ZAuthSuccessSchema, ...errors },
      },
    },
    // `code` needs Apple's client secret to redeem and adds nothing the ID token lacks; `user`
    // comes from the browser, so its email is never trusted.
    (request, reply) => signIn(request, reply, 'apple', request.body.id_token, request.body.state),
  );

  app.post(
    SOCIAL_PATHS.login('google'),
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in with Google (credential is the ID token)',
        body: ZGoogleLoginRequestSchema,
        response: { 200: ZAuthSuccessSchema, ...errors },
      },
    },
    (request, reply) => signIn(request, reply, 'google', request.body.credential),
  );

  app.post(
    SOCIAL_PATHS.login('microsoft'),
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in with Microsoft (token is the ID token from the popup)',
        body: ZMicrosoftLoginRequestSchema,
        response: { 200: ZAuthSuccessSchema, ...errors },
      },
    },
    (request, reply) => signIn(request, reply, 'microsoft', request.body.token),
  );
};

export default socialRoutes;
