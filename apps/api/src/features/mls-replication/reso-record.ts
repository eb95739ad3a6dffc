import type { TSalePriceDisplay } from '@lantern/contracts';
import type { ClosedSale } from '@lantern/valuation';
import { z } from 'zod';

/**
 * One Property record of an MLS's RESO Web API, read under Data Dictionary names, made what the
 * closed sales store keeps (docs/decisions/097-mls-replication.md). Only Closed records are
 * sales; any other status says a sale of that key, if we hold one, no longer stands.
 */
export type RecordOutcome =
  | {
      kind: 'closed';
      key: string;
      modified: Date;
      sale: ClosedSale;
      priceDisplay: TSalePriceDisplay;
    }
  | { kind: 'not-closed'; key: string; modified: Date }
  | { kind: 'skipped'; key: string | null; modified: Date | null; reason: string };

const SQFT_PER_ACRE = 43_560;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists ('2025-02-30' does not). */
const day = z
  .string()
  .regex(DAY, 'is not a YYYY-MM-DD date')
  .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'is not a real date');
/** Within what the store's integer and smallint columns hold, so no record can fail a page. */
const whole = (max: number) => z.number().finite().min(0).max(max).nullish();
const text = z.string().max(500).nullish();

/** What every record must have to be placed in the replication's order. */
const ZHeader = z.object({
  ListingKey: z.string().trim().min(1).max(255),
  ModificationTimestamp: z.iso.datetime({ offset: true }),
});

const ZClosed = z.object({
  ClosePrice: z.number().finite().positive().max(2_000_000_000),
  CloseDate: day,
  LivingArea: whole(2_000_000),
  LotSizeSquareFeet: whole(2_000_000_000),
  LotSizeAcres: whole(40_000),
  BedroomsTotal: whole(999),
  BathroomsTotalDecimal: whole(999),
  BathroomsFull: whole(999),
  BathroomsHalf: whole(999),
  YearBuilt: z.number().int().min(1600).max(2200).nullish(),
  StoriesTotal: whole(999),
  BelowGradeFinishedArea: whole(2_000_000),
  Latitude: z.number().min(-90).max(90).nullish(),
  Longitude: z.number().min(-180).max(180).nullish(),
  WaterfrontYN: z.boolean().nullish(),
  InternetEntireListingDisplayYN: z.boolean().nullish(),
  InternetAddressDisplayYN: z.boolean().nullish(),
  ParcelNumber: text,
  UnparsedAddress: text,
  PostalCode: text,
  StateOrProvince: text,
  CountyOrParish: text,
  PropertyType: text,
  PropertySubType: text,
});
type Closed = z.infer<typeof ZClosed>;

/** The first problem of a record, in words: the field and what is wrong with it. */
function reason(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'malformed record';
  const field = issue.path.join('.') || 'record';
  return `${field}: ${issue.message}`.slice(0, 200);
}

const roundOrNull = (n: number | null | undefined) => (n == null ? null : Math.round(n));

function baths(r: Closed): number | null {
  if (r.BathroomsTotalDecimal != null) return r.BathroomsTotalDecimal;
  if (r.BathroomsFull == null && r.BathroomsHalf == null) return null;
  return (r.BathroomsFull ?? 0) + 0.5 * (r.BathroomsHalf ?? 0);
}

/**
 * Shown only when the record lets its listing be displayed on the internet and does not withhold
 * its address; a flag left out counts as a refusal.
 */
export function priceDisplayOf(
  r: Pick<Closed, 'InternetEntireListingDisplayYN' | 'InternetAddressDisplayYN'>,
): TSalePriceDisplay {
  return r.InternetEntireListingDisplayYN === true && r.InternetAddressDisplayYN !== false
    ? 'public'
    : 'model_only';
}

function saleOf(key: string, r: Closed): ClosedSale {
  const lot =
    r.LotSizeSquareFeet ?? (r.LotSizeAcres == null ? null : r.LotSizeAcres * SQFT_PER_ACRE);
  const placed = r.Latitude != null && r.Longitude != null;
  return {
    ListingKey: key,
    ParcelNumber: r.ParcelNumber ?? null,
    CloseDate: r.CloseDate,
    ClosePrice: Math.round(r.ClosePrice),
    LivingArea: roundOrNull(r.LivingArea),
    LotSizeSquareFeet: roundOrNull(lot),
    BedroomsTotal: roundOrNull(r.BedroomsTotal),
    BathroomsTotalDecimal: baths(r),
    YearBuilt: r.YearBuilt ?? null,
    YearRenovated: null,
    PropertyType: r.PropertyType ?? null,
    PropertySubType: r.PropertySubType ?? null,
    Latitude: placed ? (r.Latitude as number) : null,
    Longitude: placed ? (r.Longitude as number) : null,
    PostalCode: r.PostalCode && /^\d{5}/.test(r.PostalCode) ? r.PostalCode.slice(0, 5) : null,
    StateOrProvince: r.StateOrProvince ?? null,
    CountyOrParish: r.CountyOrParish ?? null,
    PropertyCondition: null,
    QualityGrade: null,
    StoriesTotal: r.StoriesTotal ?? null,
    WaterfrontYN: r.WaterfrontYN ?? null,
    ViewRating: null,
    BelowGradeFinishedArea: roundOrNull(r.BelowGradeFinishedArea),
    UnparsedAddress: r.UnparsedAddress ?? null,
  };
}

/** A record as the store sees it: a sale, a key whose sale (if any) is gone, or skipped and why. */
export function readRecord(raw: unknown, forceModelOnly = false): RecordOutcome {
  const rawKey = (raw as { ListingKey?: unknown } | null)?.ListingKey;
  const header = ZHeader.safeParse(raw);
  if (!header.success)
    return {
      kind: 'skipped',
      key: typeof rawKey === 'string' ? rawKey.slice(0, 255) : null,
      modified: null,
      reason: reason(header.error),
    };
  const key = header.data.ListingKey;
  const modified = new Date(header.data.ModificationTimestamp);
  if ((raw as { StandardStatus?: unknown }).StandardStatus !== 'Closed')
    return { kind: 'not-closed', key, modified };
  const closed = ZClosed.safeParse(raw);
  if (!closed.success) return { kind: 'skipped', key, modified, reason: reason(closed.error) };
  const priceDisplay = forceModelOnly ? 'model_only' : priceDisplayOf(closed.data);
  return { kind: 'closed', key, modified, sale: saleOf(key, closed.data), priceDisplay };
}
