import { z } from 'zod';

/**
 * RESO Data Dictionary 2.0 lookup values the listing form offers (issue 16). The values are the
 * Standard Lookup Values as RESO spells them (what an MLS feed carries); the labels are what the
 * customer reads. Only the lookups the form uses are here.
 */
type Lookup<V extends string> = readonly { readonly value: V; readonly label: string }[];

const values = <V extends string>(list: Lookup<V>) => list.map((l) => l.value) as [V, ...V[]];

/** PropertyType (String List, Single). */
export const RESO_PROPERTY_TYPES = [
  { value: 'Residential', label: 'Residential (a home for sale)' },
  { value: 'ResidentialIncome', label: 'Residential income (2–4 units)' },
  { value: 'Land', label: 'Land' },
  { value: 'Farm', label: 'Farm' },
  { value: 'ManufacturedInPark', label: 'Manufactured home in a park' },
  { value: 'CommercialSale', label: 'Commercial (for sale)' },
  { value: 'BusinessOpportunity', label: 'Business opportunity' },
  { value: 'ResidentialLease', label: 'Residential lease (for rent)' },
  { value: 'CommercialLease', label: 'Commercial lease (for rent)' },
] as const satisfies Lookup<string>;
export type TResoPropertyType = (typeof RESO_PROPERTY_TYPES)[number]['value'];
export const ZResoPropertyTypeSchema = z.enum(values(RESO_PROPERTY_TYPES));

/** PropertySubType (String List, Single). */
export const RESO_PROPERTY_SUB_TYPES = [
  { value: 'SingleFamilyResidence', label: 'Single family residence' },
  { value: 'Condominium', label: 'Condominium' },
  { value: 'Townhouse', label: 'Townhouse' },
  { value: 'StockCooperative', label: 'Stock cooperative (co-op)' },
  { value: 'Cabin', label: 'Cabin' },
  { value: 'ManufacturedHome', label: 'Manufactured home' },
  { value: 'ManufacturedOnLand', label: 'Manufactured home on land' },
  { value: 'MobileHome', label: 'Mobile home' },
  { value: 'OwnYourOwn', label: 'Own your own' },
  { value: 'Timeshare', label: 'Timeshare' },
  { value: 'BoatSlip', label: 'Boat slip' },
  { value: 'DeededParking', label: 'Deeded parking' },
  { value: 'Apartment', label: 'Apartment' },
  { value: 'Duplex', label: 'Duplex' },
  { value: 'Triplex', label: 'Triplex' },
  { value: 'Quadruplex', label: 'Quadruplex' },
  { value: 'MultiFamily', label: 'Multi-family' },
  { value: 'UnimprovedLand', label: 'Unimproved land' },
  { value: 'Agriculture', label: 'Agriculture' },
  { value: 'Farm', label: 'Farm' },
  { value: 'Ranch', label: 'Ranch' },
  { value: 'Business', label: 'Business' },
  { value: 'HotelMotel', label: 'Hotel or motel' },
  { value: 'Industrial', label: 'Industrial' },
  { value: 'MixedUse', label: 'Mixed use' },
  { value: 'Office', label: 'Office' },
  { value: 'Retail', label: 'Retail' },
  { value: 'Warehouse', label: 'Warehouse' },
] as const satisfies Lookup<string>;
export type TResoPropertySubType = (typeof RESO_PROPERTY_SUB_TYPES)[number]['value'];
export const ZResoPropertySubTypeSchema = z.enum(values(RESO_PROPERTY_SUB_TYPES));

const RESIDENTIAL_SUB_TYPES = [
  'SingleFamilyResidence',
  'Condominium',
  'Townhouse',
  'StockCooperative',
  'Cabin',
  'ManufacturedHome',
  'ManufacturedOnLand',
  'MobileHome',
  'OwnYourOwn',
  'Timeshare',
  'BoatSlip',
  'DeededParking',
] as const satisfies readonly TResoPropertySubType[];

const COMMERCIAL_SUB_TYPES = [
  'Business',
  'HotelMotel',
  'Industrial',
  'MixedUse',
  'MultiFamily',
  'Office',
  'Retail',
  'Warehouse',
  'UnimprovedLand',
] as const satisfies readonly TResoPropertySubType[];

/**
 * Which sub-types the form offers under each type. RESO leaves the pairing to each MLS; this is
 * ours (docs/decisions/031-mls-listing-builder.md), broad enough that no real listing is refused.
 */
export const RESO_SUB_TYPES_BY_TYPE: Record<TResoPropertyType, readonly TResoPropertySubType[]> = {
  Residential: RESIDENTIAL_SUB_TYPES,
  ResidentialLease: [...RESIDENTIAL_SUB_TYPES, 'Apartment', 'Duplex', 'Triplex', 'Quadruplex'],
  ResidentialIncome: ['Duplex', 'Triplex', 'Quadruplex', 'MultiFamily', 'Apartment'],
  Land: ['UnimprovedLand', 'Agriculture', 'Farm', 'Ranch'],
  Farm: ['Farm', 'Ranch', 'Agriculture', 'UnimprovedLand'],
  ManufacturedInPark: ['ManufacturedHome', 'MobileHome'],
  CommercialSale: COMMERCIAL_SUB_TYPES,
  CommercialLease: COMMERCIAL_SUB_TYPES,
  BusinessOpportunity: ['Business', 'HotelMotel', 'Retail', 'Office', 'Industrial', 'MixedUse'],
};

/** ListingTerms (String List, Multi): how the seller will accept payment. */
export const RESO_LISTING_TERMS = [
  { value: 'Cash', label: 'Cash' },
  { value: 'Conventional', label: 'Conventional loan' },
  { value: 'FHA', label: 'FHA loan' },
  { value: 'VaLoan', label: 'VA loan' },
  { value: 'UsdaLoan', label: 'USDA loan' },
  { value: 'Assumable', label: 'Assumable loan' },
  { value: 'OwnerWillCarry', label: 'Owner will carry' },
  { value: 'OwnerMayCarry', label: 'Owner may carry' },
  { value: 'LeaseOption', label: 'Lease option' },
  { value: 'LeasePurchase', label: 'Lease purchase' },
  { value: 'Exchange1031', label: '1031 exchange' },
  { value: 'Contract', label: 'Contract for deed' },
  { value: 'Trade', label: 'Trade' },
  { value: 'Other', label: 'Other' },
] as const satisfies Lookup<string>;
export type TResoListingTerm = (typeof RESO_LISTING_TERMS)[number]['value'];
export const ZResoListingTermSchema = z.enum(values(RESO_LISTING_TERMS));

/** Possession (String List, Multi): when the buyer gets the keys. */
export const RESO_POSSESSION = [
  { value: 'CloseOfEscrow', label: 'At closing' },
  { value: 'ClosePlus1Day', label: 'One day after closing' },
  { value: 'ClosePlus2Days', label: 'Two days after closing' },
  { value: 'ClosePlus3Days', label: 'Three days after closing' },
  { value: 'ClosePlus30Days', label: 'Thirty days after closing' },
  { value: 'SellerRentBack', label: 'Seller rents back after closing' },
  { value: 'SubjectToTenantsRights', label: "Subject to the tenants' rights" },
  { value: 'Negotiable', label: 'Negotiable' },
  { value: 'SeeRemarks', label: 'See remarks' },
] as const satisfies Lookup<string>;
export type TResoPossession = (typeof RESO_POSSESSION)[number]['value'];
export const ZResoPossessionSchema = z.enum(values(RESO_POSSESSION));

/** The label of a lookup value, or the value itself when it is not one of ours. */
export function resoLabel(list: Lookup<string>, value: string): string {
  return list.find((l) => l.value === value)?.label ?? value;
}
