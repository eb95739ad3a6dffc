import { listingPagePath } from '@lantern/contracts';
import { MODIFIED_TEXT } from '../reso/reso-records.repository.ts';
import type { FeedExtras } from './listing-feed-extras.repository.ts';

/**
 * One listing of the portal feed as XML (issue 49; the layout is docs/feeds/listing-feed.xsd),
 * written from its RESO records: the Property record and its Media, with the Data Dictionary's
 * names and every value its seller kept back already null. Nothing here decides what is shared;
 * it only leaves out what is null.
 */
export const FEED_NAMESPACE = 'urn:lantern:listing-feed:1';

type Json = Record<string, unknown>;

export interface FeedSite {
  origin: string;
  /** The listing brokerage (our site's name, as the records' ListOfficeName) and its licenses. */
  brokerage: string;
  licenses: readonly string[];
}

/** Characters XML 1.0 cannot carry at all (control characters but tab and line ends). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the ones taken out
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text safe as element content or a double-quoted attribute. */
export function xmlText(value: unknown): string {
  return String(value)
    .replace(NOT_XML, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** A number as xs:decimal spells it (never 1e-7, never NaN). */
function decimal(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  return Number.isInteger(n) ? String(n) : n.toFixed(8).replace(/\.?0+$/, '');
}

const el = (name: string, value: unknown, attrs = ''): string =>
  value === null || value === undefined || value === ''
    ? ''
    : `<${name}${attrs}>${xmlText(value)}</${name}>`;

const num = (name: string, value: unknown, attrs = '') => el(name, decimal(value), attrs);

const STATUS: Record<string, string> = {
  Active: 'active',
  ActiveUnderContract: 'pending',
  Pending: 'pending',
  Closed: 'sold',
};

/** The feed's status for a record, or null for one the feed leaves out (withdrawn, expired). */
export const feedStatus = (p: Json): string | null => STATUS[String(p.StandardStatus)] ?? null;

/** The street line: UnparsedAddress is "street, city, ST zip" and the last three are known. */
function streetOf(p: Json): string | null {
  const full = p.UnparsedAddress;
  if (typeof full !== 'string' || !full) return null;
  const tail = `, ${p.City}, ${p.StateOrProvince} ${p.PostalCode}`;
  return full.endsWith(tail) ? full.slice(0, -tail.length) : full;
}

function price(p: Json): string {
  if (p.ClosePrice !== null && p.ClosePrice !== undefined) {
    return num('price', p.ClosePrice, ' kind="sale" currency="USD"');
  }
  return num('price', p.ListPrice, ' kind="list" currency="USD"');
}

function address(p: Json): string {
  const coordinates =
    decimal(p.Latitude) !== null && decimal(p.Longitude) !== null
      ? `<coordinates>${num('latitude', p.Latitude)}${num('longitude', p.Longitude)}</coordinates>`
      : '';
  return `<address>${el('street', streetOf(p))}${el('city', p.City)}${el('state', p.StateOrProvince)}${el('zip', p.PostalCode)}${el('country', p.Country)}${coordinates}</address>`;
}

function facts(p: Json): string {
  const lot =
    decimal(p.LotSizeSquareFeet) !== null
      ? num('lotSize', p.LotSizeSquareFeet, ' unit="sqft"')
      : num('lotSize', p.LotSizeAcres, ' unit="acres"');
  return `<facts>${el('propertyType', p.PropertyType)}${el('propertySubType', p.PropertySubType)}${num('bedrooms', p.BedroomsTotal)}${num('bathrooms', p.BathroomsTotalInteger)}${num('livingArea', p.LivingArea, ' unit="sqft"')}${lot}${num('yearBuilt', p.YearBuilt)}</facts>`;
}

function photos(media: readonly Json[]): string {
  if (!media.length) return '';
  const items = media.map(
    (m) =>
      `<photo order="${decimal(m.Order) ?? 0}">${el('url', m.MediaURL)}${el('caption', m.ShortDescription)}</photo>`,
  );
  return `<photos>${items.join('')}</photos>`;
}

function openHouses(extras: FeedExtras | undefined): string {
  if (!extras?.openHouses.length) return '';
  const items = extras.openHouses.map(
    (o) =>
      `<openHouse><start>${o.startsAt.toISOString()}</start><end>${o.endsAt.toISOString()}</end></openHouse>`,
  );
  return `<openHouses>${items.join('')}</openHouses>`;
}

/** The listing brokerage and its licenses, or the mark of a listing sold by its owner. */
function listedBy(p: Json, site: FeedSite): string {
  if (p.LTN_ForSaleByOwnerYN === true) return '<forSaleByOwner/>';
  const licenses = site.licenses.map((l) => el('license', l)).join('');
  return `<brokerage>${el('name', p.ListOfficeName ?? site.brokerage)}${licenses}</brokerage>`;
}

const yn = (v: unknown) => (v === true ? 'true' : 'false');

/** One `<listing>` element; null for a record the feed leaves out. */
export function listingXml(
  p: Json,
  media: readonly Json[],
  extras: FeedExtras | undefined,
  site: FeedSite,
): string | null {
  const status = feedStatus(p);
  if (!status) return null;
  const page = `${site.origin}${listingPagePath(extras?.slug ?? String(p.ListingKey))}`;
  const display = `<display address="${yn(p.InternetAddressDisplayYN)}" automatedValuation="${yn(p.InternetAutomatedValuationDisplayYN)}" consumerComments="${yn(p.InternetConsumerCommentYN)}"/>`;
  return [
    `<listing>${el('key', p.ListingKey)}${el('mlsNumber', p.ListingId)}`,
    `<status>${status}</status>${el('modified', p[MODIFIED_TEXT])}`,
    `${el('listedOn', p.OnMarketDate)}${el('soldOn', p.CloseDate)}${price(p)}`,
    `${el('link', page)}${address(p)}${facts(p)}${el('remarks', p.PublicRemarks)}`,
    `${photos(media)}${openHouses(extras)}${listedBy(p, site)}${display}</listing>`,
  ].join('');
}

/** The feed's first bytes: the root element with its time and the listings it holds. */
export function feedHead(generatedAt: Date, count: number, site: FeedSite): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<listings xmlns="${FEED_NAMESPACE}" version="1" generated="${generatedAt.toISOString()}" count="${count}" source="${xmlText(site.origin)}">`;
}

export const FEED_TAIL = '</listings>\n';
