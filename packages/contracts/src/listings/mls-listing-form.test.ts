import { MLS_LISTING_FIELD_MESSAGES as M } from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors.ts';
import {
  mlsListingFormSchemaFor,
  ZMlsListingDraftSchema,
  ZMlsListingFormSchema,
} from './mls-listing-form.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const complete = {
  ListPrice: 450_000,
  BedroomsTotal: 3,
  BathroomsFull: 2,
  BathroomsHalf: 1,
  LivingArea: 1_850,
  LotSizeAcres: 0.25,
  YearBuilt: 1995,
  GarageSpaces: 2,
  AssociationYN: false,
  TaxAnnualAmount: 4_210.55,
  PublicRemarks: 'Bright three-bedroom home on a quiet street.',
  ListingTerms: ['Cash', 'Conventional'],
  Possession: ['CloseOfEscrow'],
  ExpirationDate: '2027-05-24',
  Owners: [{ name: 'Ann Owner', email: 'ann@example.com' }],
};
const errorsOf = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error as never);
};

describe('the listing form', () => {
  it('accepts a complete home listing', () => {
    expect(errorsOf(mlsListingFormSchemaFor('Residential', NOW), complete)).toEqual({});
  });

  it('saves a partial draft but the complete schema names every missing field', () => {
    expect(errorsOf(ZMlsListingDraftSchema, { ListPrice: 300_000 })).toEqual({});
    const errors = errorsOf(mlsListingFormSchemaFor('Residential', NOW), { ListPrice: 300_000 });
    expect(errors).toMatchObject({
      BedroomsTotal: [M.needsBuildingFacts],
      AssociationYN: [M.AssociationYN],
      PublicRemarks: [M.PublicRemarks],
      ListingTerms: [M.ListingTerms],
      Possession: [M.Possession],
      ExpirationDate: [M.ExpirationDate],
      Owners: [M.OwnersRequired],
    });
    expect(errors.ListPrice).toBeUndefined();
  });

  it('checks each value even in a draft', () => {
    expect(errorsOf(ZMlsListingDraftSchema, { ListPrice: 12.5, BedroomsTotal: -1 })).toEqual({
      ListPrice: [M.ListPrice],
      BedroomsTotal: [M.BedroomsTotal],
    });
    expect(errorsOf(ZMlsListingDraftSchema, { AssociationFee: 10.555 })).toEqual({
      AssociationFee: [M.AssociationFee],
    });
  });

  it('refuses contact details in the remarks, even in a draft', () => {
    expect(errorsOf(ZMlsListingDraftSchema, { PublicRemarks: 'Call 555-123-4567' })).toEqual({
      PublicRemarks: [
        'Remove a phone number from the remarks (“555-123-4567”): MLS rules do not allow contact details in public remarks.',
      ],
    });
  });

  it('limits the remarks to 4,000 characters', () => {
    expect(errorsOf(ZMlsListingDraftSchema, { PublicRemarks: 'a'.repeat(4_000) })).toEqual({});
    expect(errorsOf(ZMlsListingDraftSchema, { PublicRemarks: 'a'.repeat(4_001) })).toEqual({
      PublicRemarks: [M.PublicRemarksTooLong],
    });
  });

  it('asks for the fee only with an association', () => {
    const s = mlsListingFormSchemaFor('Residential', NOW);
    expect(errorsOf(s, { ...complete, AssociationYN: true })).toEqual({
      AssociationFee: [M.associationFeeRequired],
      AssociationFeeFrequency: [M.AssociationFeeFrequency],
    });
    expect(
      errorsOf(s, {
        ...complete,
        AssociationYN: true,
        AssociationFee: 245.5,
        AssociationFeeFrequency: 'Monthly',
      }),
    ).toEqual({});
    expect(errorsOf(s, { ...complete, AssociationFee: 100 })).toEqual({
      AssociationFee: [M.associationFeeWithoutAssociation],
    });
  });

  it('takes the lot size in one unit, and requires it for land', () => {
    const s = mlsListingFormSchemaFor('Residential', NOW);
    expect(errorsOf(s, { ...complete, LotSizeSquareFeet: 10_890 })).toEqual({
      LotSizeSquareFeet: [M.lotSizeOneUnit],
    });
    const land = {
      ...complete,
      LotSizeAcres: null,
      BedroomsTotal: null,
      BathroomsFull: null,
      LivingArea: null,
    };
    expect(errorsOf(mlsListingFormSchemaFor('Land', NOW), land)).toEqual({
      LotSizeAcres: [M.lotSizeRequired],
    });
    expect(errorsOf(mlsListingFormSchemaFor('Land', NOW), { ...land, LotSizeAcres: 5 })).toEqual(
      {},
    );
  });

  it('wants the end date after today and within two years', () => {
    const s = mlsListingFormSchemaFor('Residential', NOW);
    expect(errorsOf(s, { ...complete, ExpirationDate: '2026-11-24' })).toEqual({
      ExpirationDate: [M.ExpirationDatePast],
    });
    expect(errorsOf(s, { ...complete, ExpirationDate: '2029-01-01' })).toEqual({
      ExpirationDate: [M.ExpirationDateTooFar],
    });
    expect(errorsOf(s, { ...complete, ExpirationDate: '2027-02-30' })).toEqual({
      ExpirationDate: [M.ExpirationDate],
    });
  });

  it('wants every owner with a name and their own email', () => {
    const s = mlsListingFormSchemaFor('Residential', NOW);
    const owners = [
      { name: '', email: 'ann@example.com' },
      { name: 'Bob', email: 'ANN@example.com' },
      { name: 'Cy', email: 'not-an-email' },
    ];
    expect(errorsOf(s, { ...complete, Owners: owners })).toEqual({
      'Owners.0.name': [M.ownerName],
      'Owners.1.email': [M.ownerEmailDuplicate],
      'Owners.2.email': [M.ownerEmail],
    });
  });

  it('treats a listing without a property type as a home', () => {
    expect(errorsOf(ZMlsListingFormSchema, { ...complete, LivingArea: null })).toMatchObject({
      LivingArea: [M.needsBuildingFacts],
    });
  });
});
