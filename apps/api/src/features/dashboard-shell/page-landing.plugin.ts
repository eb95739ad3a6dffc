import fp from 'fastify-plugin';
import { createPageLandingService, type PageLandingService } from './landings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Dashboard pages a link opened that cannot show anything: where to go, and why (056). */
    pageLanding: PageLandingService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'pageLanding',
      createPageLandingService({
        properties: app.properties,
        products: app.products,
        orders: app.orders,
        mlsListings: app.mlsListings,
        siteName: app.config.siteName,
      }),
    );
  },
  { name: 'page-landing', dependencies: ['repositories', 'property-data'] },
);
