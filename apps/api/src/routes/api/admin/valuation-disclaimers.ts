import {
  ZUpdateValuationDisclaimerRequestSchema,
  ZValuationDisclaimerParamsSchema,
  ZValuationDisclaimerSchema,
  ZValuationDisclaimersResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS } from '../../_shared/replies.ts';

/**
 * Admin → Valuation disclaimers (docs/decisions/062): what valuation reports say in each state
 * after the fixed sentence. Every staff member reads them (they are printed on customers'
 * reports); "Set valuation disclaimers" sets them. Saving empty text puts a state back to our
 * default wording, as a tax rate of 0 is the same as none set.
 */
const valuationDisclaimerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/valuation-disclaimers',
    {
      config: { access: { staff: [] } },
      schema: {
        tags: ['admin'],
        summary:
          'The disclaimer of valuation reports in every state and DC (null: our default wording), with who set it and when',
        response: { 200: ZValuationDisclaimersResponseSchema, ...ERRORS },
      },
    },
    async () => app.valuationDisclaimers.list(),
  );

  app.put(
    '/valuation-disclaimers/:state',
    {
      config: {
        access: { staff: ['valuation.disclaimers'] },
        audit: { action: 'valuation_disclaimer.update' },
      },
      schema: {
        tags: ['admin'],
        summary:
          "Set a state's valuation disclaimer (one paragraph, at most 2,000 characters); empty text puts it back to our default wording",
        params: ZValuationDisclaimerParamsSchema,
        body: ZUpdateValuationDisclaimerRequestSchema,
        response: { 200: ZValuationDisclaimerSchema, ...ERRORS },
      },
    },
    async (request) => {
      const entry = await request.prepareAudit();
      const { state } = request.params;
      const { text } = request.body;
      return app.valuationDisclaimers.set(state, text, request.user.userId, (before, after) =>
        entry({
          ...(after === null ? { action: 'valuation_disclaimer.clear' } : {}),
          recordType: 'valuation_disclaimer',
          recordId: state,
          before: { text: before },
          after: { text: after },
        }),
      );
    },
  );
};

export default valuationDisclaimerRoutes;
