import { MESSAGES, SOCIAL_PATHS } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The fields Apple posts (https://developer.apple.com/documentation/sign_in_with_apple). */
const RELAYED = ['code', 'id_token', 'state', 'user', 'error'] as const;

const ZAppleFormPostSchema = z.object(
  Object.fromEntries(RELAYED.map((k) => [k, z.string().max(16_384).optional()])) as Record<
    (typeof RELAYED)[number],
    z.ZodOptional<z.ZodString>
  >,
);

/**
 * Apple answers a popup that asks for name and email with a cross-site form POST (form_post).
 * This route only re-encodes the posted fields into the fragment of our callback page, which
 * hands them to the opener: it reads no cookie, touches no data and starts no session, so it is
 * exempt from the CSRF check. The state is checked where it matters, at POST
 * /account/login/apple, against the attempt kept server-side.
 */
const appleCallback: FastifyPluginAsyncZod = async (app) => {
  // Form bodies are accepted here only (this plugin's scope), never by the JSON routes.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    '/apple/callback',
    {
      config: { csrfExempt: true },
      schema: {
        tags: ['account'],
        summary: "Apple's form_post callback: relays the result to the popup's callback page",
        consumes: ['application/x-www-form-urlencoded'],
        body: ZAppleFormPostSchema,
      },
    },
    async (request, reply) => {
      if (!app.config.social.apple) return reply.code(404).send({ message: MESSAGES.notFound });
      const params = new URLSearchParams({ provider: 'apple' });
      for (const key of RELAYED) {
        const value = request.body[key];
        if (value !== undefined) params.set(key, value);
      }
      return (
        reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          // In the sign-in popup, on the way to the callback page: as there, any other opener
          // policy would part the popup from the page that opened it.
          .header('cross-origin-opener-policy', 'unsafe-none')
          .redirect(`${SOCIAL_PATHS.callbackPage}#${params}`, 303)
      );
    },
  );
};

export default appleCallback;
