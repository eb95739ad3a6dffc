import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyedHash, readSigned, sameSecret, signClaims } from './keyed-hash.ts';

describe('keyed hash', () => {
  it('is HMAC-SHA256 over purpose and value', () => {
    const expected = createHmac('sha256', 's').update('p:v').digest('base64url');
    expect(keyedHash('s', 'p', 'v')).toBe(expected);
    expect(keyedHash('s', 'other', 'v')).not.toBe(expected);
  });

  it('compares secrets of any length without throwing', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
  });

  it('signs claims and reads them back only with the same secret and purpose', () => {
    const token = signClaims('secret', 'purpose', ['a@example.com', 42]);
    expect(readSigned('secret', 'purpose', token)).toEqual(['a@example.com', 42]);
    expect(readSigned('other', 'purpose', token)).toBeNull();
    expect(readSigned('secret', 'other', token)).toBeNull();
    expect(readSigned('secret', 'purpose', `${token}x`)).toBeNull();
    expect(readSigned('secret', 'purpose', `${token}.more`)).toBeNull();
    expect(readSigned('secret', 'purpose', 'x'.repeat(2000))).toBeNull();
    const notArray = `${Buffer.from('{}').toString('base64url')}.${keyedHash('secret', 'purpose', Buffer.from('{}').toString('base64url'))}`;
    expect(readSigned('secret', 'purpose', notArray)).toBeNull();
  });
});
