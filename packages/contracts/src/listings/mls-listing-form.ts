import {
  addDays,
  findContactDetails,
  MLS_LISTING_FIELD_MESSAGES as M,
  MLS_LISTING_TEXTS,
  PUBLIC_REMARKS_MAX,
  todayUtc,
} from '@lantern/domain';
import { z } from 'zod';
import { multilineText, singleLineText } from '../text.ts';
import { type TResoPropertyType, ZResoListingTermSchema, ZResoPossessionSchema } from './reso.ts';

/**
 * The listing form of issue 16 under RESO Data Dictionary 2.0 field names. Prices and fees are
 * US dollars as RESO carries them (ListPrice whole dollars; the fee and the tax to the cent),
 * not our invoices' integer cents. `Owners` is ours: the MLS feed carries no owner emails.
 *
 * Two schemas over one shape: the draft schema checks each value given (so a stored draft is
 * always well-typed and free of contact details) and lets any field be missing; the complete
 * schema adds what the step needs to count as done (docs/decisions/031-mls-listing-builder.md).
 */

export const ASSOCIATION_FEE_FREQUENCIES = [
  { value: 'Monthly', label: 'Monthly' },
  { value: 'Quarterly', label: 'Quarterly' },
  { value: 'SemiAnnually', label: 'Twice a year' },
  { value: 'Annually', label: 'Yearly' },
] as const;

const isCents = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string) =>
  DATE.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** The longest a listing may run from today (ours: catches a mistyped year). */
export const EXPIRATION_MAX_DAYS = 730;

/** No transforms in this shape: the API also answers with it (zod encodes responses). */
const distinct = (l: readonly string[]) => new Set(l).size === l.length;
const count = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(99, message);
const text = (max: number, message: string) => multilineText().trim().max(max, message);

export const ZMlsListingOwnerSchema = z.object({
  name: singleLineText().trim().max(200, M.ownerNameTooLong),
  email: singleLineText().trim().max(254, M.ownerEmail),
});
export type TMlsListingOwner = z.infer<typeof ZMlsListingOwnerSchema>;

const fields = {
  ListPrice: z
    .number({ error: M.ListPrice })
    .int(M.ListPrice)
    .min(1, M.ListPrice)
    .max(1_000_000_000, M.ListPrice),
  BedroomsTotal: count(M.BedroomsTotal),
  BathroomsFull: count(M.BathroomsFull),
  BathroomsHalf: count(M.BathroomsHalf),
  LivingArea: z
    .number({ error: M.LivingArea })
    .int(M.LivingArea)
    .min(1, M.LivingArea)
    .max(1_000_000, M.LivingArea),
  LotSizeAcres: z
    .number({ error: M.LotSizeAcres })
    .gt(0, M.LotSizeAcres)
    .max(100_000, M.LotSizeAcres),
  LotSizeSquareFeet: z
    .number({ error: M.LotSizeSquareFeet })
    .int(M.LotSizeSquareFeet)
    .min(1, M.LotSizeSquareFeet)
    .max(100_000_000, M.LotSizeSquareFeet),
  YearBuilt: z
    .number({ error: M.YearBuilt(new Date().getUTCFullYear() + 2) })
    .int(M.YearBuilt(new Date().getUTCFullYear() + 2))
    .refine((y) => y >= 1600 && y <= new Date().getUTCFullYear() + 2, {
      error: () => M.YearBuilt(new Date().getUTCFullYear() + 2),
    }),
  GarageSpaces: count(M.GarageSpaces),
  AssociationYN: z.boolean({ error: M.AssociationYN }),
  AssociationFee: z
    .number({ error: M.AssociationFee })
    .min(0, M.AssociationFee)
    .max(100_000, M.AssociationFee)
    .refine(isCents, M.AssociationFee),
  AssociationFeeFrequency: z.enum(
    ASSOCIATION_FEE_FREQUENCIES.map((f) => f.value) as [
      'Monthly',
      'Quarterly',
      'SemiAnnually',
      'Annually',
    ],
    { error: M.AssociationFeeFrequency },
  ),
  TaxAnnualAmount: z
    .number({ error: M.TaxAnnualAmount })
    .min(0, M.TaxAnnualAmount)
    .max(10_000_000, M.TaxAnnualAmount)
    .refine(isCents, M.TaxAnnualAmount),
  PublicRemarks: text(PUBLIC_REMARKS_MAX, M.PublicRemarksTooLong).superRefine((v, ctx) => {
    for (const f of findContactDetails(v)) {
      ctx.addIssue({ code: 'custom', message: MLS_LISTING_TEXTS.remarksContact(f.kind, f.found) });
    }
  }),
  ShowingInstructions: text(1_000, M.ShowingInstructions),
  Directions: text(1_000, M.Directions),
  ListingTerms: z
    .array(ZResoListingTermSchema, { error: M.ListingTerms })
    .max(20, M.ListingTerms)
    .refine(distinct, M.ListingTerms),
  Possession: z
    .array(ZResoPossessionSchema, { error: M.Possession })
    .max(10, M.Possession)
    .refine(distinct, M.Possession),
  ExpirationDate: z.string({ error: M.ExpirationDate }).refine(isDate, M.ExpirationDate),
  Owners: z.array(ZMlsListingOwnerSchema).max(10, M.OwnersTooMany),
};

type Fields = typeof fields;
const optionalFields = Object.fromEntries(
  Object.entries(fields).map(([k, s]) => [k, s.nullable().optional()]),
) as { [K in keyof Fields]: z.ZodOptional<z.ZodNullable<Fields[K]>> };

/** "Save draft": any field may be missing or null; each given value is checked. */
export const ZMlsListingDraftSchema = z.object(optionalFields);
export type TMlsListingDraft = z.infer<typeof ZMlsListingDraftSchema>;
export type TMlsListingDraftInput = z.input<typeof ZMlsListingDraftSchema>;
export const MLS_LISTING_FORM_FIELDS = Object.keys(fields) as (keyof Fields)[];

/** Property types with no home to describe: bedrooms, bathrooms and living area are not asked. */
const NO_BUILDING: readonly TResoPropertyType[] = ['Land'];
/** Property types whose lot size is required. */
const LOT_REQUIRED: readonly TResoPropertyType[] = ['Land', 'Farm'];

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * What the form step needs to be complete, for the listing's property type (null: not chosen
 * yet, treated as a home). Cross-field rules: the fee only with an association, one lot-size unit,
 * an end date after today and at most two years out, at least one owner, each with a name and
 * their own email.
 */
export function mlsListingFormSchemaFor(propertyType: TResoPropertyType | null, now?: Date) {
  return ZMlsListingDraftSchema.superRefine((v, ctx) => {
    const need = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (blank(v.ListPrice)) need('ListPrice', M.ListPrice);
    const building = propertyType === null || !NO_BUILDING.includes(propertyType);
    if (building) {
      if (blank(v.BedroomsTotal)) need('BedroomsTotal', M.needsBuildingFacts);
      if (blank(v.BathroomsFull)) need('BathroomsFull', M.needsBuildingFacts);
      if (blank(v.LivingArea)) need('LivingArea', M.needsBuildingFacts);
    }
    if (!blank(v.LotSizeAcres) && !blank(v.LotSizeSquareFeet))
      need('LotSizeSquareFeet', M.lotSizeOneUnit);
    if (
      propertyType !== null &&
      LOT_REQUIRED.includes(propertyType) &&
      blank(v.LotSizeAcres) &&
      blank(v.LotSizeSquareFeet)
    ) {
      need('LotSizeAcres', M.lotSizeRequired);
    }
    if (blank(v.AssociationYN)) need('AssociationYN', M.AssociationYN);
    if (v.AssociationYN === true) {
      if (blank(v.AssociationFee)) need('AssociationFee', M.associationFeeRequired);
      if (blank(v.AssociationFeeFrequency))
        need('AssociationFeeFrequency', M.AssociationFeeFrequency);
    }
    if (v.AssociationYN === false) {
      if (!blank(v.AssociationFee)) need('AssociationFee', M.associationFeeWithoutAssociation);
      if (!blank(v.AssociationFeeFrequency))
        need('AssociationFeeFrequency', M.associationFeeWithoutAssociation);
    }
    if (blank(v.PublicRemarks)) need('PublicRemarks', M.PublicRemarks);
    if (!v.ListingTerms?.length) need('ListingTerms', M.ListingTerms);
    if (!v.Possession?.length) need('Possession', M.Possession);
    if (blank(v.ExpirationDate)) need('ExpirationDate', M.ExpirationDate);
    else if (v.ExpirationDate) {
      const today = todayUtc(now ?? new Date());
      if (v.ExpirationDate <= today) need('ExpirationDate', M.ExpirationDatePast);
      else if (v.ExpirationDate > addDays(today, EXPIRATION_MAX_DAYS))
        need('ExpirationDate', M.ExpirationDateTooFar);
    }
    const owners = v.Owners ?? [];
    if (owners.length === 0) need('Owners', M.OwnersRequired);
    const emails = new Set<string>();
    owners.forEach((o, i) => {
      if (o.name === '')
        ctx.addIssue({ code: 'custom', path: ['Owners', i, 'name'], message: M.ownerName });
      const email = o.email.toLowerCase();
      if (!z.email().safeParse(o.email).success) {
        ctx.addIssue({ code: 'custom', path: ['Owners', i, 'email'], message: M.ownerEmail });
      } else if (emails.has(email)) {
        ctx.addIssue({
          code: 'custom',
          path: ['Owners', i, 'email'],
          message: M.ownerEmailDuplicate,
        });
      }
      emails.add(email);
    });
  });
}

/** The complete form for a home (no property type chosen); use mlsListingFormSchemaFor with one. */
export const ZMlsListingFormSchema = mlsListingFormSchemaFor(null);
export type TMlsListingForm = z.infer<typeof ZMlsListingFormSchema>;
