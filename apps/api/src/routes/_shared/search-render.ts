import type { SearchResult, TextSegment } from '@lantern/contracts';
import { escapeHtml } from '../../lib/escape-html.ts';

const KIND_LABEL: Record<SearchResult['kind'], string> = {
  service: 'Service',
  help: 'Help',
  cities: 'City guides',
  page: 'Page',
  post: 'Blog post',
  city: 'City guide',
  mls: 'MLS directory',
};

const segments = (parts: TextSegment[]) =>
  parts.map((p) => (p.match ? `<mark>${escapeHtml(p.text)}</mark>` : escapeHtml(p.text))).join('');

/** The results region of /search: every value from the URL or the index is escaped. */
export function renderResults(query: string, results: SearchResult[], total: number): string {
  const q = escapeHtml(query.trim());
  if (!query.trim()) {
    return '<div class="empty-state"><h2>What are you looking for?</h2><p>Type a word or two above, such as “lockbox”, “flat fee” or the name of your city.</p></div>';
  }
  if (!results.length) {
    return `<div class="empty-state" role="status"><h2>No results for <span class="search-results__query">“${q}”</span></h2><p>Check the spelling, try fewer or more general words, or browse <a href="/services">all services</a> and <a href="/blog">the blog</a>.</p></div>`;
  }
  const items = results
    .map(
      (r) =>
        `<li><h2><a href="${escapeHtml(r.url)}">${escapeHtml(r.title)}</a></h2><p class="search-results__url">${KIND_LABEL[r.kind]} · ${escapeHtml(r.url)}</p><p>${segments(r.snippet)}</p></li>`,
    )
    .join('');
  const shown = results.length < total ? ` Showing the first ${results.length}.` : '';
  return `<p class="search-results__count" role="status">${total} ${total === 1 ? 'result' : 'results'} for <span class="search-results__query">“${q}”</span>.${shown}</p><ul class="search-results__list">${items}</ul>`;
}
