import { requestJson } from '../lib/http.ts';
import { safeRedirect } from '../lib/safe-redirect.ts';

/**
 * The page an emailed link opens (issue 12): the token came in the fragment (or, in links mailed
 * before the change, the query); it is taken out of the address bar at once and posted to the
 * server, which answers where to go next. An unusable link goes to the page's `invalid` path.
 */
export async function followEmailedLink(status: HTMLElement | null): Promise<void> {
  if (!status) return;
  const { endpoint, invalid } = status.dataset;
  if (!endpoint || !invalid) return;
  const token =
    new URLSearchParams(window.location.hash.slice(1)).get('token') ??
    new URLSearchParams(window.location.search).get('token');
  window.history.replaceState(null, '', window.location.pathname);
  if (!token) {
    window.location.replace(invalid);
    return;
  }
  const result = await requestJson<{ redirect: string }>('POST', endpoint, { token });
  if (result.ok) {
    window.location.replace(safeRedirect(result.data.redirect, invalid));
  } else if (result.status === 410 || result.status === 422) {
    window.location.replace(invalid);
  } else {
    status.textContent = `${result.message} Open the link from your email again to retry.`;
  }
}
