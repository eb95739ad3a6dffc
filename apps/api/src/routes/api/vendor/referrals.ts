import {
  ZErrorResponseSchema,
  ZReferralInvitationSchema,
  ZReferralInvitationsPageSchema,
  ZReferralInvitationsQuerySchema,
  ZReferralInviteRequestSchema,
  ZVendorReferralFeeSchema,
  ZVendorReferralFeesPageSchema,
  ZVendorReferralFeesQuerySchema,
  ZVendorReferralParamsSchema,
  ZVendorReferralSummarySchema,
} from '@lantern/contracts';
import { REFERRER_VENDOR_KINDS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../features/auth/throttle/limits.ts';
import { toVendorFee } from '../../../features/referrals/vendor-referrals.ts';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const referrer = { access: { vendor: REFERRER_VENDOR_KINDS } };

/**
 * A referrer's own referrals (issue 24; docs/decisions/051-vendor-referrals.md): invite someone
 * by email, follow the people who took the invitation up, and the fees staff recorded for them
 * (decision 035) with their sums and the licenses on file. Another referrer's record is a 404.
 */
const vendorReferralRoutes: FastifyPluginAsyncZod = async (app) => {
  registerInvitations(app);
  registerInvitation(app);
  registerFees(app);
};

/** The summary, the invitations: list and send. */
function registerInvitations(app: ZodApp) {
  const service = app.vendorReferrals;

  app.get(
    '/referrals/summary',
    {
      config: referrer,
      schema: {
        tags: ['vendor'],
        summary: 'The referrer’s fee sums by state and the real estate licenses on file',
        response: { 200: ZVendorReferralSummarySchema, ...ERRORS },
      },
    },
    async (request) => service.summary(request.access.userId),
  );

  app.get(
    '/referrals/invitations',
    {
      config: referrer,
      schema: {
        tags: ['vendor'],
        summary: 'The people the referrer invited, newest first, with their progress',
        querystring: ZReferralInvitationsQuerySchema,
        response: { 200: ZReferralInvitationsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      (await page(reply, () => service.invitationsPage(request.access.userId, request.query))) ??
      reply,
  );

  app.post(
    '/referrals/invitations',
    {
      config: { ...referrer, audit: { action: 'referral_invitation.create' } },
      schema: {
        tags: ['vendor'],
        summary:
          'Refer someone: mails a single-use link to sign up or sign in and accept (throttled per referrer and per IP)',
        body: ZReferralInviteRequestSchema,
        response: { 201: ZReferralInvitationSchema, 429: ZErrorResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      if (!(await app.throttle.take(reply, LIMITS.referralInvitationsPerIp, request.ip)))
        return reply;
      if (!(await app.throttle.take(reply, LIMITS.referralInvitations, String(userId))))
        return reply;
      const outcome = await service.invite(userId, request.body);
      if (!outcome.ok) return refused(reply, outcome);
      const { hash, email } = outcome.value;
      request.audit({ recordType: 'referral_invitation', recordId: hash, after: { email } });
      const row = await service.invitation(userId, hash);
      return row ? reply.code(201).send(row) : notFound(reply);
    },
  );
}

/** One invitation: read it, withdraw it. */
function registerInvitation(app: ZodApp) {
  const service = app.vendorReferrals;

  app.get(
    '/referrals/invitations/:hash',
    {
      config: referrer,
      schema: {
        tags: ['vendor'],
        summary: 'One of the referrer’s invitations with its progress (another’s answers 404)',
        params: ZVendorReferralParamsSchema,
        response: { 200: ZReferralInvitationSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      (await service.invitation(request.access.userId, request.params.hash)) ?? notFound(reply),
  );

  app.delete(
    '/referrals/invitations/:hash',
    {
      config: { ...referrer, audit: { action: 'referral_invitation.withdraw' } },
      schema: {
        tags: ['vendor'],
        summary: 'Withdraw an invitation nobody took up yet (another’s answers 404)',
        params: ZVendorReferralParamsSchema,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await service.withdraw(request.access.userId, request.params.hash);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'referral_invitation',
        recordId: request.params.hash,
        before: outcome.value,
        after: null,
      });
      return reply.code(204).send(null);
    },
  );
}

/** The referral fees and one fee. */
function registerFees(app: ZodApp) {
  const service = app.vendorReferrals;

  app.get(
    '/referrals/fees',
    {
      config: referrer,
      schema: {
        tags: ['vendor'],
        summary: 'The referrer’s referral fees, newest first, by state',
        querystring: ZVendorReferralFeesQuerySchema,
        response: { 200: ZVendorReferralFeesPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () =>
        service.feesPage(request.access.userId, request.query),
      );
      if (!result) return reply;
      return { rows: result.rows.map(toVendorFee), nextCursor: result.nextCursor };
    },
  );

  app.get(
    '/referrals/fees/:hash',
    {
      config: referrer,
      schema: {
        tags: ['vendor'],
        summary: 'One of the referrer’s referral fees (another’s answers 404)',
        params: ZVendorReferralParamsSchema,
        response: { 200: ZVendorReferralFeeSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      (await service.fee(request.access.userId, request.params.hash)) ?? notFound(reply),
  );
}

export default vendorReferralRoutes;
