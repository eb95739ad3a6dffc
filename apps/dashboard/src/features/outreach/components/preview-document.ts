const BASE = '<base target="_blank">';

/**
 * A mail's HTML as the preview frame's document: with `<base target="_blank">`, a click on a
 * link asks for a new window, which the frame's empty sandbox refuses, so the sample link never
 * loads inside the page (our pages may not be framed, and the frame may not leave the sandbox).
 * The mail itself is shown as sent; the plain text beside it shows where each link leads.
 */
export function previewDocument(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return insertAt(html, head.index + head[0].length, BASE);
  const root = /<html(\s[^>]*)?>/i.exec(html);
  if (root) return insertAt(html, root.index + root[0].length, `<head>${BASE}</head>`);
  return `${BASE}${html}`;
}

const insertAt = (s: string, at: number, what: string) => `${s.slice(0, at)}${what}${s.slice(at)}`;
