import {
  CONCIERGE_LISTING_TEXTS as CL,
  RETURN_REASON_FIELD_LABELS,
  type TConciergeChange,
} from '@lantern/contracts';
import { MLS_LISTING_FIELD_LABELS } from '@lantern/domain';
import type { ListingSnapshot } from './mls-listings.repository.ts';
import { stableJson } from './stable-json.ts';

/**
 * The listing as the owners had it when the concierge opened it (decision 065): what each of
 * the concierge's changes is shown beside. Stored in `mls_listings.concierge_before`.
 */
export type ConciergeBefore = ListingSnapshot;

export function asBefore(value: unknown): ConciergeBefore | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<ConciergeBefore>;
  return {
    propertyType: v.propertyType ?? null,
    propertySubType: v.propertySubType ?? null,
    board: v.board ?? null,
    fields: v.fields && typeof v.fields === 'object' ? v.fields : {},
    photos: Array.isArray(v.photos) ? v.photos : [],
  };
}

const LABELS: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(MLS_LISTING_FIELD_LABELS).filter(([, v]) => typeof v === 'string'),
  ),
  ...RETURN_REASON_FIELD_LABELS,
  board: 'MLS',
};

/** A value in words: empty, Yes/No, numbers with commas, lists and owners joined. */
export function inWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return CL.empty;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (Array.isArray(value)) {
    if (value.length === 0) return CL.empty;
    return value
      .map((v) =>
        v && typeof v === 'object' && 'name' in v
          ? `${String((v as { name: unknown }).name)} (${String((v as { email?: unknown }).email ?? '')})`
          : inWords(v),
      )
      .join('; ');
  }
  return String(value);
}

const photosInWords = (photos: ConciergeBefore['photos']) =>
  CL.photoCount(photos.length, photos.map((p) => p.fileName).join(', '));

/**
 * Every field whose value differs between what the owners had and the listing now, in the
 * builder's order (location, then the form's fields, then the photos as a whole: added, removed
 * or put in another order).
 */
export function conciergeChanges(
  before: ConciergeBefore,
  now: ConciergeBefore,
): TConciergeChange[] {
  const out: TConciergeChange[] = [];
  const add = (field: string, a: unknown, b: unknown) => {
    if (stableJson(blank(a)) === stableJson(blank(b))) return;
    out.push({ field, label: LABELS[field] ?? field, before: inWords(a), after: inWords(b) });
  };
  add('propertyType', before.propertyType, now.propertyType);
  add('propertySubType', before.propertySubType, now.propertySubType);
  add('board', before.board, now.board);
  const keys = [...new Set([...Object.keys(before.fields), ...Object.keys(now.fields)])];
  const order = Object.keys(MLS_LISTING_FIELD_LABELS);
  keys.sort((x, y) => rank(order, x) - rank(order, y));
  for (const k of keys) add(k, before.fields[k], now.fields[k]);
  const hashes = (p: ConciergeBefore['photos']) => p.map((x) => x.hash).join(',');
  if (hashes(before.photos) !== hashes(now.photos))
    out.push({
      field: 'photos',
      label: LABELS.photos ?? 'Photos',
      before: photosInWords(before.photos),
      after: photosInWords(now.photos),
    });
  return out;
}

/** A field cleared, never given, or an empty list are the same "empty" to the owners. */
const blank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) ? null : v;

const rank = (order: string[], k: string) => {
  const i = order.indexOf(k);
  return i === -1 ? order.length : i;
};
