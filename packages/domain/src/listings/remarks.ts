/**
 * Checks on a listing's public remarks (issue 16; docs/decisions/031-mls-listing-builder.md).
 * MLS rules keep contact details out of public remarks, so those are refused; fair-housing
 * phrases are flagged as warnings that name the phrase, since context decides whether a phrase
 * is a violation and the final word is the listing review's.
 */

export type TContactKind = 'phone' | 'email' | 'url';
export interface TContactFinding {
  kind: TContactKind;
  /** The text as it appears in the remarks. */
  found: string;
}

/** name@example.com, also with "(at)" / " at " spelled out before a domain. */
const EMAIL = /[a-z0-9._%+-]+\s*(?:@|\(at\)|\[at\])\s*[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;

/**
 * North American numbers: 10 digits in 3-3-4 groups with optional separators, a (555) area code
 * and a +1 in front. A run of digits that is part of a longer number (a price, a parcel number)
 * does not count: the lookarounds want no digit or digit separator on either side.
 */
const PHONE =
  /(?<![\d,.$])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}(?![\d]|[,.]\d)/g;

/** Top-level domains a listing is likely to carry; a bare "word.tld" with one of these is a URL. */
const TLDS =
  'com|net|org|info|biz|us|io|co|me|realtor|realty|homes|house|properties|property|estate|online|site|app|ly|gl|to';
const URL = new RegExp(
  `(?:\\bhttps?://\\S+|\\bwww\\.[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\S*|\\b[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:${TLDS})\\b(?:/\\S*)?)`,
  'gi',
);

const trimPunctuation = (s: string) => s.replace(/[.,;:!?)\]]+$/, '');

/** Every phone number, email address and web address in the text, in the order found. */
export function findContactDetails(text: string): TContactFinding[] {
  const found: { at: number; finding: TContactFinding }[] = [];
  const taken: [number, number][] = [];
  const overlaps = (start: number, end: number) => taken.some(([s, e]) => start < e && end > s);
  const scan = (re: RegExp, kind: TContactKind) => {
    for (const m of text.matchAll(re)) {
      const value = trimPunctuation(m[0].trim());
      const start = m.index;
      const end = start + m[0].length;
      if (value === '' || overlaps(start, end)) continue;
      taken.push([start, end]);
      found.push({ at: start, finding: { kind, found: value } });
    }
  };
  // Emails first: their domain would otherwise also read as a web address.
  scan(EMAIL, 'email');
  scan(URL, 'url');
  scan(PHONE, 'phone');
  return found.sort((a, b) => a.at - b.at).map((f) => f.finding);
}

/**
 * Phrases fair-housing advertising guidance warns about (familial status, disability, religion,
 * national origin, race, sex): a listing describes the property, not who should live in it.
 * Ours, after HUD's advertising guidance and the MLS rules that cite it.
 */
export const FAIR_HOUSING_PHRASES = [
  'no children',
  'no kids',
  'adults only',
  'adult only',
  'perfect for singles',
  'ideal for singles',
  'singles only',
  'perfect for couples',
  'ideal for couples',
  'couples only',
  'perfect for families',
  'ideal for families',
  'empty nesters',
  'newlyweds',
  'bachelor pad',
  'mature couple',
  'mature person',
  'no handicapped',
  'no disabled',
  'no wheelchairs',
  'able-bodied',
  'able bodied',
  'physically fit',
  'christian home',
  'christian neighborhood',
  'catholic neighborhood',
  'jewish neighborhood',
  'muslim neighborhood',
  'white neighborhood',
  'integrated neighborhood',
  'ethnic neighborhood',
  'exclusive neighborhood',
  'restricted community',
  'english only',
  'english speaking',
  'no section 8',
  'no immigrants',
] as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const FAIR_HOUSING = new RegExp(
  `(?<![a-z0-9])(?:${FAIR_HOUSING_PHRASES.map((p) => escapeRegExp(p).replace(/[\s-]+/g, '[\\s-]+')).join('|')})(?![a-z0-9])`,
  'gi',
);

/** The flagged phrases in the text, each once, as written there. */
export function findFairHousingPhrases(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const m of text.matchAll(FAIR_HOUSING)) {
    const key = m[0].toLowerCase().replace(/[\s-]+/g, ' ');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(m[0]);
  }
  return out;
}
