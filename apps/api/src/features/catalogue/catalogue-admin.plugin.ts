import fp from 'fastify-plugin';
import { createMlsBoardRepository, type MlsBoardRepository } from './mls-boards.repository.ts';
import {
  createVendorPriceRepository,
  type VendorPriceRepository,
} from './vendor-prices.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The MLS and board-of-realtors dataset as staff edit it (decision 028). */
    mlsBoards: MlsBoardRepository;
    /** What we pay vendors per product: defaults and per-vendor prices (decision 028). */
    vendorPrices: VendorPriceRepository;
  }
}

/**
 * The catalogue's staff pages beyond products (issue 20): MLS boards and vendor prices. The
 * public /mls and city pages read the boards on each request (public-site/site-data.ts).
 */
export default fp(
  async (app) => {
    app.decorate('mlsBoards', createMlsBoardRepository(app.db));
    app.decorate('vendorPrices', createVendorPriceRepository(app.db));
  },
  { name: 'catalogue-admin', dependencies: ['services'] },
);
