import fp from 'fastify-plugin';
import { createMortgageRateRepository } from './mortgage-rates.repository.ts';
import { createMortgageRates, type MortgageRates } from './mortgage-rates.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The mortgage rate of the listing pages' payment estimate (docs/decisions/090): `current()`
     * for the pages (cached, cleared on every instance by the bus), the rest for Admin →
     * Mortgage rate.
     */
    mortgageRates: MortgageRates;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'mortgageRates',
      createMortgageRates({ repo: createMortgageRateRepository(app.db), bus: app.bus }),
    );
  },
  { name: 'mortgage-rates', dependencies: ['services'] },
);
