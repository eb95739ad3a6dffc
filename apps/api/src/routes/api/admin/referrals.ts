import {
  ZCreateReferralRequestSchema,
  ZLicenseParamsSchema,
  ZLicensesResponseSchema,
  ZPayReferralRequestSchema,
  ZPutLicenseRequestSchema,
  ZReferralParamsSchema,
  ZReferralRowSchema,
  ZReferralsPageSchema,
  ZReferralsQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toReferralRow } from '../../../features/referrals/referrals.ts';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const manage = { access: { staff: ['referrals.manage'] as const } };
const ZUserParamsSchema = ZLicenseParamsSchema.pick({ hash: true });

/**
 * Referrals (issue 23; docs/decisions/035-referrals.md): the list, recording one, its moves
 * (earned, paid, deleted while pending), and the real estate licenses staff keep on file.
 */
const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReferrals(app);
  registerFees(app);
  registerLicences(app);
};

/** The referrals: list, record one. */
function registerReferrals(app: ZodApp) {
  app.get(
    '/referrals',
    {
      config: manage,
      schema: {
        tags: ['admin'],
        summary: 'Referrals, newest first, by state; searchable by referrer, customer or street',
        querystring: ZReferralsQuerySchema,
        response: { 200: ZReferralsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.referrals.page(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(toReferralRow), nextCursor: result.nextCursor };
    },
  );

  app.post(
    '/referrals',
    {
      config: { ...manage, audit: { action: 'referral.create' } },
      schema: {
        tags: ['admin'],
        summary:
          'Record a referral: the referrer (a referrer or referral agent), the customer, the fee',
        body: ZCreateReferralRequestSchema,
        response: { 201: ZReferralRowSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.referrals.create(request.access.userId, request.body);
      if (!outcome.ok) return refused(reply, outcome);
      const { hash, feeCents, referrerId, customerEmail } = outcome.value;
      request.audit({
        recordType: 'referral',
        recordId: hash,
        after: { feeCents, referrerId, customerEmail },
      });
      const row = await app.referrals.row(hash);
      return row ? reply.code(201).send(row) : notFound(reply);
    },
  );
}

/** A referral's fee: earned, paid, or the referral removed. */
function registerFees(app: ZodApp) {
  app.post(
    '/referrals/:hash/earned',
    {
      config: { ...manage, audit: { action: 'referral.earned' } },
      schema: {
        tags: ['admin'],
        summary: 'The customer bought what earns the fee: pending → earned',
        params: ZReferralParamsSchema,
        response: { 200: ZReferralRowSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.referrals.markEarned(request.params.hash);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({ recordType: 'referral', recordId: request.params.hash, ...outcome.value });
      return (await app.referrals.row(request.params.hash)) ?? notFound(reply);
    },
  );

  app.post(
    '/referrals/:hash/paid',
    {
      config: { ...manage, audit: { action: 'referral.paid' } },
      schema: {
        tags: ['admin'],
        summary:
          'The fee was paid: earned → paid, only to a referrer licensed in the property’s state today',
        params: ZReferralParamsSchema,
        body: ZPayReferralRequestSchema,
        response: { 200: ZReferralRowSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.referrals.markPaid(request.params.hash, request.body.reference);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({ recordType: 'referral', recordId: request.params.hash, ...outcome.value });
      return (await app.referrals.row(request.params.hash)) ?? notFound(reply);
    },
  );

  app.delete(
    '/referrals/:hash',
    {
      config: { ...manage, audit: { action: 'referral.delete' } },
      schema: {
        tags: ['admin'],
        summary: 'Delete a pending referral recorded by mistake',
        params: ZReferralParamsSchema,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.referrals.remove(request.params.hash);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({ recordType: 'referral', recordId: request.params.hash, ...outcome.value });
      return reply.code(204).send(null);
    },
  );
}

/** A referrer's licences by state. */
function registerLicences(app: ZodApp) {
  app.get(
    '/users/:hash/licenses',
    {
      config: manage,
      schema: {
        tags: ['admin'],
        summary: 'The real estate licenses on file for a person, by state',
        params: ZUserParamsSchema,
        response: { 200: ZLicensesResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const user = await app.adminUsers.byHash(request.params.hash);
      if (!user) return notFound(reply);
      return { licenses: await app.referrals.licenses(user.id) };
    },
  );

  app.put(
    '/users/:hash/licenses',
    {
      config: { ...manage, audit: { action: 'license.put' } },
      schema: {
        tags: ['admin'],
        summary: 'Put a license on file for a state (replacing the one there)',
        params: ZUserParamsSchema,
        body: ZPutLicenseRequestSchema,
        response: { 200: ZLicensesResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const user = await app.adminUsers.byHash(request.params.hash);
      if (!user) return notFound(reply);
      const outcome = await app.referrals.putLicense(request.access.userId, user.id, request.body);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({ recordType: 'user', recordId: request.params.hash, ...outcome.value });
      return { licenses: await app.referrals.licenses(user.id) };
    },
  );

  app.delete(
    '/users/:hash/licenses/:state',
    {
      config: { ...manage, audit: { action: 'license.remove' } },
      schema: {
        tags: ['admin'],
        summary: 'Take a license off file',
        params: ZLicenseParamsSchema,
        response: { 200: ZLicensesResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const user = await app.adminUsers.byHash(request.params.hash);
      if (!user) return notFound(reply);
      const removed = await app.referrals.removeLicense(user.id, request.params.state);
      if (!removed) return notFound(reply);
      request.audit({
        recordType: 'user',
        recordId: request.params.hash,
        before: { state: removed.state, number: removed.number, expiresOn: removed.expiresOn },
        after: null,
      });
      return { licenses: await app.referrals.licenses(user.id) };
    },
  );
}

export default referralRoutes;
