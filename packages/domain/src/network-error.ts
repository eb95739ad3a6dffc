/**
 * The one text every front end shows when a request never reached the API (offline, DNS, a
 * dropped connection). Zod-free on purpose: content-page islands import it without the schemas.
 */
export const NETWORK_ERROR = 'We could not reach the server. Check your connection and try again.';
