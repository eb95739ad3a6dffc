import { describe, expect, it } from 'vitest';
import { findContactDetails, findFairHousingPhrases } from './remarks.ts';

describe('findContactDetails', () => {
  it.each([
    ['Call 555-123-4567 today', [{ kind: 'phone', found: '555-123-4567' }]],
    ['Call (555) 123-4567.', [{ kind: 'phone', found: '(555) 123-4567' }]],
    ['Text 555.123.4567', [{ kind: 'phone', found: '555.123.4567' }]],
    ['Text +1 555 123 4567', [{ kind: 'phone', found: '+1 555 123 4567' }]],
    ['Text 5551234567 now', [{ kind: 'phone', found: '5551234567' }]],
    ['Mail owner@example.com for a tour', [{ kind: 'email', found: 'owner@example.com' }]],
    ['Mail owner (at) example.com', [{ kind: 'email', found: 'owner (at) example.com' }]],
    ['See https://example.com/tour', [{ kind: 'url', found: 'https://example.com/tour' }]],
    ['See www.x.com.', [{ kind: 'url', found: 'www.x.com' }]],
    ['Video on myhouse.com/tour', [{ kind: 'url', found: 'myhouse.com/tour' }]],
    [
      'Call 555-123-4567 or see www.x.com',
      [
        { kind: 'phone', found: '555-123-4567' },
        { kind: 'url', found: 'www.x.com' },
      ],
    ],
  ])('finds contact details in %j', (text, expected) => {
    expect(findContactDetails(text)).toEqual(expected);
  });

  it.each([
    'Priced at $1,234,567,890 for a quick sale.',
    '3 bedrooms, 2.5 baths, 2,400 sq. ft. on 0.25 acres, built 1995.',
    'Parcel 123456789012 in St. Louis; HOA $250/mo.',
    'Updated in 2019-2020. Roof 2021.',
    'Close to I-95 and Route 1; e.g. the park.',
  ])('finds nothing in %j', (text) => {
    expect(findContactDetails(text)).toEqual([]);
  });
});

describe('findFairHousingPhrases', () => {
  it.each([
    ['Quiet street, no children please.', ['no children']],
    ['PERFECT FOR SINGLES or couples', ['PERFECT FOR SINGLES']],
    ['Ideal  for\ncouples; adults only', ['Ideal  for\ncouples', 'adults only']],
    ['Able-bodied buyers only; able bodied', ['Able-bodied']],
    ['No kids. No kids.', ['No kids']],
  ])('flags %j', (text, expected) => {
    expect(findFairHousingPhrases(text)).toEqual(expected);
  });

  it.each([
    'Family room with fireplace; walking distance to the park.',
    'Childrens park nearby; master bedroom upstairs.',
    'knock children', // "no children" must be whole words
  ])('flags nothing in %j', (text) => {
    expect(findFairHousingPhrases(text)).toEqual([]);
  });
});
