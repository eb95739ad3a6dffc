import { describe, expect, it } from 'vitest';
import { type ConciergeBefore, conciergeChanges, inWords } from './concierge-changes.ts';

const base: ConciergeBefore = {
  propertyType: 'Residential',
  propertySubType: 'SingleFamilyResidence',
  board: 'Test MLS',
  fields: { ListPrice: 412000, ListingTerms: ['Cash'] },
  photos: [{ hash: 'a', fileName: 'front.jpg' }],
};

describe('the concierge’s changes the owners review (decision 065)', () => {
  it('a field never given, cleared or emptied is no change', () => {
    const now = {
      ...base,
      fields: { ...base.fields, ShowingInstructions: '', Directions: null, Possession: [] },
    };
    expect(conciergeChanges(base, now)).toEqual([]);
  });

  it('names each change with its label, the earlier value and the new one, in words', () => {
    const now: ConciergeBefore = {
      ...base,
      board: null,
      fields: { ListPrice: 409000, ListingTerms: ['Cash', 'Conventional'], AssociationYN: false },
      photos: [...base.photos, { hash: 'b', fileName: 'garden.jpg' }],
    };
    expect(conciergeChanges(base, now)).toEqual([
      { field: 'board', label: 'MLS', before: 'Test MLS', after: '(empty)' },
      { field: 'ListPrice', label: 'List price', before: '412,000', after: '409,000' },
      expect.objectContaining({ field: 'AssociationYN', before: '(empty)', after: 'No' }),
      expect.objectContaining({
        field: 'ListingTerms',
        before: 'Cash',
        after: 'Cash; Conventional',
      }),
      {
        field: 'photos',
        label: 'Photos',
        before: '1 photo: front.jpg',
        after: '2 photos: front.jpg, garden.jpg',
      },
    ]);
  });

  it('owners read as name (email)', () => {
    expect(inWords([{ name: 'Pat', email: 'pat@example.com' }])).toBe('Pat (pat@example.com)');
  });
});
