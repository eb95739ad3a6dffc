// Names that already say what kind of county-level area they are.
const HAS_KIND = /\b(County|Parish|Borough|Census Area|Municipality|City and|City of)\b/;

// Alaska's boroughs and census areas, Connecticut's planning regions and the District itself
// are not counties, and the gazetteer's name for them is already the one people use.
const KEEP_AS_IS = new Set(['AK', 'CT', 'DC']);

/**
 * A county as the providers write it ('Sangamon County'), from the gazetteer's bare name
 * ('Sangamon'). Louisiana has parishes. The gazetteer writes independent cities as
 * 'Richmond (city)' and Alaska census areas as 'Nome (CA)'.
 */
export function countyDisplayName(name: string, state: string): string {
  const bare = name.trim();
  if (bare === '') return '';
  const city = /^(.*?)\s*\(city\)?$/.exec(bare);
  if (city?.[1]) return `City of ${city[1]}`;
  const censusArea = /^(.*?)\s*\(CA\)$/.exec(bare);
  if (censusArea?.[1]) return `${censusArea[1]} Census Area`;
  if (HAS_KIND.test(bare) || KEEP_AS_IS.has(state)) return bare;
  return state === 'LA' ? `${bare} Parish` : `${bare} County`;
}
