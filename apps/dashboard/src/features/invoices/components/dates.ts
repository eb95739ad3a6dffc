const LONG = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const LOCAL = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** 'March 4, 2026' for a YYYY-MM-DD date (a calendar day, not an instant). */
export const formatDay = (day: string) => LONG.format(new Date(`${day}T00:00:00Z`));

/** 'March 4, 2026' for an instant, in the reader's time zone. */
export const formatInstant = (iso: string) => LOCAL.format(new Date(iso));
