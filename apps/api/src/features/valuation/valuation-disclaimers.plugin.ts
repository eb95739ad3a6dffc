import fp from 'fastify-plugin';
import { createValuationDisclaimers, type ValuationDisclaimers } from './disclaimers.ts';
import { createValuationDisclaimerRepository } from './valuation-disclaimers.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The disclaimer of valuation reports per state: `forState(state)` for whatever prints a
     * report, `list` and `set` for Admin → Valuation disclaimers (docs/decisions/062).
     */
    valuationDisclaimers: ValuationDisclaimers;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'valuationDisclaimers',
      createValuationDisclaimers({ repo: createValuationDisclaimerRepository(app.db) }),
    );
  },
  { name: 'valuation-disclaimers', dependencies: ['services'] },
);
