import {
  formatDate,
  formatMoney,
  formatNumber,
  keyFacts,
  LISTING_VIEW_PAGES,
  licensesFor,
  PUBLIC_LISTING_STATUS_LABEL,
  propertyTypeLabel,
  type TListingPageSite,
  type TPublicListingDetail,
} from '@lantern/contracts';
import type { TListingPriceEvent } from '@lantern/domain';

/**
 * The words of one listing's page (/listings/{slug}, and the owner's preview of a draft), apart
 * from its markup (apps/web/src/components/listing/): pure, so the tests read them directly.
 */

type Detail = TPublicListingDetail;

export const fullAddress = (d: Detail) => `${d.address}, ${d.city}, ${d.state} ${d.zipCode}`;

/** The page's title (before the site name): address, then price. */
export function listingTitle(d: Detail): string {
  return d.price != null ? `${fullAddress(d)} – ${formatMoney(d.price)}` : fullAddress(d);
}

/** The meta description: what it is and where, then the start of the remarks (300 at most). */
export function listingDescription(d: Detail): string {
  const type = propertyTypeLabel(d.propertyType)?.toLowerCase() ?? 'home';
  const facts = keyFacts(d);
  const lead = `${PUBLIC_LISTING_STATUS_LABEL[d.status]}: ${facts.length ? `${facts.join(', ')} ` : ''}${type} in ${d.city}, ${d.state}${d.price != null ? `, ${formatMoney(d.price)}` : ''}.`;
  const remarks = d.remarks?.replace(/\s+/g, ' ').trim() ?? '';
  if (!remarks) return lead;
  const room = 300 - lead.length - 1;
  return `${lead} ${remarks.length > room ? `${remarks.slice(0, Math.max(0, room - 1)).trimEnd()}…` : remarks}`;
}

/** A photo's alternative text: its caption, else its place in the gallery. */
export const photoAlt = (d: Detail, i: number) =>
  d.photos[i]?.caption.trim() || `Photo ${i + 1} of ${d.address}`;

/** Whether the listing is still on the market (the forms and the access request show). */
export const forSale = (d: Pick<Detail, 'status'>) =>
  d.status === 'active' || d.status === 'pending';

/**
 * Whether the page may show a payment estimate (decision 090): only a home for sale, not one under
 * contract or off the market, and only with a price to borrow against.
 */
export const showsPaymentEstimate = (d: Pick<Detail, 'status' | 'price'>) =>
  d.status === 'active' && d.price != null && d.price > 0;

/**
 * The figures under the price at the top of the page (issue 47), each a large value and a small
 * label: beds, baths, living area, year built and, while on the market, days on the market.
 */
export function headlineFacts(d: Detail, now: Date): { value: string; label: string }[] {
  const facts: { value: string; label: string }[] = [];
  if (d.bedrooms != null)
    facts.push({ value: formatNumber(d.bedrooms), label: d.bedrooms === 1 ? 'bed' : 'beds' });
  if (d.bathrooms != null)
    facts.push({ value: formatNumber(d.bathrooms), label: d.bathrooms === 1 ? 'bath' : 'baths' });
  if (d.squareFeet != null) facts.push({ value: formatNumber(d.squareFeet), label: 'sq ft' });
  if (d.yearBuilt != null) facts.push({ value: String(d.yearBuilt), label: 'built' });
  if (forSale(d)) {
    const days = Math.max(0, Math.floor((now.getTime() - Date.parse(d.listedAt)) / 86_400_000));
    facts.push({
      value: formatNumber(days),
      label: days === 1 ? 'day on market' : 'days on market',
    });
  }
  return facts;
}

/** The "Facts" list: label and value, in the page's order. */
export function factRows(d: Detail): [string, string][] {
  const rows: [string, string][] = [];
  const type = propertyTypeLabel(d.propertyType);
  if (type) rows.push(['Type', type]);
  rows.push(['Status', PUBLIC_LISTING_STATUS_LABEL[d.status]]);
  if (d.bedrooms != null) rows.push(['Bedrooms', formatNumber(d.bedrooms)]);
  if (d.bathrooms != null) rows.push(['Bathrooms', formatNumber(d.bathrooms)]);
  if (d.squareFeet != null) rows.push(['Living area', `${formatNumber(d.squareFeet)} sq ft`]);
  if (d.yearBuilt != null) rows.push(['Year built', String(d.yearBuilt)]);
  rows.push(['Listed', formatDate(d.listedAt)]);
  if (d.closedAt) rows.push([d.status === 'sold' ? 'Sold' : 'Closed', formatDate(d.closedAt)]);
  return rows;
}

/** The remarks as paragraphs (split at blank lines), each a list of its lines. */
export function remarkParagraphs(remarks: string | null): string[][] {
  return (remarks ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.split('\n'));
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

/** The list the page links back to: where the listing itself is listed. */
export function backLink(d: Pick<Detail, 'status'>): { href: string; label: string } {
  if (d.status === 'sold') return { href: LISTING_VIEW_PAGES.sold, label: 'Past sales' };
  if (forSale(d)) return { href: LISTING_VIEW_PAGES.current, label: 'Current listings' };
  return { href: LISTING_VIEW_PAGES.past, label: 'Past listings' };
}

/** "Listed by Lantern, license TX 9001234": the brokerage line of an MLS listing. */
export function brokerageLine(d: Pick<Detail, 'state'>, site: TListingPageSite): string {
  const licenses = licensesFor(d.state, site.brokerageLicenses);
  if (!licenses.length) return `Listed by ${site.siteName}`;
  return `Listed by ${site.siteName}, ${licenses.length === 1 ? 'license' : 'licenses'} ${licenses.join(', ')}`;
}

/** A phone number as a `tel:` link takes it: digits and the plus sign only. */
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * A US or Canadian number as people write it, "(617) 555-0123", however the seller typed it
 * ("6175550123", "+1 617 555 0123"); any other number as typed (issue 47).
 */
export function phoneText(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const nanp = /^[2-9]\d{2}[2-9]\d{6}$/.test(national) && !/^\+(?!1)/.test(phone.trim());
  if (!nanp) return phone.trim();
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** The share links: email, then the two networks (which open in a new tab). */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  return [
    {
      label: 'Email',
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${u}`,
      external: false,
    },
    {
      label: 'Share on Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      external: true,
    },
    {
      label: 'Share on X',
      href: `https://x.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
      external: true,
    },
  ];
}

/** Opens a text to our number with the listing's code in it, on phones. */
export const textForInfoHref = (line: { code: string; e164: string }) =>
  `sms:${line.e164.replace(/[^\d+]/g, '')}?body=${line.code}`;
