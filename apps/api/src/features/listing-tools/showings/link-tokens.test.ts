import { describe, expect, it } from 'vitest';
import {
  createShowingLinkToken,
  readShowingLinkToken,
  SHOWING_LINK_TTL_MS,
} from './link-tokens.ts';

const SECRET = 'a-test-secret-a-test-secret-a-test-secret';
const at = Date.UTC(2026, 5, 1);
const seller = { showing: 'abc', side: 'seller' as const, userId: 7, sequence: 2, issuedAt: at };

describe('showing link tokens', () => {
  it('read back what they were made with', () => {
    const token = createShowingLinkToken(SECRET, seller);
    expect(readShowingLinkToken(SECRET, token, at)).toEqual(seller);
    const buyer = { ...seller, side: 'buyer' as const, userId: null };
    expect(readShowingLinkToken(SECRET, createShowingLinkToken(SECRET, buyer), at)).toEqual(buyer);
  });

  it('refuse a forged, altered, foreign or expired token', () => {
    const token = createShowingLinkToken(SECRET, seller);
    const [payload, signature] = token.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify(['abc', 'seller', 7, 3, at])).toString('base64url');
    expect(readShowingLinkToken(SECRET, `${altered}.${signature}`, at)).toBeNull();
    expect(readShowingLinkToken(`${SECRET}x`, token, at)).toBeNull();
    expect(readShowingLinkToken(SECRET, `${payload}.x${signature.slice(1)}`, at)).toBeNull();
    expect(readShowingLinkToken(SECRET, 'not-a-token', at)).toBeNull();
    expect(readShowingLinkToken(SECRET, token, at + SHOWING_LINK_TTL_MS + 1)).toBeNull();
    // A buyer's link cannot claim an owner, nor a seller's lack one.
    const odd = createShowingLinkToken(SECRET, { ...seller, side: 'buyer' });
    expect(readShowingLinkToken(SECRET, odd, at)).toBeNull();
  });
});
