import type { TCurrentUser } from '@lantern/contracts';

/**
 * Static links that mean something else to a signed-in visitor, such as the home hero's
 * "Log in", which becomes "Go to Dashboard" (issue 14, item 4). A page marks them with
 * `data-signed-in-href` (and `data-signed-in-label` when the words change); the header island
 * calls this whenever it learns who is signed in, so no page needs a script of its own.
 */
export function applySessionLinks(user: TCurrentUser | null, root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-signed-in-href]')) {
    const data = link.dataset;
    data.signedOutHref ??= link.getAttribute('href') ?? '';
    data.signedOutLabel ??= link.textContent ?? '';
    const href = user ? data.signedInHref : data.signedOutHref;
    const label = user ? (data.signedInLabel ?? data.signedOutLabel) : data.signedOutLabel;
    if (href !== undefined) link.setAttribute('href', href);
    if (link.textContent !== label) link.textContent = label;
  }
}
