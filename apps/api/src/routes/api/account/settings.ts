import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  ZAccountSettingsSchema,
  ZChangeEmailRequestSchema,
  ZChangePasswordRequestSchema,
  ZErrorResponseSchema,
  ZPreferencesRequestSchema,
  ZProfileRequestSchema,
  ZSignedOutResponseSchema,
} from '@lantern/contracts';
import { isCommonPassword } from '@lantern/contracts/common-passwords';
import { sessions, users } from '@lantern/db';
import { and, count, eq, gt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailTakenError } from '../../../repositories/users.ts';
import {
  moveSubscription,
  newsletterState,
  setNewsletter,
} from '../../../services/account/newsletter-preference.ts';
import { emailChangedNotice } from '../../../services/mail/index.ts';
import { hashPassword, verifyPassword } from '../../../services/passwords.ts';
import { LIMITS } from '../../../services/throttle/limits.ts';

const errors = { 401: ZErrorResponseSchema, 422: ZErrorResponseSchema, 429: ZErrorResponseSchema };

/**
 * Account Settings (issue 6). Each section has its own endpoint so sections (two-factor, phone
 * verification) can be added beside them. Changing the email or password asks for the current
 * password; a new password ends every other session, which hears Logout over /ws.
 */
const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  async function me(request: FastifyRequest) {
    const user = await app.users.findById(request.user.userId);
    if (!user) throw Object.assign(new Error(MESSAGES.unauthenticated), { statusCode: 401 });
    return user;
  }

  async function settings(request: FastifyRequest) {
    const user = await me(request);
    const [others] = await app.db
      .select({ n: count() })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, user.id),
          ne(sessions.id, request.user.id),
          gt(sessions.expiresAt, new Date()),
        ),
      );
    return {
      name: user.name,
      email: user.email,
      phone: user.phone,
      hasPassword: !!user.passwordHash,
      promoOptin: user.promoOptin,
      newsletter: await newsletterState(app.newsletter, user.email),
      otherSessions: others?.n ?? 0,
    };
  }

  /**
   * The current-password check, throttled like sign-in per account so a stolen session cannot
   * guess its way to the password. Answers the reply when the check fails.
   */
  async function confirmPassword(
    request: FastifyRequest,
    reply: FastifyReply,
    passwordHash: string | null,
    given: string,
  ): Promise<boolean> {
    if (!passwordHash) return true;
    const { userId } = request.user;
    if (!(await app.throttle.check(reply, LIMITS.accountPasswordFailures, userId))) return false;
    if (given && (await verifyPassword(passwordHash, given))) return true;
    await app.throttle.fail(LIMITS.accountPasswordFailures, userId);
    const text = given ? ACCOUNT_MESSAGES.wrongPassword : ACCOUNT_MESSAGES.currentPasswordRequired;
    await reply
      .code(422)
      .send({ message: MESSAGES.validationFailed, errors: { currentPassword: [text] } });
    return false;
  }

  app.get(
    '',
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in user's settings",
        response: { 200: ZAccountSettingsSchema, 401: ZErrorResponseSchema },
      },
    },
    (request) => settings(request),
  );

  app.patch(
    '/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Change name and phone (empty clears them)',
        body: ZProfileRequestSchema,
        response: { 200: ZAccountSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { name, phone } = request.body;
      await app.db
        .update(users)
        .set({ name: name || null, phone: phone || null, updatedAt: new Date() })
        .where(eq(users.id, request.user.userId));
      return settings(request);
    },
  );

  app.post(
    '/email',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the sign-in email, confirmed with the current password',
        body: ZChangeEmailRequestSchema,
        response: { 200: ZAccountSettingsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await me(request);
      const { email, currentPassword } = request.body;
      if (!user.passwordHash) {
        return reply.code(422).send({
          message: MESSAGES.validationFailed,
          errors: { currentPassword: [ACCOUNT_MESSAGES.noPassword] },
        });
      }
      if (email.toLowerCase() === user.email.toLowerCase()) {
        return reply.code(422).send({
          message: MESSAGES.validationFailed,
          errors: { email: [ACCOUNT_MESSAGES.sameEmail] },
        });
      }
      if (!(await confirmPassword(request, reply, user.passwordHash, currentPassword)))
        return reply;
      try {
        await app.users.updateEmail(user.id, email);
      } catch (err) {
        if (!(err instanceof EmailTakenError)) throw err;
        return reply
          .code(422)
          .send({ message: MESSAGES.validationFailed, errors: { email: [MESSAGES.emailTaken] } });
      }
      await app.currentUser.changed(user.id);
      await moveSubscription(app.db, app.newsletter, user.email, email);
      // The old address hears of it, so a taken-over account does not change hands silently.
      const { config } = app;
      await app.outbox.send({
        to: user.email,
        ...emailChangedNotice(
          {
            siteName: config.siteName,
            supportPhone: config.supportPhone,
            publicUrl: config.publicUrl.origin,
          },
          { newEmail: email },
        ),
      });
      return settings(request);
    },
  );

  app.post(
    '/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change (or, for social-only accounts, set) the password; ends other sessions',
        body: ZChangePasswordRequestSchema,
        response: { 200: ZSignedOutResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await me(request);
      const { currentPassword, password } = request.body;
      if (!(await confirmPassword(request, reply, user.passwordHash, currentPassword)))
        return reply;
      if (isCommonPassword(password)) {
        return reply.code(422).send({
          message: MESSAGES.validationFailed,
          errors: { password: [MESSAGES.passwordCommon] },
        });
      }
      await app.db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      // Whoever knew the old password is signed out everywhere; their tabs hear Logout.
      const ended = await app.sessions.endAllForUser(user.id, request.user.id);
      return { ended: ended.length };
    },
  );

  app.post(
    '/preferences',
    {
      schema: {
        tags: ['account'],
        summary: 'Newsletter (double opt-in) and news-and-offers preferences',
        body: ZPreferencesRequestSchema,
        response: { 200: ZAccountSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const user = await me(request);
      const { newsletter, promoOptin } = request.body;
      await app.db
        .update(users)
        .set({ promoOptin, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await setNewsletter(app.db, app.newsletter, user, newsletter);
      return settings(request);
    },
  );

  app.post(
    '/sign-out-others',
    {
      schema: {
        tags: ['account'],
        summary: "End the signed-in user's other sessions",
        response: { 200: ZSignedOutResponseSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => {
      const ended = await app.sessions.endAllForUser(request.user.userId, request.user.id);
      return { ended: ended.length };
    },
  );
};

export default accountSettingsRoutes;
