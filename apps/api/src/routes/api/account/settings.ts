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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Refusal } from '../../../features/account/account-settings.ts';
import { verifyPassword } from '../../../features/auth/passwords.ts';
import { LIMITS } from '../../../features/auth/throttle/limits.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const errors = { 401: ZErrorResponseSchema, 422: ZErrorResponseSchema, 429: ZErrorResponseSchema };

/**
 * Account Settings (issue 6). Each section has its own endpoint so sections (two-factor, phone
 * verification) can be added beside them. Changing the email or password asks for the current
 * password; a new password ends every other session, which hears Logout over /ws.
 */
const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerProfile(app);
  registerSecurity(app);
};

/** The signed-in user; a session whose user is gone answers 401. */
async function me(app: ZodApp, request: FastifyRequest) {
  const user = await app.users.findById(request.user.userId);
  if (!user) throw Object.assign(new Error(MESSAGES.unauthenticated), { statusCode: 401 });
  return user;
}

const settings = async (app: ZodApp, request: FastifyRequest) =>
  app.accountSettings.settings(await me(app, request), request.user.id);

const refuse = (reply: FastifyReply, refusal: Refusal) =>
  reply
    .code(422)
    .send({ message: MESSAGES.validationFailed, errors: { [refusal.field]: [refusal.text] } });

/**
 * The current-password check, throttled like sign-in per account so a stolen session cannot
 * guess its way to the password. Answers the reply when the check fails.
 */
async function confirmPassword(
  app: ZodApp,
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

/** The settings, the profile, the email address. */
function registerProfile(app: ZodApp) {
  app.get(
    '',
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in user's settings",
        response: { 200: ZAccountSettingsSchema, 401: ZErrorResponseSchema },
      },
    },
    (request) => settings(app, request),
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
      await app.users.updateProfile(request.user.userId, {
        name: name || null,
        phone: phone || null,
      });
      await app.crm.customerChanged(request.user.userId);
      return settings(app, request);
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
      const user = await me(app, request);
      const { email, currentPassword } = request.body;
      const refusal = app.accountSettings.emailChangeRefusal(user, email);
      if (refusal) return refuse(reply, refusal);
      if (!(await confirmPassword(app, request, reply, user.passwordHash, currentPassword)))
        return reply;
      const changed = await app.accountSettings.changeEmail(user, email);
      if (!changed.ok) return refuse(reply, changed);
      return settings(app, request);
    },
  );
}

/** The password, preferences, signing out other sessions. */
function registerSecurity(app: ZodApp) {
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
      const user = await me(app, request);
      const { currentPassword, password } = request.body;
      if (!(await confirmPassword(app, request, reply, user.passwordHash, currentPassword)))
        return reply;
      const changed = await app.accountSettings.changePassword(user, password, request.user.id);
      if (!changed.ok) return refuse(reply, changed);
      return { ended: changed.ended };
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
      await app.accountSettings.setPreferences(await me(app, request), request.body);
      return settings(app, request);
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
}

export default accountSettingsRoutes;
