// Route designations that are read letter by letter: 'US Hwy 1', 'FM 1960', 'SR 50', 'CR 12'.
const INITIALISMS = new Set(['US', 'FM', 'SR', 'CR']);

/** Capitalise one word for display: 'MAIN' -> 'Main', '1ST' -> '1st', "O'NEIL" -> "O'Neil". */
export function titleWord(word: string): string {
  if (INITIALISMS.has(word.toUpperCase())) return word.toUpperCase();
  if (/^\d+(ST|ND|RD|TH)$/i.test(word)) return word.toLowerCase();
  // House-number-like tokens ('12B', 'I95') keep their capitals.
  if (/\d/.test(word)) return word.toUpperCase();
  return word
    .toLowerCase()
    .replace(
      /(^|[-/\s])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    )
    .replace(
      /^(\p{L})'(\p{L})/u,
      (_, first: string, letter: string) => `${first}'${letter.toUpperCase()}`,
    );
}

/** Title-case every space-separated word: 'SAINT LOUIS' -> 'Saint Louis'. */
export function titleCase(text: string): string {
  return text.split(/\s+/).filter(Boolean).map(titleWord).join(' ');
}
