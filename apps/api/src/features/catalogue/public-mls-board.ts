import type { TMlsBoard } from '@lantern/contracts';
import type { MlsBoard } from '@lantern/db';

/** A board as the public /mls and city pages show it (the ZMlsBoardSchema contract). */
export function publicBoard(b: MlsBoard): TMlsBoard {
  return {
    slug: b.slug,
    name: b.name,
    shortName: b.shortName,
    states: b.states,
    counties: b.counties,
    region: b.region,
    website: b.website,
    source: { name: b.sourceName, url: b.sourceUrl },
    notes: b.notes,
    listingFeeCents: b.listingFeeCents,
    rules: b.rules,
  };
}
