import {
  fsboBlockingStep,
  fsboNextStep,
  fsboPublishMissing,
  fsboStepsDone,
  FSBO_LISTING_FIELD_MESSAGES as M,
} from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import {
  fsboBasicsIssues,
  fsboContactIssues,
  fsboDescribeIssues,
  isUsPhone,
  ZFsboBasicsDraftSchema,
  ZFsboContactDraftSchema,
  ZFsboDescribeDraftSchema,
  ZFsboMarketStatusRequestSchema,
} from './fsbo-listing.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('FSBO basics', () => {
  it('takes whole dollars, bathrooms in halves and a plausible year, in the seller’s words', () => {
    expect(
      ZFsboBasicsDraftSchema.safeParse({ price: 250_000, bathrooms: 1.5, yearBuilt: 1920 }).success,
    ).toBe(true);
    expect(messages(ZFsboBasicsDraftSchema.safeParse({ price: 250_000.5 }))).toEqual([M.price]);
    expect(messages(ZFsboBasicsDraftSchema.safeParse({ bathrooms: 2.25 }))).toEqual([M.bathrooms]);
    expect(messages(ZFsboBasicsDraftSchema.safeParse({ yearBuilt: 1500 }))[0]).toMatch(
      /^Enter the year it was built, from 1600 to \d{4}\.$/,
    );
    expect(messages(ZFsboBasicsDraftSchema.safeParse({ propertyType: 'castle' }))).toEqual([
      M.propertyType,
    ]);
  });

  it('is complete with price and type, and rooms and size unless it is land', () => {
    expect(Object.keys(fsboBasicsIssues({}))).toEqual([
      'price',
      'propertyType',
      'bedrooms',
      'bathrooms',
      'livingArea',
    ]);
    expect(fsboBasicsIssues({ price: 1, propertyType: 'land' })).toEqual({});
    expect(
      fsboBasicsIssues({
        price: 1,
        propertyType: 'condo',
        bedrooms: 0,
        bathrooms: 1,
        livingArea: 500,
      }),
    ).toEqual({});
  });
});

describe('FSBO contact', () => {
  it('knows US phone numbers however they are written', () => {
    for (const ok of ['(555) 201-4433', '555.201.4433', '+1 555 201 4433', '5552014433'])
      expect(isUsPhone(ok), ok).toBe(true);
    for (const bad of ['12345', '555-201-443x', '+44 20 7946 0958'])
      expect(isUsPhone(bad)).toBe(false);
  });

  it('needs a name, and an email or phone only when the seller shows it', () => {
    expect(fsboContactIssues({ name: 'Dana' })).toEqual({});
    expect(fsboContactIssues({ name: ' ', showEmail: true, showPhone: true })).toEqual({
      name: M.contactName,
      email: M.email,
      phone: M.phone,
    });
    expect(messages(ZFsboContactDraftSchema.safeParse({ email: 'not an email' }))).toEqual([
      M.email,
    ]);
  });
});

describe('FSBO description', () => {
  it('refuses contact details and unknown features, and needs some words', () => {
    expect(
      messages(ZFsboDescribeDraftSchema.safeParse({ remarks: 'Write to me at a@b.com' })),
    ).toEqual([M.remarksContact('email', 'a@b.com')]);
    expect(
      messages(ZFsboDescribeDraftSchema.safeParse({ features: ['garage', 'garage'] })),
    ).toEqual([M.features]);
    expect(ZFsboDescribeDraftSchema.safeParse({ features: ['moat'] }).success).toBe(false);
    expect(fsboDescribeIssues({ remarks: '  ' })).toEqual({ remarks: M.remarks });
  });
});

describe('FSBO market status', () => {
  it('asks a sale for its price and a real date', () => {
    const base = { property: 'p', status: 'sold' };
    expect(
      ZFsboMarketStatusRequestSchema.safeParse({ ...base, soldPrice: 1, soldOn: '2025-02-28' })
        .success,
    ).toBe(true);
    expect(
      messages(
        ZFsboMarketStatusRequestSchema.safeParse({ ...base, soldPrice: 1, soldOn: '2025-02-30' }),
      ),
    ).toEqual([M.soldOn]);
    expect(
      ZFsboMarketStatusRequestSchema.safeParse({ property: 'p', status: 'pending' }).success,
    ).toBe(true);
  });
});

describe('FSBO steps', () => {
  it('opens each step in order, media with a ready photo, manage once published', () => {
    const none = fsboStepsDone({ saved: [], readyPhotos: 0, everPublished: false });
    expect(fsboNextStep(none)).toBe('basics');
    expect(fsboBlockingStep('describe', none)).toBe('basics');
    const three = fsboStepsDone({
      saved: ['basics', 'contact', 'describe'],
      readyPhotos: 0,
      everPublished: false,
    });
    expect(fsboNextStep(three)).toBe('media');
    expect(fsboBlockingStep('review', three)).toBe('media');
    expect(fsboPublishMissing(three)).toEqual(['media']);
    const ready = fsboStepsDone({
      saved: ['basics', 'contact', 'describe'],
      readyPhotos: 1,
      everPublished: false,
    });
    expect(fsboNextStep(ready)).toBe('review');
    expect(fsboBlockingStep('manage', ready)).toBe('review');
    const live = fsboStepsDone({
      saved: ['basics', 'contact', 'describe'],
      readyPhotos: 1,
      everPublished: true,
    });
    expect(live).toEqual(['basics', 'contact', 'describe', 'media', 'review']);
    expect(fsboNextStep(live)).toBe('manage');
    expect(fsboBlockingStep('manage', live)).toBeNull();
  });
});
