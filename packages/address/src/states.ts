/** A state, the District of Columbia, or an inhabited territory, with its USPS code. */
export interface UsRegion {
  code: string;
  name: string;
  kind: 'state' | 'district' | 'territory';
}

/** The 50 states and DC: the places a property on this site can be. */
export const US_STATES: readonly UsRegion[] = [
  { code: 'AL', name: 'Alabama', kind: 'state' },
  { code: 'AK', name: 'Alaska', kind: 'state' },
  { code: 'AZ', name: 'Arizona', kind: 'state' },
  { code: 'AR', name: 'Arkansas', kind: 'state' },
  { code: 'CA', name: 'California', kind: 'state' },
  { code: 'CO', name: 'Colorado', kind: 'state' },
  { code: 'CT', name: 'Connecticut', kind: 'state' },
  { code: 'DE', name: 'Delaware', kind: 'state' },
  { code: 'DC', name: 'District of Columbia', kind: 'district' },
  { code: 'FL', name: 'Florida', kind: 'state' },
  { code: 'GA', name: 'Georgia', kind: 'state' },
  { code: 'HI', name: 'Hawaii', kind: 'state' },
  { code: 'ID', name: 'Idaho', kind: 'state' },
  { code: 'IL', name: 'Illinois', kind: 'state' },
  { code: 'IN', name: 'Indiana', kind: 'state' },
  { code: 'IA', name: 'Iowa', kind: 'state' },
  { code: 'KS', name: 'Kansas', kind: 'state' },
  { code: 'KY', name: 'Kentucky', kind: 'state' },
  { code: 'LA', name: 'Louisiana', kind: 'state' },
  { code: 'ME', name: 'Maine', kind: 'state' },
  { code: 'MD', name: 'Maryland', kind: 'state' },
  { code: 'MA', name: 'Massachusetts', kind: 'state' },
  { code: 'MI', name: 'Michigan', kind: 'state' },
  { code: 'MN', name: 'Minnesota', kind: 'state' },
  { code: 'MS', name: 'Mississippi', kind: 'state' },
  { code: 'MO', name: 'Missouri', kind: 'state' },
  { code: 'MT', name: 'Montana', kind: 'state' },
  { code: 'NE', name: 'Nebraska', kind: 'state' },
  { code: 'NV', name: 'Nevada', kind: 'state' },
  { code: 'NH', name: 'New Hampshire', kind: 'state' },
  { code: 'NJ', name: 'New Jersey', kind: 'state' },
  { code: 'NM', name: 'New Mexico', kind: 'state' },
  { code: 'NY', name: 'New York', kind: 'state' },
  { code: 'NC', name: 'North Carolina', kind: 'state' },
  { code: 'ND', name: 'North Dakota', kind: 'state' },
  { code: 'OH', name: 'Ohio', kind: 'state' },
  { code: 'OK', name: 'Oklahoma', kind: 'state' },
  { code: 'OR', name: 'Oregon', kind: 'state' },
  { code: 'PA', name: 'Pennsylvania', kind: 'state' },
  { code: 'RI', name: 'Rhode Island', kind: 'state' },
  { code: 'SC', name: 'South Carolina', kind: 'state' },
  { code: 'SD', name: 'South Dakota', kind: 'state' },
  { code: 'TN', name: 'Tennessee', kind: 'state' },
  { code: 'TX', name: 'Texas', kind: 'state' },
  { code: 'UT', name: 'Utah', kind: 'state' },
  { code: 'VT', name: 'Vermont', kind: 'state' },
  { code: 'VA', name: 'Virginia', kind: 'state' },
  { code: 'WA', name: 'Washington', kind: 'state' },
  { code: 'WV', name: 'West Virginia', kind: 'state' },
  { code: 'WI', name: 'Wisconsin', kind: 'state' },
  { code: 'WY', name: 'Wyoming', kind: 'state' },
];

/**
 * Inhabited US territories. Kept apart from US_STATES because the providers treat them
 * inconsistently (Google reports Puerto Rico as its own country) and the offline gazetteer
 * has no data for them.
 */
export const US_TERRITORIES: readonly UsRegion[] = [
  { code: 'AS', name: 'American Samoa', kind: 'territory' },
  { code: 'GU', name: 'Guam', kind: 'territory' },
  { code: 'MP', name: 'Northern Mariana Islands', kind: 'territory' },
  { code: 'PR', name: 'Puerto Rico', kind: 'territory' },
  { code: 'VI', name: 'U.S. Virgin Islands', kind: 'territory' },
];

const key = (text: string) => text.toUpperCase().replace(/[.,]/g, '').replace(/\s+/g, ' ').trim();

const BY_KEY = new Map<string, UsRegion>();
for (const region of [...US_STATES, ...US_TERRITORIES]) {
  BY_KEY.set(key(region.code), region);
  BY_KEY.set(key(region.name), region);
}
// Common written forms that are neither the code nor the official name.
for (const [alias, code] of [
  ['WASHINGTON DC', 'DC'],
  ['VIRGIN ISLANDS', 'VI'],
] as const) {
  const region = BY_KEY.get(code);
  if (region) BY_KEY.set(alias, region);
}

/** The region for a code or name, in any case ('california', 'CA', 'D.C.'), or undefined. */
export function findUsRegion(input: string): UsRegion | undefined {
  return BY_KEY.get(key(input));
}

/** The two-letter code for a state, DC or territory written either way; undefined if unknown. */
export function normalizeState(input: string): string | undefined {
  return findUsRegion(input)?.code;
}

/** True for the 50 states and DC. */
export function isStateOrDc(input: string): boolean {
  const region = findUsRegion(input);
  return region !== undefined && region.kind !== 'territory';
}
