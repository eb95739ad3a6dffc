import { type SalesCoverage, salesCoverageOffers } from '@lantern/contracts';
import { todayUtc } from '@lantern/domain';
import fp from 'fastify-plugin';
import {
  type ClosedSaleRepository,
  createClosedSaleRepository,
} from './closed-sales.repository.ts';
import { createOwnSales, type OwnSales } from './own-sales.ts';
import {
  createSalesImportService,
  SALES_IMPORT_JOB,
  type SalesImportService,
} from './sales-import.ts';
import { createSalesImportRepository } from './sales-imports.repository.ts';

export interface SalesCoverageService {
  /** The ZIP's coverage as last computed (undefined when no sale there is stored). */
  coverageFor(postalCode: string): Promise<SalesCoverage | undefined>;
  /** Whether the ZIP's counts pass the coverage rule (what Admin → Sales data reports). */
  offers(postalCode: string, today?: string): Promise<boolean>;
  /**
   * Whether the rule offers valuation products for a home at this position: its nearby area's
   * recent sales (docs/decisions/059). Only a street-level position should be asked.
   */
  offersAt(position: { lat: number; lng: number }, today?: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The closed sales store: idempotent inserts, the engine's candidates, coverage queries. */
    closedSales: ClosedSaleRepository;
    /** Imports of sales files (staff's upload as a job, and the command line). */
    salesImport: SalesImportService;
    /** Our own closed MLS and FSBO listings recorded as sales, inside their closing transaction. */
    ownSales: OwnSales;
    /** Per-ZIP coverage and the rule that offers valuation products. */
    salesCoverage: SalesCoverageService;
  }
}

const DAY_MS = 24 * 60 * 60_000;
export const SALES_COVERAGE_JOB = 'sales.coverage';

/**
 * Closed sales (issue 37; docs/decisions/058 and 059): the store and its two sources, our own
 * closed listings and imported files, and coverage per ZIP — computed as sales arrive, and
 * refreshed daily so sales older than 12 months stop counting.
 */
export default fp(
  async (app) => {
    const sales = createClosedSaleRepository(app.db);
    const service = createSalesImportService({
      imports: createSalesImportRepository(app.db, sales),
      storage: app.storage,
      jobs: app.jobs,
    });
    app.decorate('closedSales', sales);
    app.decorate('salesImport', service);
    app.decorate('ownSales', createOwnSales({ sales, siteName: app.config.siteName }));
    const coverage: SalesCoverageService = {
      coverageFor: (zip: string) => sales.coverageFor(zip),
      offers: async (zip: string, today = todayUtc()) =>
        salesCoverageOffers(await sales.coverageFor(zip), today),
      offersAt: async ({ lat, lng }, today = todayUtc()) =>
        salesCoverageOffers(await sales.areaCoverageAt(lat, lng), today),
    };
    app.decorate('salesCoverage', coverage);

    app.jobs.define(SALES_IMPORT_JOB, {
      handler: async (payload) => service.runStored((payload as { id: number }).id),
      // A failure is recorded on the import's row; a crash mid-way is tried again (idempotent).
      maxAttempts: 3,
      describe: (payload) => `Import sales file #${(payload as { id: number }).id}`,
    });
    app.jobs.define(SALES_COVERAGE_JOB, {
      handler: () => sales.refreshCoverage(todayUtc()),
      describe: () => 'Recount the recent sales of every ZIP code',
    });
    app.jobs.schedule(SALES_COVERAGE_JOB, DAY_MS);
  },
  { name: 'sales', dependencies: ['services', 'jobs', 'photos'] },
);
