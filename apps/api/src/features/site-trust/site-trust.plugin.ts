import fp from 'fastify-plugin';
import { createSiteTrustRepository } from './site-trust.repository.ts';
import { createSiteTrust, type SiteTrust } from './site-trust.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * State notices, review ratings and the homes-listed counter the public footer shows
     * (docs/decisions/080): `trust()` for the pages (cached, cleared on every instance by the
     * bus), the rest for Admin → Trust and notices.
     */
    siteTrust: SiteTrust;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'siteTrust',
      createSiteTrust({ repo: createSiteTrustRepository(app.db), bus: app.bus }),
    );
  },
  { name: 'site-trust', dependencies: ['services'] },
);
