import type { PlacementRepository, UnplacedProperty } from '../property-placement.repository.ts';
import { distanceKm, type PropertyPlacer } from './placement.ts';

/** A stored position this close to what the geocoders find now is the same point. */
const SAME_POINT_KM = 0.05;
const BATCH = 200;

/**
 * Repairs properties stored without county or position (before issue 36 the add-property form's
 * exact-match path posted neither). It fills in only what a geocoder decides — county, position,
 * its precision, address_json — and never changes a typed street, city, unit, state or ZIP.
 * A position stored earlier keeps its place; its precision is 'zip' when it is the ZIP's centroid
 * and otherwise counted as street level (its source was not recorded). Properties that even the
 * ZIP cannot place stay as they are and are listed for staff.
 */
export function createPlacementRepair(deps: { repo: PlacementRepository; placer: PropertyPlacer }) {
  async function repairOne(row: UnplacedProperty): Promise<boolean> {
    const placement = await deps.placer.place(row.locationType, {
      apn: row.apn,
      street: row.street,
      unit: row.unit,
      city: row.city,
      state: row.state,
      zip: row.zip,
    });
    const found =
      placement.lat !== null && placement.lng !== null
        ? { lat: placement.lat, lng: placement.lng }
        : undefined;
    let positionPrecision = placement.positionPrecision ?? undefined;
    if (row.lat !== null && row.lng !== null) {
      const same = found && distanceKm({ lat: row.lat, lng: row.lng }, found) <= SAME_POINT_KM;
      positionPrecision = same ? positionPrecision : 'street';
    }
    return deps.repo.fill(row, {
      ...(placement.county && { county: placement.county }),
      ...(found && { lat: found.lat, lng: found.lng }),
      ...(positionPrecision && { positionPrecision }),
      addressJson: placement.addressJson,
    });
  }

  return {
    /** One pass over every property that lacks a placement; the number it filled in. */
    async run(): Promise<number> {
      let filled = 0;
      let afterId = 0;
      for (;;) {
        const rows = await deps.repo.unplaced(afterId, BATCH);
        for (const row of rows) if (await repairOne(row)) filled++;
        const last = rows.at(-1);
        if (!last || rows.length < BATCH) return filled;
        afterId = last.id;
      }
    },
  };
}
export type PlacementRepair = ReturnType<typeof createPlacementRepair>;
