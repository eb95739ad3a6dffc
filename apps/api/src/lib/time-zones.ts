/**
 * The time zone a property's scheduling cutoff is read in, from its state (issue 21, "Work
 * orders"): our own table, no outside service. A few states span two zones; each is listed by
 * the zone most of its people live in, and the exceptions are named beside it. A property in
 * the other part of such a state gets its cutoff up to an hour off, which staff can live with.
 */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage', // The western Aleutians keep Hawaii-Aleutian time.
  AZ: 'America/Phoenix', // No daylight saving time; the Navajo Nation keeps it (America/Denver).
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York', // The western panhandle keeps Central time.
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise', // The northern panhandle keeps Pacific time.
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis', // The north-west and south-west corners keep Central time.
  IA: 'America/Chicago',
  KS: 'America/Chicago', // Four western counties keep Mountain time.
  KY: 'America/New_York', // The western half keeps Central time.
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit', // Four Upper Peninsula counties keep Central time.
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago', // The western panhandle keeps Mountain time.
  NV: 'America/Los_Angeles', // West Wendover keeps Mountain time.
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago', // The south-west keeps Mountain time.
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles', // Most of Malheur County keeps Mountain time.
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago', // The western half keeps Mountain time.
  TN: 'America/Chicago', // East Tennessee (Knoxville, Chattanooga) keeps Eastern time.
  TX: 'America/Chicago', // El Paso and Hudspeth County keep Mountain time.
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

/** The zone for a state's USPS code; Eastern time when the code is not one of ours. */
export const timeZoneOfState = (state: string) =>
  STATE_TIME_ZONES[state.toUpperCase()] ?? 'America/New_York';
