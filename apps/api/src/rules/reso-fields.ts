import { RESO_PROPERTY_SUB_TYPES, RESO_PROPERTY_TYPES } from '@lantern/contracts';
import { RESO_STANDARD_STATUSES } from '@lantern/domain';

/**
 * The RESO Data Dictionary 2.0 fields we publish (issue 49; docs/decisions/096): their names,
 * OData types and lookups. `$metadata` is written from this list, and a query may name only
 * these; the SQL behind each lives in reso-records.repository.ts. Nothing here carries
 * compensation, and nothing is published that the public listing page does not show.
 */

export const RESO_NAMESPACE = 'org.reso.metadata';
export const RESO_ENUM_NAMESPACE = 'org.reso.metadata.enums';

export type ResoEnumName = 'StandardStatus' | 'PropertyType' | 'PropertySubType';
export type ResoType =
  | 'Edm.String'
  | 'Edm.Int64'
  | 'Edm.Decimal'
  | 'Edm.Boolean'
  | 'Edm.Date'
  | 'Edm.DateTimeOffset'
  | { enum: ResoEnumName };

export interface ResoField {
  name: string;
  type: ResoType;
  /** Edm.String: the longest value; Edm.Decimal: digits and scale. */
  maxLength?: number;
  precision?: number;
  scale?: number;
  /** Never null (the key, status and timestamp): keyset paging may order by it. */
  required?: true;
}

export const RESO_ENUMS: Record<ResoEnumName, readonly string[]> = {
  StandardStatus: RESO_STANDARD_STATUSES.filter((s) => s !== 'Canceled'),
  PropertyType: RESO_PROPERTY_TYPES.map((t) => t.value),
  PropertySubType: RESO_PROPERTY_SUB_TYPES.map((t) => t.value),
};

const money = { type: 'Edm.Decimal', precision: 14, scale: 2 } as const;
const text = (maxLength: number) => ({ type: 'Edm.String', maxLength }) as const;
const yn = { type: 'Edm.Boolean' } as const;

/** The Property resource, in the order a record lists them. */
export const PROPERTY_FIELDS: readonly ResoField[] = [
  { name: 'ListingKey', ...text(255), required: true },
  { name: 'ListingId', ...text(255) },
  { name: 'StandardStatus', type: { enum: 'StandardStatus' }, required: true },
  { name: 'ModificationTimestamp', type: 'Edm.DateTimeOffset', required: true },
  { name: 'OnMarketDate', type: 'Edm.Date' },
  { name: 'ListPrice', ...money },
  { name: 'ClosePrice', ...money },
  { name: 'CloseDate', type: 'Edm.Date' },
  { name: 'PropertyType', type: { enum: 'PropertyType' } },
  { name: 'PropertySubType', type: { enum: 'PropertySubType' } },
  { name: 'UnparsedAddress', ...text(255) },
  { name: 'City', ...text(50) },
  { name: 'StateOrProvince', ...text(2) },
  { name: 'PostalCode', ...text(10) },
  { name: 'Country', ...text(2) },
  { name: 'Latitude', type: 'Edm.Decimal', precision: 12, scale: 8 },
  { name: 'Longitude', type: 'Edm.Decimal', precision: 12, scale: 8 },
  { name: 'BedroomsTotal', type: 'Edm.Int64' },
  { name: 'BathroomsTotalInteger', type: 'Edm.Int64' },
  { name: 'LivingArea', type: 'Edm.Decimal', precision: 14, scale: 2 },
  { name: 'LivingAreaUnits', ...text(25) },
  { name: 'LotSizeSquareFeet', type: 'Edm.Decimal', precision: 14, scale: 2 },
  { name: 'LotSizeAcres', type: 'Edm.Decimal', precision: 14, scale: 4 },
  { name: 'YearBuilt', type: 'Edm.Int64' },
  { name: 'PublicRemarks', ...text(4000) },
  { name: 'PhotosCount', type: 'Edm.Int64' },
  { name: 'ListOfficeName', ...text(255) },
  { name: 'InternetEntireListingDisplayYN', ...yn },
  { name: 'InternetAddressDisplayYN', ...yn },
  { name: 'InternetAutomatedValuationDisplayYN', ...yn },
  { name: 'InternetConsumerCommentYN', ...yn },
  /** Ours (the Dictionary has none): a for-sale-by-owner listing, with no listing brokerage. */
  { name: 'LTN_ForSaleByOwnerYN', ...yn },
];

/** The Media resource: a published listing's photos, in their order. */
export const MEDIA_FIELDS: readonly ResoField[] = [
  { name: 'MediaKey', ...text(255), required: true },
  { name: 'ResourceName', ...text(50), required: true },
  { name: 'ResourceRecordKey', ...text(255), required: true },
  { name: 'MediaCategory', ...text(50) },
  { name: 'MediaURL', ...text(8000) },
  { name: 'Order', type: 'Edm.Int64' },
  { name: 'ShortDescription', ...text(255) },
  { name: 'ImageWidth', type: 'Edm.Int64' },
  { name: 'ImageHeight', type: 'Edm.Int64' },
  { name: 'ModificationTimestamp', type: 'Edm.DateTimeOffset', required: true },
];

export type ResoResourceName = 'Property' | 'Media';

export interface ResoResource {
  name: ResoResourceName;
  key: string;
  fields: readonly ResoField[];
  /** The order a query without $orderby reads in: replication's order. */
  defaultOrder: readonly string[];
}

export const RESO_RESOURCES: Record<ResoResourceName, ResoResource> = {
  Property: {
    name: 'Property',
    key: 'ListingKey',
    fields: PROPERTY_FIELDS,
    defaultOrder: ['ModificationTimestamp', 'ListingKey'],
  },
  Media: {
    name: 'Media',
    key: 'MediaKey',
    fields: MEDIA_FIELDS,
    defaultOrder: ['ModificationTimestamp', 'MediaKey'],
  },
};

export const RESO_RESOURCE_NAMES = Object.keys(RESO_RESOURCES) as ResoResourceName[];

export const fieldOf = (resource: ResoResource, name: string) =>
  resource.fields.find((f) => f.name === name);

/** How a type reads in an error: "a number", "a date (YYYY-MM-DD)", … */
export function typeWords(type: ResoType): string {
  if (typeof type === 'object') return `one of the ${type.enum} values`;
  return {
    'Edm.String': 'text in single quotes',
    'Edm.Int64': 'a whole number',
    'Edm.Decimal': 'a number',
    'Edm.Boolean': 'true or false',
    'Edm.Date': 'a date (YYYY-MM-DD)',
    'Edm.DateTimeOffset': 'a date and time with its offset (2026-01-31T09:00:00Z)',
  }[type];
}
