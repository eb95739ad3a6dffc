import fp from 'fastify-plugin';
import {
  createSiteRebuild,
  SITE_REBUILD_JOB,
  type SiteRebuild,
} from '../public-site/site-rebuild.ts';
import { createSiteRebuildJobRepository } from '../public-site/site-rebuild-jobs.repository.ts';
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
    /** Rebuilds the public site after MLS edits, through PUBLIC_SITE_REBUILD_COMMAND. */
    siteRebuild: SiteRebuild;
  }
}

/**
 * The catalogue's staff pages beyond products (issue 20): MLS boards, vendor prices and the
 * public-site rebuild. Without PUBLIC_SITE_REBUILD_COMMAND the `site.rebuild` kind is not
 * defined, so nothing is queued and a job left from a time it was set waits until it is again.
 */
export default fp(
  async (app) => {
    const mlsBoards = createMlsBoardRepository(app.db);
    app.decorate('mlsBoards', mlsBoards);
    app.decorate('vendorPrices', createVendorPriceRepository(app.db));
    const siteRebuild = createSiteRebuild({
      config: app.config.publicSiteRebuild,
      jobs: app.jobs,
      records: createSiteRebuildJobRepository(app.db, SITE_REBUILD_JOB),
      mlsBoards,
      dataDir: app.config.dataDir,
      log: app.log,
    });
    if (siteRebuild.configured) {
      app.jobs.define(SITE_REBUILD_JOB, siteRebuild.job);
      // After the seed (public-site plugin) and before traffic: catch up with staff edits.
      app.addHook('onReady', async () => {
        await siteRebuild
          .catchUp()
          .catch((err: unknown) =>
            app.log.error({ err }, 'could not compare the MLS directory with the packaged one'),
          );
      });
    }
    app.decorate('siteRebuild', siteRebuild);
  },
  { name: 'catalogue-admin', dependencies: ['services', 'jobs', 'public-site'] },
);
