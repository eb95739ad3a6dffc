import fp from 'fastify-plugin';
import { createPropertyPlacer, type PropertyPlacer } from './property-placement/placement.ts';
import { createPlacementRepair } from './property-placement/repair.ts';
import {
  createPlacementRepository,
  type PlacementRepository,
} from './property-placement.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Decides a property's county, position and standard casing on the server (issue 36). */
    propertyPlacer: PropertyPlacer;
    placementRepo: PlacementRepository;
  }
}

export const PLACE_PROPERTIES_JOB = 'properties.place';
const DAY_MS = 24 * 60 * 60_000;

/**
 * Property placement: the placer the add-property and update-property routes call, and a daily
 * job (its first run right after a deploy) that places properties stored without county or
 * position. What it cannot place stays listed for staff at Admin → Properties.
 */
export default fp(
  async (app) => {
    const placer = createPropertyPlacer({ geocoder: app.geocoder });
    const repo = createPlacementRepository(app.db);
    const repair = createPlacementRepair({ repo, placer });
    app.decorate('propertyPlacer', placer);
    app.decorate('placementRepo', repo);
    app.jobs.define(PLACE_PROPERTIES_JOB, {
      handler: async (_payload, { log }) => {
        const placed = await repair.run();
        if (placed) log.info({ placed }, 'properties placed');
      },
      maxAttempts: 5,
      describe: () => 'Find the county and map position of properties stored without them',
    });
    app.jobs.schedule(PLACE_PROPERTIES_JOB, DAY_MS);
  },
  { name: 'property-placement', dependencies: ['geocoder', 'jobs', 'services'] },
);
