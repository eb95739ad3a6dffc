import { LISTING_ANALYTICS_TEXTS as T } from '@lantern/contracts';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * The weekly summary's unsubscribe page (issue 22; decision 042): a small page of its own, made
 * here so it works without the public site's build, with no script and no cookie. `ask` shows the
 * button that POSTs back to the same address; `done` says it worked; `invalid` says the link is
 * not one of ours.
 */
export function unsubscribePage(
  siteName: string,
  state:
    | { kind: 'ask'; email: string; action: string }
    | { kind: 'done'; email: string }
    | { kind: 'invalid' },
): string {
  const body =
    state.kind === 'ask'
      ? `<p>${escapeHtml(T.unsubscribeAsk(state.email))}</p><form method="post" action="${escapeHtml(state.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click" /><button type="submit">${escapeHtml(T.unsubscribeButton)}</button></form>`
      : state.kind === 'done'
        ? `<p role="status">${escapeHtml(T.unsubscribed(state.email))}</p>`
        : `<p role="alert">${escapeHtml(T.badLink)}</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" /><title>${escapeHtml(`${T.unsubscribeTitle} | ${siteName}`)}</title><style>body{margin:0;padding:2rem 1rem;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2937;line-height:1.5}main{max-width:36rem;margin:0 auto;padding:2rem;border-radius:10px;background:#fff}h1{font-size:1.5rem;color:#0f1f3d}button{padding:.75rem 1.25rem;border:0;border-radius:6px;background:#1e3a8a;color:#fff;font:inherit;font-weight:600;cursor:pointer}button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}a{color:#1e3a8a}</style></head><body><main><p><a href="/">${escapeHtml(siteName)}</a></p><h1>${escapeHtml(T.unsubscribeTitle)}</h1>${body}</main></body></html>`;
}
