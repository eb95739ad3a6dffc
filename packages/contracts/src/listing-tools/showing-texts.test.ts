import { describe, expect, it } from 'vitest';
import { showingReplyOf } from './showing-texts.ts';

describe('showingReplyOf', () => {
  it.each([
    ['YES 12', { action: 'confirm', showing: 12 }],
    [' yes 12 ', { action: 'confirm', showing: 12 }],
    ['Y #7', { action: 'confirm', showing: 7 }],
    ['confirm 40.', { action: 'confirm', showing: 40 }],
    ['NO 12', { action: 'decline', showing: 12 }],
    ['n 3!', { action: 'decline', showing: 3 }],
    ['Decline 99', { action: 'decline', showing: 99 }],
  ])('%j → %j', (body, expected) => expect(showingReplyOf(body)).toEqual(expected));

  it.each(['YES', 'NO', 'STOP', '12345', 'yes please 12', 'no 12 13', 'maybe 12', ''])(
    'ignores %j',
    (body) => expect(showingReplyOf(body)).toBeNull(),
  );
});
