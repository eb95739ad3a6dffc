/**
 * One closed sale under RESO Data Dictionary names (what the `closed_sales` store keeps and the
 * engine reads). Dates are calendar days, 'YYYY-MM-DD'; money is whole dollars, as RESO's
 * ClosePrice is. A fact the source does not carry is null.
 */
export interface ClosedSale {
  /** The source's own key of the sale (a listing key, or parcel + close date for records). */
  ListingKey: string;
  ParcelNumber: string | null;
  CloseDate: string;
  ClosePrice: number;
  LivingArea: number | null;
  LotSizeSquareFeet: number | null;
  BedroomsTotal: number | null;
  /** Full baths + ½ per half bath, as county records total them. */
  BathroomsTotalDecimal: number | null;
  YearBuilt: number | null;
  /** The year of the last renovation, when a source records it. */
  YearRenovated: number | null;
  PropertyType: string | null;
  PropertySubType: string | null;
  Latitude: number | null;
  Longitude: number | null;
  PostalCode: string | null;
  StateOrProvince: string | null;
  CountyOrParish: string | null;
  /** The source's condition rating on its own scale, mapped to 1 (poor) … 5 (excellent). */
  PropertyCondition: number | null;
  /** A construction-quality grade when a source has one (King County's 1–13). */
  QualityGrade: number | null;
  StoriesTotal: number | null;
  WaterfrontYN: boolean | null;
  /** A source's view rating 0–4, when it has one. */
  ViewRating: number | null;
  BelowGradeFinishedArea: number | null;
  /** RESO UnparsedAddress: the street address, when the source carries one (shown, never modelled). */
  UnparsedAddress?: string | null;
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day (UTC, no time zone involved). */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

/** 'YYYY-MM-DD' of a day number. */
export function dayOf(dayNumber: number): string {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}
