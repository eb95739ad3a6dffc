import {
  ASSOCIATION_FEE_FREQUENCIES,
  RETURN_REASON_FIELD_LABELS as R,
  RESO_LISTING_TERMS,
  RESO_POSSESSION,
  RESO_PROPERTY_SUB_TYPES,
  RESO_PROPERTY_TYPES,
  type TAdminListingDetail,
  type TReturnReasonField,
} from '@lantern/contracts';
import { MLS_LISTING_FIELD_LABELS as L } from '@lantern/domain';

const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((o) => o.value === value)?.label ?? value;
const dollars = (n: number, cents = false) =>
  `$${n.toLocaleString('en-US', cents ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : {})}`;
const count = (n: number | null | undefined) => (n == null ? null : n.toLocaleString('en-US'));

type TFieldRow = { field: TReturnReasonField; label: string; value: string | null };
/** A row under the field's own label, or under another label that still points at the field. */
const row = (
  field: TReturnReasonField,
  value: string | null,
  label: string = R[field],
): TFieldRow => ({
  field,
  label,
  value,
});

type Shown = Pick<TAdminListingDetail, 'form' | 'propertyType' | 'propertySubType'>;

/**
 * The listing's fields as staff (and the concierge, decision 048) read them: label and value in
 * words, under the names the customer saw, each with the field a note about it points at.
 */
export function listingFieldRows(listing: Shown): TFieldRow[] {
  const f = listing.form;
  return [
    row(
      'propertyType',
      listing.propertyType ? labelOf(RESO_PROPERTY_TYPES, listing.propertyType) : null,
    ),
    row(
      'propertySubType',
      listing.propertySubType ? labelOf(RESO_PROPERTY_SUB_TYPES, listing.propertySubType) : null,
    ),
    row('ListPrice', f.ListPrice == null ? null : dollars(f.ListPrice)),
    row('BedroomsTotal', count(f.BedroomsTotal)),
    row('BathroomsFull', count(f.BathroomsFull)),
    row('BathroomsHalf', count(f.BathroomsHalf)),
    row('LivingArea', f.LivingArea == null ? null : `${count(f.LivingArea)} sq ft`),
    row('LotSizeAcres', f.LotSizeAcres == null ? null : `${f.LotSizeAcres} acres`),
    row(
      'LotSizeSquareFeet',
      f.LotSizeSquareFeet == null ? null : `${count(f.LotSizeSquareFeet)} sq ft`,
    ),
    row('YearBuilt', f.YearBuilt == null ? null : String(f.YearBuilt)),
    row('GarageSpaces', count(f.GarageSpaces)),
    row(
      'AssociationFee',
      f.AssociationYN == null ? null : f.AssociationYN ? 'Yes' : 'No',
      L.AssociationYN,
    ),
    row('AssociationFee', f.AssociationFee == null ? null : dollars(f.AssociationFee, true)),
    row(
      'AssociationFee',
      f.AssociationFeeFrequency
        ? labelOf(ASSOCIATION_FEE_FREQUENCIES, f.AssociationFeeFrequency)
        : null,
      L.AssociationFeeFrequency,
    ),
    row('TaxAnnualAmount', f.TaxAnnualAmount == null ? null : dollars(f.TaxAnnualAmount, true)),
    row('ShowingInstructions', f.ShowingInstructions || null),
    row('Directions', f.Directions || null),
    row(
      'ListingTerms',
      f.ListingTerms?.length
        ? f.ListingTerms.map((v) => labelOf(RESO_LISTING_TERMS, v)).join(', ')
        : null,
    ),
    row(
      'Possession',
      f.Possession?.length ? f.Possession.map((v) => labelOf(RESO_POSSESSION, v)).join(', ') : null,
    ),
    row('ExpirationDate', f.ExpirationDate ?? null),
  ];
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
