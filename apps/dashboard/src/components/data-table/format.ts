const DAY_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** 'Mar 4, 2026, 3:07 PM' in the reader's time zone. */
export const formatWhen = (iso: string) => DAY_TIME.format(new Date(iso));
/** 'Mar 4, 2026' in the reader's time zone. */
export const formatDate = (iso: string) => DAY.format(new Date(iso));
