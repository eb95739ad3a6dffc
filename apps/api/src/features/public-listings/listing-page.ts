import {
  LISTING_VIEW_PAGES,
  listingPagePath,
  OPEN_HOUSE_PAGE_TEXTS,
  TEXT_FOR_INFO_PAGE,
  type TPublicListingDetail,
} from '@lantern/contracts';
import {
  type TListingPriceEvent,
  TRANSACTION_ACCESS_TEXTS,
  transactionAccessRequestPath,
} from '@lantern/domain';
import { openHouseLabel } from '../listing-tools/open-houses/times.ts';
import { showingFormHtml } from '../listing-tools/showings/showing-form-html.ts';
import { inquiryFormHtml } from './inquiry-form-html.ts';
import {
  absoluteUrl,
  esc,
  fillRegion,
  formatDate,
  formatMoney,
  formatNumber,
  jsonForScript,
  keyFacts,
  type ListingPageSite,
  mapHtml,
  propertyTypeLabel,
  STATUS_BADGE,
  STATUS_LABEL,
} from './page-html.ts';

export { type ListingPageSite, listingPageSite } from './page-html.ts';

/** The regions of the built template (apps/web/src/pages/templates/listing.astro). */
export const LISTING_HEAD_REGION = 'listing-head';
export const LISTING_MAIN_REGION = 'listing-main';

export interface ListingPageOptions {
  /**
   * A draft shown to its owner (the FSBO review step): `noindex`, no canonical or Open Graph
   * URL, a visible "Preview" banner, and no share links.
   */
  preview?: boolean;
  /**
   * Text for info (issue 22; decision 044): the listing's 5-digit code and our number, shown
   * only when the site has a texting number (TWILIO_FROM) and the listing is published.
   */
  textForInfo?: { code: string; number: string; e164: string } | null;
}

/**
 * One listing's page: the built template (dist/templates/listing.html, read by the caller) with
 * its head and main regions filled from `detail`. Every value is escaped; the JSON-LD and the map
 * points are JSON with `<` escaped. Pure: the same input gives the same page.
 *
 *     renderListingPage(template, detail, listingPageSite(app.config), { preview: true })
 *
 * Throws when the template lacks its regions (a build from before this page existed).
 */
export function renderListingPage(
  template: string,
  detail: TPublicListingDetail,
  site: ListingPageSite,
  options: ListingPageOptions = {},
): string {
  const preview = options.preview ?? false;
  const withHead = fillRegion(template, LISTING_HEAD_REGION, headHtml(detail, site, preview));
  return fillRegion(
    withHead,
    LISTING_MAIN_REGION,
    mainHtml(detail, site, preview, options.textForInfo ?? null),
  );
}

const fullAddress = (d: TPublicListingDetail) => `${d.address}, ${d.city}, ${d.state} ${d.zipCode}`;

/** The page's title (before the site name): address, then price. */
export function listingTitle(d: TPublicListingDetail): string {
  return d.price != null ? `${fullAddress(d)} – ${formatMoney(d.price)}` : fullAddress(d);
}

/** The meta description: what it is and where, then the start of the remarks. */
export function listingDescription(d: TPublicListingDetail): string {
  const type = propertyTypeLabel(d.propertyType)?.toLowerCase() ?? 'home';
  const facts = keyFacts(d);
  const lead = `${STATUS_LABEL[d.status]}: ${facts.length ? `${facts.join(', ')} ` : ''}${type} in ${d.city}, ${d.state}${d.price != null ? `, ${formatMoney(d.price)}` : ''}.`;
  const remarks = d.remarks?.replace(/\s+/g, ' ').trim() ?? '';
  if (!remarks) return lead;
  const room = 300 - lead.length - 1;
  return `${lead} ${remarks.length > room ? `${remarks.slice(0, Math.max(0, room - 1)).trimEnd()}…` : remarks}`;
}

function headHtml(d: TPublicListingDetail, site: ListingPageSite, preview: boolean): string {
  const title = `${listingTitle(d)} | ${site.siteName}`;
  const description = listingDescription(d);
  const url = absoluteUrl(site, listingPagePath(d.slug));
  const photo = d.photos[0];
  const tags = [
    `<title>${esc(preview ? `Preview: ${title}` : title)}</title>`,
    `<meta name="description" content="${esc(description)}" />`,
  ];
  if (preview) {
    tags.push('<meta name="robots" content="noindex" />');
    return tags.join('');
  }
  tags.push(
    `<link rel="canonical" href="${esc(url)}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:title" content="${esc(title)}" />`,
    `<meta property="og:description" content="${esc(description)}" />`,
    `<meta property="og:url" content="${esc(url)}" />`,
  );
  if (photo) {
    tags.push(
      `<meta property="og:image" content="${esc(absoluteUrl(site, photo.url))}" />`,
      `<meta property="og:image:alt" content="${esc(photoAlt(d, 0))}" />`,
      ...(photo.width && photo.height
        ? [
            `<meta property="og:image:width" content="${photo.width}" />`,
            `<meta property="og:image:height" content="${photo.height}" />`,
          ]
        : []),
      '<meta name="twitter:card" content="summary_large_image" />',
    );
  } else {
    tags.push('<meta name="twitter:card" content="summary" />');
  }
  tags.push(`<script type="application/ld+json">${jsonForScript(listingJsonLd(d, site))}</script>`);
  return tags.join('');
}

const SCHEMA_RESIDENCE: Record<string, string> = {
  'single-family': 'SingleFamilyResidence',
  condo: 'Apartment',
  townhouse: 'House',
  'multi-family': 'Residence',
  manufactured: 'House',
  land: 'Place',
  other: 'Residence',
};

/** schema.org RealEstateListing: the page about the home, the home itself and its offer. */
export function listingJsonLd(d: TPublicListingDetail, site: ListingPageSite) {
  const url = absoluteUrl(site, listingPagePath(d.slug));
  const available = d.status === 'active' || d.status === 'pending';
  const home: Record<string, unknown> = {
    '@type': SCHEMA_RESIDENCE[d.propertyType ?? 'other'] ?? 'Residence',
    address: {
      '@type': 'PostalAddress',
      streetAddress: d.address,
      addressLocality: d.city,
      addressRegion: d.state,
      postalCode: d.zipCode,
      addressCountry: 'US',
    },
  };
  if (d.bedrooms != null) home.numberOfBedrooms = d.bedrooms;
  if (d.bathrooms != null) home.numberOfBathroomsTotal = d.bathrooms;
  if (d.squareFeet != null) {
    home.floorSize = { '@type': 'QuantitativeValue', value: d.squareFeet, unitCode: 'FTK' };
  }
  if (d.yearBuilt != null) home.yearBuilt = d.yearBuilt;
  if (d.lat != null && d.lng != null) {
    home.geo = { '@type': 'GeoCoordinates', latitude: d.lat, longitude: d.lng };
  }
  // Open houses are events at the home (schema.org Place.event; decision 045).
  if (d.openHouses?.length) {
    home.event = d.openHouses.map((o) => ({
      '@type': 'Event',
      name: OPEN_HOUSE_PAGE_TEXTS.eventName(d.address),
      startDate: o.startsAt,
      endDate: o.endsAt,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      isAccessibleForFree: true,
      location: { '@type': 'Place', name: fullAddress(d), address: home.address },
      url,
      ...(o.note ? { description: o.note } : {}),
    }));
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: fullAddress(d),
    url,
    description: listingDescription(d),
    datePosted: d.listedAt,
    ...(d.photos.length ? { image: d.photos.map((p) => absoluteUrl(site, p.url)) } : {}),
    about: home,
    ...(d.price != null
      ? {
          offers: {
            '@type': 'Offer',
            price: d.price,
            priceCurrency: 'USD',
            availability: available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
            url,
          },
        }
      : {}),
  };
}

const photoAlt = (d: TPublicListingDetail, i: number) =>
  d.photos[i]?.caption.trim() || `Photo ${i + 1} of ${d.address}`;

function galleryHtml(d: TPublicListingDetail): string {
  if (!d.photos.length) {
    return '<p class="listing-gallery__none">No photos of this home yet.</p>';
  }
  const n = d.photos.length;
  const slides = d.photos
    .map((p, i) => {
      const size = p.width && p.height ? ` width="${p.width}" height="${p.height}"` : '';
      const loading = i === 0 ? ' fetchpriority="high"' : ' loading="lazy"';
      const caption = p.caption.trim()
        ? `<figcaption class="listing-gallery__caption">${esc(p.caption)}</figcaption>`
        : '';
      return `<figure class="listing-gallery__slide" data-slide="${i}"${i === 0 ? '' : ' hidden'} role="group" aria-roledescription="slide" aria-label="${i + 1} of ${n}"><img src="${esc(p.url)}" alt="${esc(photoAlt(d, i))}"${size}${loading} decoding="async" />${caption}</figure>`;
    })
    .join('');
  const thumbs = d.photos
    .map(
      (p, i) =>
        `<li><a class="listing-gallery__thumb" href="${esc(p.url)}" data-go="${i}"${i === 0 ? ' aria-current="true"' : ''}><img src="${esc(p.thumbUrl)}" alt="Show photo ${i + 1}: ${esc(photoAlt(d, i))}" width="96" height="64" loading="lazy" decoding="async" /></a></li>`,
    )
    .join('');
  const controls =
    n > 1
      ? `<div class="listing-gallery__controls" data-gallery-controls hidden><button type="button" class="ln-btn ln-btn--secondary ln-btn--sm" data-gallery-prev aria-label="Previous photo">‹ Previous</button><p class="listing-gallery__counter" data-gallery-counter aria-live="polite">Photo 1 of ${n}</p><button type="button" class="ln-btn ln-btn--secondary ln-btn--sm" data-gallery-next aria-label="Next photo">Next ›</button></div>`
      : '';
  const hint =
    n > 1
      ? '<p class="listing-gallery__hint" data-gallery-hint hidden>Use the left and right arrow keys, or swipe, to move between photos.</p>'
      : '';
  return `<section class="listing-gallery" data-gallery aria-roledescription="carousel" aria-label="Photos of ${esc(d.address)}"><div class="listing-gallery__stage" data-gallery-stage tabindex="0" aria-label="Photo gallery">${slides}</div>${controls}${hint}${n > 1 ? `<ul class="listing-gallery__thumbs" role="list">${thumbs}</ul>` : ''}</section>`;
}

/** Upcoming open houses, each on the home's clocks ("Saturday, December 5, 1:00 – 3:00 PM CST"). */
function openHousesHtml(d: TPublicListingDetail): string {
  if (!d.openHouses?.length) return '';
  const T = OPEN_HOUSE_PAGE_TEXTS;
  const items = d.openHouses
    .map((o) => {
      const label = openHouseLabel(new Date(o.startsAt), new Date(o.endsAt), o.timeZone);
      const note = o.note ? `<span class="listing-open-houses__note">${esc(o.note)}</span>` : '';
      return `<li><time class="listing-open-houses__when" datetime="${esc(o.startsAt)}">${esc(label)}</time>${note}</li>`;
    })
    .join('');
  return `<section class="listing-section listing-open-houses" aria-labelledby="listing-open-houses"><h2 id="listing-open-houses">${esc(T.sectionTitle)}</h2><p>${esc(T.sectionIntro)}</p><ul class="listing-open-houses__list">${items}</ul></section>`;
}

function factsHtml(d: TPublicListingDetail): string {
  const rows: [string, string][] = [];
  const type = propertyTypeLabel(d.propertyType);
  if (type) rows.push(['Type', type]);
  rows.push(['Status', STATUS_LABEL[d.status]]);
  if (d.bedrooms != null) rows.push(['Bedrooms', formatNumber(d.bedrooms)]);
  if (d.bathrooms != null) rows.push(['Bathrooms', formatNumber(d.bathrooms)]);
  if (d.squareFeet != null) rows.push(['Living area', `${formatNumber(d.squareFeet)} sq ft`]);
  if (d.yearBuilt != null) rows.push(['Year built', String(d.yearBuilt)]);
  rows.push(['Listed', formatDate(d.listedAt)]);
  if (d.closedAt) rows.push([d.status === 'sold' ? 'Sold' : 'Closed', formatDate(d.closedAt)]);
  const items = rows.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('');
  return `<section class="listing-section" aria-labelledby="listing-facts"><h2 id="listing-facts">Facts</h2><dl class="listing-facts">${items}</dl></section>`;
}

function remarksHtml(d: TPublicListingDetail): string {
  const paragraphs = (d.remarks ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!paragraphs.length) return '';
  const body = paragraphs.map((p) => `<p>${esc(p).replace(/\n/g, '<br />')}</p>`).join('');
  return `<section class="listing-section" aria-labelledby="listing-remarks"><h2 id="listing-remarks">About this home</h2>${body}</section>`;
}

function featuresHtml(d: TPublicListingDetail): string {
  const features = d.features.map((f) => f.trim()).filter(Boolean);
  if (!features.length) return '';
  return `<section class="listing-section" aria-labelledby="listing-features"><h2 id="listing-features">Features</h2><ul class="listing-features">${features.map((f) => `<li>${esc(f)}</li>`).join('')}</ul></section>`;
}

function locationHtml(d: TPublicListingDetail, site: ListingPageSite): string {
  if (d.lat == null || d.lng == null) return '';
  const map = mapHtml(
    site,
    [{ lat: d.lat, lng: d.lng, title: d.address, detail: `${d.city}, ${d.state} ${d.zipCode}` }],
    `Map of ${d.address}`,
    `${fullAddress(d)}. The marker shows the home's location.`,
  );
  return `<section class="listing-section" aria-labelledby="listing-location"><h2 id="listing-location">Location</h2>${map}</section>`;
}

export const PRICE_EVENT_LABEL: Record<TListingPriceEvent, string> = {
  listed: 'Listed',
  price_changed: 'Price changed',
  pending: 'Under contract',
  back_on_market: 'Back on the market',
  sold: 'Sold',
  withdrawn: 'Taken off the market',
  expired: 'Listing expired',
  relisted: 'Listed again',
};

function historyHtml(d: TPublicListingDetail): string {
  if (!d.priceHistory.length) return '';
  const rows = d.priceHistory
    .map(
      (e) =>
        `<tr><td>${esc(formatDate(e.at))}</td><td>${esc(PRICE_EVENT_LABEL[e.kind])}</td><td class="listing-history__price">${e.price != null ? esc(formatMoney(e.price)) : '—'}</td></tr>`,
    )
    .join('');
  return `<section class="listing-section" aria-labelledby="listing-history"><h2 id="listing-history">Price history</h2><div class="listing-history__scroll" tabindex="0" role="region" aria-label="Price history table"><table class="listing-history"><thead><tr><th scope="col">Date</th><th scope="col">Event</th><th scope="col">Price</th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

/** The licenses shown for a listing: those issued in its state, else every one we hold. */
export function licensesFor(state: string, licenses: readonly string[]): readonly string[] {
  const local = licenses.filter((l) =>
    l.trim().toUpperCase().startsWith(`${state.toUpperCase()} `),
  );
  return local.length ? local : licenses;
}

/** The equal-housing symbol (a house with an equals sign in it), drawn here. */
export const EQUAL_HOUSING_SVG =
  '<svg class="equal-housing__mark" viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false"><path d="M24 4 3 20h5v24h32V20h5z" fill="none" stroke="currentColor" stroke-width="3.5" stroke-linejoin="round"/><rect x="14" y="22" width="20" height="5" fill="currentColor"/><rect x="14" y="31" width="20" height="5" fill="currentColor"/></svg>';

function representationHtml(d: TPublicListingDetail, site: ListingPageSite): string {
  if (d.kind === 'mls') {
    const licenses = licensesFor(d.state, site.brokerageLicenses);
    const line = licenses.length
      ? `Listed by ${site.siteName}, ${licenses.length === 1 ? 'license' : 'licenses'} ${licenses.join(', ')}`
      : `Listed by ${site.siteName}`;
    return `<section class="listing-section listing-broker" aria-label="Listing brokerage"><p>${esc(line)}</p><p class="equal-housing">${EQUAL_HOUSING_SVG}<span>Equal Housing Opportunity</span></p></section>`;
  }
  const contact = d.contact;
  const details = contact
    ? `<h2 id="listing-contact">Contact the seller</h2><p class="listing-contact__name">${esc(contact.name)}</p><ul class="listing-contact">${contact.phone ? `<li>Phone: <a href="tel:${esc(contact.phone.replace(/[^\d+]/g, ''))}">${esc(contact.phone)}</a></li>` : ''}${contact.email ? `<li>Email: <a href="mailto:${esc(contact.email)}">${esc(contact.email)}</a></li>` : ''}</ul>`
    : '';
  return `<section class="listing-section listing-broker"${contact ? ' aria-labelledby="listing-contact"' : ' aria-label="About this listing"'}>${details}<p class="listing-fsbo-note">For sale by owner. ${esc(site.siteName)} does not represent this seller.</p></section>`;
}

/** "Text 12345 to (555) 555-0100 for details." — the number opens a text with the code on phones. */
function textForInfoHtml(line: { code: string; number: string; e164: string }): string {
  const href = `sms:${line.e164.replace(/[^\d+]/g, '')}?body=${line.code}`;
  const w = TEXT_FOR_INFO_PAGE.pieces;
  return `<section class="listing-section listing-broker listing-text-info" aria-labelledby="listing-text-info"><h2 id="listing-text-info">${esc(TEXT_FOR_INFO_PAGE.heading)}</h2><p>${esc(w.text)} <strong>${esc(line.code)}</strong> ${esc(w.to)} <a href="${esc(href)}">${esc(line.number)}</a> ${esc(w.forDetails)}</p><p class="listing-text-info__note"><small>${esc(TEXT_FOR_INFO_PAGE.smallPrint)}</small></p></section>`;
}

function shareHtml(d: TPublicListingDetail, site: ListingPageSite): string {
  const url = absoluteUrl(site, listingPagePath(d.slug));
  const title = listingTitle(d);
  const u = encodeURIComponent(url);
  const links = [
    ['Email', `mailto:?subject=${encodeURIComponent(title)}&body=${u}`],
    ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${u}`],
    ['X', `https://x.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`],
  ]
    .map(
      ([name, href]) =>
        `<li><a class="listing-share__link" href="${esc(href ?? '')}"${name === 'Email' ? '' : ' target="_blank" rel="noopener"'}>${name === 'Email' ? 'Email' : `Share on ${name}`}${name === 'Email' ? '' : '<span class="ln-visually-hidden"> (opens in a new tab)</span>'}</a></li>`,
    )
    .join('');
  return `<section class="listing-section listing-share" aria-labelledby="listing-share"><h2 id="listing-share">Share this home</h2><ul class="listing-share__list" role="list">${links}<li><button type="button" class="ln-btn ln-btn--secondary ln-btn--sm" data-copy-link="${esc(url)}" hidden>Copy link</button><span class="listing-share__copied" data-copy-status role="status"></span></li></ul></section>`;
}

/** "Request transaction access" (issue 24): a link to its own page, for listings for sale. */
function transactionAccessHtml(d: TPublicListingDetail): string {
  if (d.status !== 'active' && d.status !== 'pending') return '';
  const X = TRANSACTION_ACCESS_TEXTS;
  return `<section class="listing-section listing-access" aria-labelledby="listing-access"><h2 id="listing-access">${esc(X.request.title)}</h2><p>${esc(X.linkHint)}</p><p><a class="ln-btn ln-btn--secondary" href="${esc(transactionAccessRequestPath(d.id))}">${esc(X.link)}</a></p></section>`;
}

function mainHtml(
  d: TPublicListingDetail,
  site: ListingPageSite,
  preview: boolean,
  textForInfo: ListingPageOptions['textForInfo'],
): string {
  const banner = preview
    ? '<div class="listing-preview" role="note"><strong>Preview</strong> This is how your listing will look once it is published. It is not public yet.</div>'
    : '';
  const facts = keyFacts(d);
  const type = propertyTypeLabel(d.propertyType);
  const header = `<header class="listing-header"><p><span class="${STATUS_BADGE[d.status]}">${esc(STATUS_LABEL[d.status])}</span>${type ? ` <span class="listing-header__type">${esc(type)}</span>` : ''}</p><h1 id="page-heading">${esc(d.address)}</h1><p class="listing-header__place">${esc(`${d.city}, ${d.state} ${d.zipCode}`)}</p>${d.price != null ? `<p class="listing-header__price">${esc(formatMoney(d.price))}</p>` : ''}${facts.length ? `<p class="listing-header__facts">${esc(facts.join(' · '))}</p>` : ''}</header>`;
  const body = [
    openHousesHtml(d),
    factsHtml(d),
    remarksHtml(d),
    featuresHtml(d),
    locationHtml(d, site),
    historyHtml(d),
  ].join('');
  const aside = [
    representationHtml(d, site),
    inquiryFormHtml(d, preview),
    // Issue 22: "Request a showing" (active and pending listings; never in the owner's preview).
    preview ? '' : showingFormHtml(d),
    // Issue 24: the other side of a deal asks the owners for a view of the transaction.
    preview ? '' : transactionAccessHtml(d),
    textForInfo && !preview ? textForInfoHtml(textForInfo) : '',
    preview ? '' : shareHtml(d, site),
  ].join('');
  const list =
    LISTING_VIEW_PAGES[
      d.status === 'sold'
        ? 'sold'
        : d.status === 'active' || d.status === 'pending'
          ? 'current'
          : 'past'
    ];
  const back = preview
    ? ''
    : `<p class="listing-back"><a href="${list}">‹ ${d.status === 'sold' ? 'Past sales' : d.status === 'active' || d.status === 'pending' ? 'Current listings' : 'Past listings'}</a></p>`;
  return `${banner}${back}<article class="listing" aria-labelledby="page-heading"${preview ? '' : ` data-listing-beacon="${esc(d.id)}"`}>${header}${galleryHtml(d)}<div class="listing-body"><div class="listing-body__main">${body}</div><aside class="listing-body__aside">${aside}</aside></div></article>`;
}
