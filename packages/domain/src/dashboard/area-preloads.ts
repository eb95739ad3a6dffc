/**
 * The dashboard build's list of what each area's landing page loads besides the entry (decision
 * 083): `dist/area-preloads.json`, written by apps/dashboard/build-plugins/area-preloads.ts and
 * read by the API when it serves the SPA shell, which links each file so the browser fetches them
 * in parallel with the entry instead of one after another.
 */
export const AREA_PRELOADS_FILE = 'area-preloads.json';

/** Area prefix (`/dashboard`, `/vendor`, `/admin`) → the built files' URLs, scripts and styles. */
export type TAreaPreloads = Record<string, string[]>;
