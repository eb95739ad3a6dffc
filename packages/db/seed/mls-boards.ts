// The MLS directory Lantern starts with: 25 of the largest US multiple listing services.
// Only facts each MLS publishes about itself on its own website are recorded; `counties` is null
// (unknown to us) for every entry until someone confirms them against the source. The admin area
// will edit the `mls_boards` table seeded from this list; apps/web builds /mls pages from it
// (docs/decisions/008-staff-editable-values.md). No dependencies: the web build imports it too.

/** One entry; the same shape as ZMlsBoardSchema in @lantern/contracts (checked by a web test). */
export interface MlsBoardSeed {
  slug: string;
  name: string;
  shortName: string;
  states: string[];
  /** null: not known to us. */
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

export const MLS_BOARDS: readonly MlsBoardSeed[] = [
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
