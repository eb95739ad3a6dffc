/**
 * The built URL of the brand face's one file (fonts.css loads the same file, so the bundler emits
 * it once): the front ends preload it with `<link rel="preload" as="font" crossorigin>`.
 */
import figtreeLatin from '@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url';

export const BRAND_FONT_URL: string = figtreeLatin;
