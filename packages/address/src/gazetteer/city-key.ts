// Abbreviations people write at the start of a place name, expanded so both spellings meet.
const LEADING_WORDS = new Map([
  ['ST', 'SAINT'],
  ['STE', 'SAINTE'],
  ['FT', 'FORT'],
  ['MT', 'MOUNT'],
]);

/** The key a city is indexed and looked up by: 'St. Louis' and 'saint  louis' meet at 'SAINT LOUIS'. */
export function cityKey(city: string): string {
  const words = city
    .toUpperCase()
    .replace(/[.']/g, '')
    .replace(/[-\s]+/g, ' ')
    .trim()
    .split(' ');
  const first = LEADING_WORDS.get(words[0] ?? '');
  if (first && words.length > 1) words[0] = first;
  return words.join(' ');
}
