import {
  ASSOCIATION_FEE_FREQUENCIES,
  RETURN_REASON_FIELD_LABELS as R,
  RESO_LISTING_TERMS,
  RESO_POSSESSION,
  RESO_PROPERTY_SUB_TYPES,
  RESO_PROPERTY_TYPES,
  type TAdminListingDetail,
} from '@lantern/contracts';
import { MLS_LISTING_FIELD_LABELS as L } from '@lantern/domain';

const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((o) => o.value === value)?.label ?? value;
const dollars = (n: number, cents = false) =>
  `$${n.toLocaleString('en-US', cents ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : {})}`;
const count = (n: number | null | undefined) => (n == null ? null : n.toLocaleString('en-US'));

type Shown = Pick<TAdminListingDetail, 'form' | 'propertyType' | 'propertySubType'>;

/**
 * The listing's fields as staff (and the concierge, decision 048) read them: label and value in
 * words, under the names the customer saw, each with the field a note about it points at.
 */
export function listingFieldRows(listing: Shown): Array<{
  field: string;
  label: string;
  value: string | null;
}> {
  const f = listing.form;
  const keys = [
    'propertyType',
    'propertySubType',
    'ListPrice',
    'BedroomsTotal',
    'BathroomsFull',
    'BathroomsHalf',
    'LivingArea',
    'LotSizeAcres',
    'LotSizeSquareFeet',
    'YearBuilt',
    'GarageSpaces',
    'AssociationFee',
    'AssociationFee',
    'AssociationFee',
    'TaxAnnualAmount',
    'ShowingInstructions',
    'Directions',
    'ListingTerms',
    'Possession',
    'ExpirationDate',
  ];
  const rows: Array<[string, string | null]> = [
    [
      R.propertyType,
      listing.propertyType ? labelOf(RESO_PROPERTY_TYPES, listing.propertyType) : null,
    ],
    [
      R.propertySubType,
      listing.propertySubType ? labelOf(RESO_PROPERTY_SUB_TYPES, listing.propertySubType) : null,
    ],
    [R.ListPrice, f.ListPrice == null ? null : dollars(f.ListPrice)],
    [R.BedroomsTotal, count(f.BedroomsTotal)],
    [R.BathroomsFull, count(f.BathroomsFull)],
    [R.BathroomsHalf, count(f.BathroomsHalf)],
    [R.LivingArea, f.LivingArea == null ? null : `${count(f.LivingArea)} sq ft`],
    [R.LotSizeAcres, f.LotSizeAcres == null ? null : `${f.LotSizeAcres} acres`],
    [
      R.LotSizeSquareFeet,
      f.LotSizeSquareFeet == null ? null : `${count(f.LotSizeSquareFeet)} sq ft`,
    ],
    [R.YearBuilt, f.YearBuilt == null ? null : String(f.YearBuilt)],
    [R.GarageSpaces, count(f.GarageSpaces)],
    [L.AssociationYN, f.AssociationYN == null ? null : f.AssociationYN ? 'Yes' : 'No'],
    [R.AssociationFee, f.AssociationFee == null ? null : dollars(f.AssociationFee, true)],
    [
      L.AssociationFeeFrequency,
      f.AssociationFeeFrequency
        ? labelOf(ASSOCIATION_FEE_FREQUENCIES, f.AssociationFeeFrequency)
        : null,
    ],
    [R.TaxAnnualAmount, f.TaxAnnualAmount == null ? null : dollars(f.TaxAnnualAmount, true)],
    [R.ShowingInstructions, f.ShowingInstructions || null],
    [R.Directions, f.Directions || null],
    [
      R.ListingTerms,
      f.ListingTerms?.length
        ? f.ListingTerms.map((v) => labelOf(RESO_LISTING_TERMS, v)).join(', ')
        : null,
    ],
    [
      R.Possession,
      f.Possession?.length ? f.Possession.map((v) => labelOf(RESO_POSSESSION, v)).join(', ') : null,
    ],
    [R.ExpirationDate, f.ExpirationDate ?? null],
  ];
  return rows.map(([label, value], i) => ({ field: keys[i] ?? 'listing', label, value }));
}

/** The listing's form as staff check it: every field under the name the customer saw. */
export function ListingFields({ listing }: { listing: Shown }) {
  const rows = listingFieldRows(listing).map((r) => [r.label, r.value] as const);
  return (
    <dl className="adm-details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? <span className="ds-muted">Not given</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
