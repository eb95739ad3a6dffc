/**
 * The tabs of /dashboard/listing (issue 22), each its own route: LISTING_TOOLS_PAGES.tab(tab,
 * property) links one. A module of their own, as the dashboard's route table, in the entry chunk,
 * needs them and nothing else of the tools (decision 083).
 */
export const INQUIRIES_TAB = 'questions';
export const SHOWINGS_TAB = 'showings';
export const TEXT_FOR_INFO_TAB = 'texts';
export const TRANSACTION_ACCESS_TAB = 'access';
/** The portals the listing goes to (issue 49; docs/decisions/098). */
export const LISTING_PORTALS_TAB = 'portals';
