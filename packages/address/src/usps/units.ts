/**
 * Secondary unit designators after USPS Publication 28, Appendix C2.
 * `ambiguous` marks designators that are also ordinary words in street names ('Lot', 'Key',
 * 'Upper'): they only start a unit after the street's suffix, so 'Old Key Rd' stays a street.
 */
interface Designator {
  abbreviation: string;
  spellings: readonly string[];
  ambiguous: boolean;
}

const DESIGNATORS: readonly Designator[] = [
  { abbreviation: 'APT', spellings: ['APARTMENT', 'APT'], ambiguous: false },
  { abbreviation: 'BSMT', spellings: ['BASEMENT', 'BSMT'], ambiguous: false },
  { abbreviation: 'BLDG', spellings: ['BUILDING', 'BLDG'], ambiguous: false },
  { abbreviation: 'DEPT', spellings: ['DEPARTMENT', 'DEPT'], ambiguous: false },
  { abbreviation: 'FL', spellings: ['FLOOR', 'FL'], ambiguous: true },
  { abbreviation: 'FRNT', spellings: ['FRONT', 'FRNT'], ambiguous: true },
  { abbreviation: 'HNGR', spellings: ['HANGAR', 'HNGR'], ambiguous: true },
  { abbreviation: 'KEY', spellings: ['KEY'], ambiguous: true },
  { abbreviation: 'LBBY', spellings: ['LOBBY', 'LBBY'], ambiguous: true },
  { abbreviation: 'LOT', spellings: ['LOT'], ambiguous: true },
  { abbreviation: 'LOWR', spellings: ['LOWER', 'LOWR'], ambiguous: true },
  { abbreviation: 'OFC', spellings: ['OFFICE', 'OFC'], ambiguous: true },
  { abbreviation: 'PH', spellings: ['PENTHOUSE', 'PH'], ambiguous: false },
  { abbreviation: 'PIER', spellings: ['PIER'], ambiguous: true },
  { abbreviation: 'REAR', spellings: ['REAR'], ambiguous: true },
  { abbreviation: 'RM', spellings: ['ROOM', 'RM'], ambiguous: true },
  { abbreviation: 'SIDE', spellings: ['SIDE'], ambiguous: true },
  { abbreviation: 'SLIP', spellings: ['SLIP'], ambiguous: true },
  { abbreviation: 'SPC', spellings: ['SPACE', 'SPC'], ambiguous: true },
  { abbreviation: 'STOP', spellings: ['STOP'], ambiguous: true },
  { abbreviation: 'STE', spellings: ['SUITE', 'STE'], ambiguous: false },
  { abbreviation: 'TRLR', spellings: ['TRAILER', 'TRLR'], ambiguous: true },
  { abbreviation: 'UNIT', spellings: ['UNIT'], ambiguous: false },
  { abbreviation: 'UPPR', spellings: ['UPPER', 'UPPR'], ambiguous: true },
];

const BY_SPELLING = new Map<string, Designator>();
for (const designator of DESIGNATORS) {
  for (const spelling of designator.spellings) BY_SPELLING.set(spelling, designator);
}

export interface UnitDesignator {
  abbreviation: string;
  ambiguous: boolean;
}

/** The designator an upper-case word spells ('SUITE' -> STE), or undefined. '#' is one too. */
export function unitDesignator(word: string): UnitDesignator | undefined {
  if (word === '#') return { abbreviation: '#', ambiguous: false };
  return BY_SPELLING.get(word);
}

/** True for a standard designator abbreviation such as 'APT' or 'STE'. */
export function isDesignatorAbbreviation(word: string): boolean {
  return word === '#' || BY_SPELLING.get(word)?.abbreviation === word;
}
