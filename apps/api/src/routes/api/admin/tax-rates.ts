import { US_STATES } from '@lantern/address';
import {
  MESSAGES,
  TAX_TEXTS,
  ZTaxRateParamsSchema,
  ZTaxRateSchema,
  ZTaxRatesResponseSchema,
  ZUpdateTaxRateRequestSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS } from '../../_shared/replies.ts';

const STATE_NAMES = new Map(US_STATES.map((s) => [s.code, s.name]));

/**
 * Sales tax per state (issue 17): every staff member who sees orders reads the rates;
 * `taxes.manage` sets them. A rate is copied onto each invoice when it is issued, so a change
 * applies to new orders only.
 */
const taxRateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tax-rates',
    {
      config: { access: { staff: ['orders.view'] } },
      schema: {
        tags: ['admin'],
        summary: 'The sales tax rate of every state and DC (0 where none is set)',
        response: { 200: ZTaxRatesResponseSchema, ...ERRORS },
      },
    },
    async () => {
      const set = new Map((await app.taxRates.all()).map((r) => [r.state, r]));
      return {
        rates: US_STATES.map((s) => {
          const row = set.get(s.code);
          return {
            state: s.code,
            stateName: s.name,
            rateBasisPoints: row?.rateBasisPoints ?? 0,
            updatedAt: row?.updatedAt.toISOString() ?? null,
          };
        }).sort((a, b) => a.stateName.localeCompare(b.stateName)),
      };
    },
  );

  app.put(
    '/tax-rates/:state',
    {
      config: { access: { staff: ['taxes.manage'] }, audit: { action: 'tax_rate.update' } },
      schema: {
        tags: ['admin'],
        summary: "Set a state's sales tax rate in basis points (625 = 6.25%)",
        params: ZTaxRateParamsSchema,
        body: ZUpdateTaxRateRequestSchema,
        response: { 200: ZTaxRateSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { state } = request.params;
      const stateName = STATE_NAMES.get(state);
      if (!stateName)
        return reply
          .code(422)
          .send({ message: MESSAGES.validationFailed, errors: { state: [TAX_TEXTS.state] } });
      const { before, after } = await app.taxRates.set(state, request.body.rateBasisPoints);
      request.audit({
        recordType: 'tax_rate',
        recordId: state,
        before: { rateBasisPoints: before },
        after: { rateBasisPoints: after.rateBasisPoints },
      });
      return {
        state,
        stateName,
        rateBasisPoints: after.rateBasisPoints,
        updatedAt: after.updatedAt.toISOString(),
      };
    },
  );
};

export default taxRateRoutes;
