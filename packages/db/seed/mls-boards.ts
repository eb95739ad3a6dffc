// The MLS directory Lantern starts with: 25 of the largest US multiple listing services.
// Only facts each MLS publishes about itself on its own website are recorded. `counties` lists
// only the core counties of each MLS's home market (the county of the city it is named for or
// based in, and its nearest neighbours), which nobody could dispute; an MLS usually serves more,
// and where even that is not beyond doubt it stays null (unknown to us). The admin area will edit
// the `mls_boards` table seeded from this list; apps/web builds /mls pages from it
// (docs/decisions/008-staff-editable-values.md). No dependencies: the web build imports it too.

/** One entry; the same shape as ZMlsBoardSchema in @lantern/contracts (checked by a web test). */
export interface MlsBoardSeed {
  slug: string;
  name: string;
  shortName: string;
  states: string[];
  /** Counties confirmed so far (the MLS may serve more); null: none confirmed. */
  counties: string[] | null;
  region: string | null;
  website: string;
  source: { name: string; url: string };
  notes: string | null;
}

const board = (
  slug: string,
  name: string,
  shortName: string,
  states: string[],
  region: string | null,
  website: string,
  notes: string | null = null,
): MlsBoardSeed => ({
  slug,
  name,
  shortName,
  states,
  counties: null,
  region,
  website,
  source: { name: `${shortName} website`, url: website },
  notes,
});

const BOARDS: readonly MlsBoardSeed[] = [
  board(
    'crmls',
    'California Regional Multiple Listing Service',
    'CRMLS',
    ['CA'],
    'Mostly Southern California',
    'https://www.crmls.org',
  ),
  board(
    'bright-mls',
    'Bright MLS',
    'Bright MLS',
    ['DC', 'DE', 'MD', 'NJ', 'PA', 'VA', 'WV'],
    'The Mid-Atlantic region',
    'https://www.brightmls.com',
  ),
  board(
    'stellar-mls',
    'Stellar MLS',
    'Stellar MLS',
    ['FL'],
    'Mostly Central Florida',
    'https://www.stellarmls.com',
  ),
  board(
    'mred',
    'Midwest Real Estate Data',
    'MRED',
    ['IL'],
    'Northern Illinois, including the Chicago area',
    'https://www.mredllc.com',
  ),
  board(
    'nwmls',
    'Northwest Multiple Listing Service',
    'NWMLS',
    ['WA'],
    'Washington State',
    'https://www.nwmls.com',
  ),
  board(
    'har',
    'Houston Association of Realtors MLS',
    'HAR',
    ['TX'],
    'Greater Houston',
    'https://www.har.com',
    'HAR.com is also a public home search website run by the association.',
  ),
  board(
    'armls',
    'Arizona Regional Multiple Listing Service',
    'ARMLS',
    ['AZ'],
    'Arizona, centred on the Phoenix area',
    'https://armls.com',
  ),
  board(
    'ntreis',
    'North Texas Real Estate Information Systems',
    'NTREIS',
    ['TX'],
    'North Texas, including Dallas–Fort Worth',
    'https://www.ntreis.net',
  ),
  board(
    'canopy-mls',
    'Canopy MLS',
    'Canopy MLS',
    ['NC', 'SC'],
    'The Charlotte region of the Carolinas',
    'https://www.canopymls.com',
  ),
  board(
    'fmls',
    'First Multiple Listing Service',
    'FMLS',
    ['GA'],
    'Metro Atlanta and other parts of Georgia',
    'https://www.fmls.com',
  ),
  board('georgia-mls', 'Georgia MLS', 'Georgia MLS', ['GA'], 'Georgia', 'https://www.gamls.com'),
  board(
    'mls-pin',
    'MLS Property Information Network',
    'MLS PIN',
    ['MA'],
    'Massachusetts',
    'https://www.mlspin.com',
  ),
  board(
    'recolorado',
    'REcolorado',
    'REcolorado',
    ['CO'],
    'The Denver area and other parts of Colorado',
    'https://www.recolorado.com',
  ),
  board(
    'northstar-mls',
    'NorthstarMLS',
    'NorthstarMLS',
    ['MN', 'WI'],
    'Minnesota and western Wisconsin',
    'https://www.northstarmls.com',
  ),
  board(
    'miami-mls',
    'Miami REALTORS MLS',
    'Miami MLS',
    ['FL'],
    'Miami and South Florida',
    'https://www.miamirealtors.com',
  ),
  board(
    'beaches-mls',
    'Beaches MLS',
    'Beaches MLS',
    ['FL'],
    'Southeast Florida',
    'https://www.beachesmls.com',
  ),
  board('smart-mls', 'SmartMLS', 'SmartMLS', ['CT'], 'Connecticut', 'https://www.smartmls.com'),
  board(
    'onekey-mls',
    'OneKey MLS',
    'OneKey MLS',
    ['NY'],
    'Downstate New York',
    'https://www.onekeymls.com',
  ),
  board(
    'realcomp',
    'Realcomp II',
    'Realcomp',
    ['MI'],
    'Southeast Michigan',
    'https://www.realcomp.com',
  ),
  board('mls-now', 'MLS Now', 'MLS Now', ['OH'], 'Northeast Ohio', 'https://www.mlsnow.com'),
  board(
    'heartland-mls',
    'Heartland MLS',
    'Heartland MLS',
    ['KS', 'MO'],
    'The Kansas City area',
    'https://www.heartlandmls.com',
  ),
  board(
    'unlock-mls',
    'Unlock MLS',
    'Unlock MLS',
    ['TX'],
    'Central Texas, including Austin',
    'https://www.unlockmls.com',
  ),
  board(
    'rmls',
    'Regional Multiple Listing Service',
    'RMLS',
    ['OR', 'WA'],
    'Oregon and Southwest Washington',
    'https://www.rmlsweb.com',
  ),
  board(
    'sabor',
    'San Antonio Board of Realtors MLS',
    'SABOR MLS',
    ['TX'],
    'The San Antonio area',
    'https://www.sabor.com',
  ),
  board(
    'wfrmls',
    'Wasatch Front Regional Multiple Listing Service',
    'WFRMLS',
    ['UT'],
    'Utah',
    'https://www.utahrealestate.com',
    'Runs the UtahRealEstate.com home search website.',
  ),
];

/**
 * Core counties by board: local MLS listing (spec 3) is offered where a board lists the county.
 * Names as geocoders give them, with or without 'County'. Heartland MLS is left out: its core
 * county names (Jackson, Johnson, Clay) exist in both of its states.
 */
const CORE_COUNTIES: Readonly<Record<string, string[]>> = {
  crmls: ['Los Angeles', 'Orange', 'Riverside', 'San Bernardino'],
  'bright-mls': [
    'District of Columbia',
    'Baltimore',
    'Anne Arundel',
    "Prince George's",
    'Philadelphia',
  ],
  'stellar-mls': ['Orange', 'Seminole', 'Osceola', 'Hillsborough', 'Pinellas'],
  mred: ['Cook', 'DuPage', 'Lake', 'Will', 'Kane'],
  nwmls: ['King', 'Snohomish', 'Pierce'],
  har: ['Harris', 'Fort Bend'],
  armls: ['Maricopa'],
  ntreis: ['Dallas', 'Tarrant', 'Collin', 'Denton'],
  'canopy-mls': ['Mecklenburg'],
  fmls: ['Fulton', 'DeKalb', 'Cobb', 'Gwinnett'],
  'georgia-mls': ['Fulton', 'DeKalb'],
  'mls-pin': ['Suffolk', 'Middlesex', 'Norfolk'],
  recolorado: ['Denver', 'Arapahoe', 'Jefferson', 'Adams', 'Douglas'],
  'northstar-mls': ['Hennepin', 'Ramsey'],
  'miami-mls': ['Miami-Dade'],
  'beaches-mls': ['Palm Beach', 'Broward'],
  'smart-mls': ['Hartford', 'New Haven'],
  'onekey-mls': ['Westchester', 'Nassau', 'Suffolk'],
  realcomp: ['Wayne', 'Oakland', 'Macomb'],
  'mls-now': ['Cuyahoga'],
  'unlock-mls': ['Travis', 'Williamson'],
  rmls: ['Multnomah', 'Clackamas', 'Washington'],
  sabor: ['Bexar'],
  wfrmls: ['Salt Lake', 'Utah', 'Davis'],
};

export const MLS_BOARDS: readonly MlsBoardSeed[] = BOARDS.map((board) => ({
  ...board,
  counties: CORE_COUNTIES[board.slug] ?? null,
}));
