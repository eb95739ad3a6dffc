import {
  PAGE_LOAD_TEXTS,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_PATHS,
  ZErrorResponseSchema,
  ZMessageAnswerSchema,
  ZPasswordResetRequestSchema,
} from '@lantern/contracts';
import { dashboardHref } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../features/auth/throttle/limits.ts';
import { builtPage } from '../_shared/built-page.ts';

/** Password reset by emailed link (issue 8; docs/decisions/012-account-lifecycle.md). */
const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { throttle } = app;

  app.post(
    '/email',
    {
      // A PIN goes out by Twilio, an outside service: no transaction is held across it.
      config: { audit: { outside: true } },
      schema: {
        tags: ['account'],
        summary:
          'Ask for a password reset link (same answer whether or not the email has an account)',
        body: ZPasswordResetRequestSchema,
        response: {
          202: ZMessageAnswerSchema,
          422: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, via } = request.body;
      if (!(await throttle.take(reply, LIMITS.passwordResetsPerIp, request.ip))) return reply;
      // Counted for every address, known or not, so the limit itself reveals nothing.
      const address = email.toLowerCase();
      if (!(await throttle.take(reply, LIMITS.passwordResetsPerEmail, address))) return reply;
      if (via === 'text') {
        try {
          await app.passwordResets.requestPin(email, request.commit);
        } catch (err) {
          // A provider failure must not answer differently from an unknown address; the request
          // is still recorded, as every other one is.
          request.log.error({ err }, 'reset PIN text could not be sent');
          await request.commit(async () => undefined);
        }
        return reply.code(202).send({ message: PASSWORD_RESET_MESSAGES.sentPin });
      }
      await request.commit(() => app.passwordResets.request(email));
      return reply.code(202).send({ message: PASSWORD_RESET_MESSAGES.sent });
    },
  );

  app.get(
    '/reset/:token',
    {
      schema: {
        tags: ['account'],
        summary:
          'Follow an emailed reset link: redirects to the new-password page, or to the incorrect link or incorrect account page',
        params: z.object({ token: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const found = await app.passwordResets.check(request.params.token);
      if (!found) return reply.redirect(PASSWORD_RESET_PATHS.incorrectLink, 303);
      const session = await request.session();
      if (session && session.userId !== found.userId) {
        return reply.redirect(PASSWORD_RESET_PATHS.incorrectAccount, 303);
      }
      // The fragment never reaches a server log or a Referer header.
      return reply.redirect(
        `${PASSWORD_RESET_PATHS.resetPage}#token=${encodeURIComponent(request.params.token)}`,
        303,
      );
    },
  );

  // Where a used or expired reset link lands (both the link's forms and the new-password page
  // send people here). Signed in, nothing needs resetting: their Account Settings, where the
  // password can be changed, says why they are there (decision 056); signed out, the page.
  const incorrectLinkPage = builtPage(app.config.webDist, 'password/incorrect-link.html');
  app.get('/incorrect-link', { schema: { hide: true } }, async (request, reply) => {
    if (await request.session()) {
      reply.flashPageLoad(PAGE_LOAD_TEXTS.resetLinkUsed);
      return reply.header('cache-control', 'no-store').redirect(dashboardHref('account'), 303);
    }
    const html = incorrectLinkPage();
    if (!html) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
};

export default passwordRoutes;
