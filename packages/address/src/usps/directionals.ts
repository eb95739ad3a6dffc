/** USPS directionals (Publication 28, Appendix B): the eight compass words and their abbreviations. */
const DIRECTIONALS = new Map<string, string>([
  ['NORTH', 'N'],
  ['SOUTH', 'S'],
  ['EAST', 'E'],
  ['WEST', 'W'],
  ['NORTHEAST', 'NE'],
  ['NORTHWEST', 'NW'],
  ['SOUTHEAST', 'SE'],
  ['SOUTHWEST', 'SW'],
  ['N', 'N'],
  ['S', 'S'],
  ['E', 'E'],
  ['W', 'W'],
  ['NE', 'NE'],
  ['NW', 'NW'],
  ['SE', 'SE'],
  ['SW', 'SW'],
]);

/** The abbreviation for an upper-case directional word ('NORTHEAST' -> 'NE'), or undefined. */
export function standardDirectional(word: string): string | undefined {
  return DIRECTIONALS.get(word);
}
