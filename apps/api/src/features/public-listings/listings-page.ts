import {
  LISTING_VIEW_PAGES,
  LISTINGS_MAX_PRICE,
  PUBLIC_PROPERTY_TYPES,
  sortsFor,
  type TListingSort,
  type TListingView,
  type TPublicListing,
} from '@lantern/contracts';
import {
  esc,
  fillRegion,
  formatDate,
  formatMoney,
  formatNumber,
  keyFacts,
  type ListingPageSite,
  type MapPoint,
  mapHtml,
  STATUS_BADGE,
  STATUS_LABEL,
} from './page-html.ts';

/** The region of the three built list pages (apps/web/src/components/listings/listings-page.astro). */
export const LISTINGS_REGION = 'listings-results';

/** The filter form's fields as the visitor typed them (kept in the form, even when invalid). */
export interface ListingsFormValues {
  place?: string;
  minPrice?: string;
  maxPrice?: string;
  beds?: string;
  baths?: string;
  type?: string;
  sort?: string;
}
const FILTER_FIELDS = ['place', 'minPrice', 'maxPrice', 'beds', 'baths', 'type'] as const;

export interface ListingsPageData {
  view: TListingView;
  form: ListingsFormValues;
  /** The sort in force (the view's default when none was chosen). */
  sort: TListingSort;
  /** Null when the query was refused: `errors` says why and no results are shown. */
  results: { listings: TPublicListing[]; total: number; page: number; pageSize: number } | null;
  errors?: string[];
}

const EMPTY: Record<TListingView, { title: string; text: string }> = {
  current: {
    title: 'No homes are published for sale right now',
    text: 'Sellers choose whether their listing appears here, and none are published at the moment. Check back soon, or list your own home.',
  },
  sold: {
    title: 'No past sales are published yet',
    text: 'Sales appear here once a seller agrees to share them. None have been published yet.',
  },
  past: {
    title: 'No past listings are published yet',
    text: 'Sold, withdrawn and expired listings appear here once their owners agree to share them. None have been published yet.',
  },
};

const BEDS = [1, 2, 3, 4, 5];
const BATHS = [1, 2, 3, 4];

/** The page's query string for these form values, at a page (1 is left out). */
export function listingsQueryString(form: ListingsFormValues, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value?.trim()) params.set(key, value.trim());
  }
  if (page > 1) params.set('page', String(page));
  const q = params.toString();
  return q ? `?${q}` : '';
}

const option = (value: string, label: string, chosen: string | undefined) =>
  `<option value="${esc(value)}"${chosen === value ? ' selected' : ''}>${esc(label)}</option>`;

function formHtml(d: ListingsPageData): string {
  const f = d.form;
  const path = LISTING_VIEW_PAGES[d.view];
  const select = (name: string, label: string, options: string) =>
    `<div class="ln-field"><label class="ln-label" for="filter-${name}">${label}</label><select class="ln-select" id="filter-${name}" name="${name}">${options}</select></div>`;
  const price = (name: 'minPrice' | 'maxPrice', label: string) =>
    `<div class="ln-field"><label class="ln-label" for="filter-${name}">${label}</label><input class="ln-input" id="filter-${name}" name="${name}" type="number" inputmode="numeric" min="0" max="${LISTINGS_MAX_PRICE}" step="1" value="${esc(f[name] ?? '')}" /></div>`;
  return `<form class="listings-filters" method="get" action="${path}" role="search" aria-label="Filter listings"><div class="ln-field listings-filters__place"><label class="ln-label" for="filter-place">City or ZIP code</label><input class="ln-input" id="filter-place" name="place" type="text" maxlength="100" autocomplete="off" value="${esc(f.place ?? '')}" /></div>${price('minPrice', 'Lowest price ($)')}${price('maxPrice', 'Highest price ($)')}${select('beds', 'Bedrooms', option('', 'Any', f.beds) + BEDS.map((n) => option(String(n), `${n}+`, f.beds)).join(''))}${select('baths', 'Bathrooms', option('', 'Any', f.baths) + BATHS.map((n) => option(String(n), `${n}+`, f.baths)).join(''))}${select('type', 'Type', option('', 'Any type', f.type) + PUBLIC_PROPERTY_TYPES.map((t) => option(t.value, t.label, f.type)).join(''))}${select(
    'sort',
    'Sort by',
    sortsFor(d.view)
      .map((s) => option(s.value, s.label, d.sort))
      .join(''),
  )}<div class="listings-filters__actions"><button type="submit" class="ln-btn ln-btn--primary">Show homes</button><a href="${path}">Clear</a></div></form>`;
}

function cardHtml(l: TPublicListing): string {
  const facts = keyFacts(l);
  const when = l.closedAt
    ? `${l.status === 'sold' ? 'Sold' : 'Closed'} ${formatDate(l.closedAt)}`
    : `Listed ${formatDate(l.listedAt)}`;
  const photo = l.photoUrl
    ? `<img src="${esc(l.photoUrl)}" alt="${esc(`Photo of ${l.address}`)}" width="320" height="213" loading="lazy" decoding="async" />`
    : '';
  return `<li class="listing-card" data-listing-card>${photo}<p><span class="${STATUS_BADGE[l.status]}">${esc(STATUS_LABEL[l.status])}</span></p><h2><a href="${esc(l.url)}">${esc(l.address)}</a></h2><p>${esc(`${l.city}, ${l.state} ${l.zipCode}`)}</p>${l.price != null ? `<p class="listing-card__price">${esc(formatMoney(l.price))}</p>` : ''}${facts.length ? `<p>${esc(facts.join(' · '))}</p>` : ''}<p class="listing-card__muted">${esc(when)}</p></li>`;
}

function pagesHtml(d: ListingsPageData, page: number, pages: number): string {
  if (pages <= 1) return '';
  const path = LISTING_VIEW_PAGES[d.view];
  const link = (to: number, label: string, rel: string) =>
    `<a class="ln-btn ln-btn--secondary ln-btn--sm" rel="${rel}" href="${esc(path + listingsQueryString(d.form, to))}">${label}</a>`;
  return `<nav class="listings-pages" aria-label="Pages of results">${page > 1 ? link(Math.min(page - 1, pages), '‹ Previous page', 'prev') : ''}<span>Page ${formatNumber(page)} of ${formatNumber(pages)}</span>${page < pages ? link(page + 1, 'Next page ›', 'next') : ''}</nav>`;
}

/** The results region: filter form, count, cards, paging, and a map of this page's homes. */
export function listingsRegionHtml(d: ListingsPageData, site: ListingPageSite): string {
  const form = formHtml(d);
  if (!d.results) {
    const items = (d.errors ?? []).map((e) => `<li>${esc(e)}</li>`).join('');
    return `${form}<div class="ln-alert ln-alert--danger" role="alert"><p><strong>Please check the filters.</strong></p><ul>${items}</ul></div>`;
  }
  const { listings, total, page, pageSize } = d.results;
  const filtered = FILTER_FIELDS.some((k) => d.form[k]?.trim());
  const path = LISTING_VIEW_PAGES[d.view];
  if (total === 0) {
    const empty = filtered
      ? `<div class="empty-state" role="status"><h2>No homes match these filters</h2><p>Try a wider price range, fewer bedrooms or another place, or <a href="${path}">clear the filters</a>.</p></div>`
      : `<div class="empty-state" role="status"><h2>${esc(EMPTY[d.view].title)}</h2><p>${esc(EMPTY[d.view].text)}</p></div>`;
    return form + empty;
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (!listings.length) {
    return `${form}<div class="empty-state" role="status"><h2>There is no page ${formatNumber(page)}</h2><p>These filters have ${formatNumber(pages)} ${pages === 1 ? 'page' : 'pages'} of results. <a href="${esc(path + listingsQueryString(d.form, 1))}">Go to the first page</a>.</p></div>`;
  }
  const first = (page - 1) * pageSize + 1;
  const points: MapPoint[] = listings
    .filter((l) => l.lat != null && l.lng != null)
    .map((l) => ({
      lat: l.lat as number,
      lng: l.lng as number,
      title: l.address,
      detail: [l.price != null ? formatMoney(l.price) : null, `${l.city}, ${l.state}`]
        .filter(Boolean)
        .join(' · '),
      url: l.url,
    }));
  const map = points.length
    ? mapHtml(
        site,
        points,
        'Map of the homes on this page',
        `${points.length === 1 ? 'One home' : `${points.length} homes`} of this page on the map; choose a marker to see its address and open its page.`,
        'listings-map',
      )
    : '';
  const count = `<p class="listings-count"><span role="status">${formatNumber(total)} ${total === 1 ? 'home' : 'homes'}${pages > 1 ? `, showing ${formatNumber(first)}–${formatNumber(first + listings.length - 1)}` : ''}</span>${map ? '<a href="#listings-map">See them on the map</a>' : ''}</p>`;
  const cards = `<ul class="listing-cards" role="list">${listings.map(cardHtml).join('')}</ul>`;
  return `${form}${count}<div class="listings-layout"><div>${cards}${pagesHtml(d, page, pages)}</div>${map ? `<div>${map}</div>` : ''}</div>`;
}

/** One of the three list pages: the built page with its results region filled. */
export function renderListingsPage(
  template: string,
  data: ListingsPageData,
  site: ListingPageSite,
): string {
  return fillRegion(template, LISTINGS_REGION, listingsRegionHtml(data, site));
}
