import {
  ZMortgageRateRequestSchema,
  ZMortgageRateSchema,
  ZMortgageRatesAdminSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateFields, toMortgageRate } from '../../../features/mortgage-rates/mortgage-rates.ts';
import { ERRORS } from '../../_shared/replies.ts';

/**
 * Admin → Mortgage rate (issue 47; docs/decisions/090): the rate the payment estimate of every
 * listing page starts from, with its date and source. Every staff member reads the current rate
 * and the earlier ones; `site.manage` sets a new one, which every instance's listing pages show
 * at the next visit. Rates are never changed or removed: a correction is a new rate.
 */
const mortgageRateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mortgage-rates',
    {
      config: { access: { staff: [] } },
      schema: {
        tags: ['admin'],
        summary:
          'The mortgage rate listing pages estimate payments with (null until one is set), and the earlier ones, newest first',
        response: { 200: ZMortgageRatesAdminSchema, ...ERRORS },
      },
    },
    async () => app.mortgageRates.admin(),
  );

  app.post(
    '/mortgage-rates',
    {
      config: { access: { staff: ['site.manage'] }, audit: { action: 'mortgage-rate.create' } },
      schema: {
        tags: ['admin'],
        summary:
          'Set a new mortgage rate: in thousandths of a percent (6875 = 6.875 %, above 0 and at most 20 %), the day it is of (not in the future), its source and an optional https address',
        body: ZMortgageRateRequestSchema,
        response: { 201: ZMortgageRateSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { before, made } = await app.mortgageRates.add({
        ...request.body,
        createdBy: request.user.userId,
      });
      request.audit({
        recordType: 'mortgage-rate',
        recordId: String(made.id),
        // The rate it replaces as "before": the log reads as the current rate changing.
        ...(before ? { before: rateFields(before) } : {}),
        after: rateFields(made),
      });
      return reply.code(201).send(toMortgageRate(made));
    },
  );
};

export default mortgageRateRoutes;
