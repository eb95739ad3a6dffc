/**
 * The public URL of a page: no `.html`, no `/index`, no trailing slash (the site is built with
 * `build.format: 'file'` and `trailingSlash: 'never'`). Query and hash are dropped.
 */
export function canonicalUrl(pathname: string, publicUrl: string): string {
  let path = pathname.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  return `${publicUrl.replace(/\/+$/, '')}${path === '/' ? '/' : path}`;
}
