import { seedProductCatalogue } from '@lantern/db/seed';
import { signsSlug } from '@lantern/domain';
import fp from 'fastify-plugin';
import {
  createProductRepository,
  type ProductRepository,
} from '../catalogue/products.repository.ts';
import { createPropertyRepository, type PropertyRepository } from './properties.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    properties: PropertyRepository;
    products: ProductRepository;
  }
}

/**
 * Property and product repositories. The services catalogue is seeded here, at every start:
 * seeding only adds missing products, so a fresh `pnpm start` (or a fresh test database) has
 * the catalogue and a restarted one keeps staff edits (docs/decisions/004-services-catalogue.md).
 */
export default fp(
  async (app) => {
    app.decorate('properties', createPropertyRepository(app.db));
    app.decorate('products', createProductRepository(app.db));
    const added = await seedProductCatalogue(app.db, { signsSlug: signsSlug(app.config.siteName) });
    if (added.length) app.log.info({ added }, 'services catalogue seeded');
  },
  { name: 'property-data', dependencies: ['services'] },
);
