import { describe, expect, it } from 'vitest';
import { parseRelayAddress, RELAY_TOKEN_DAYS, relayAddress } from './relay-address.ts';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const DOMAIN = 'replies.example.com';
const NOW = new Date('2026-11-24T12:00:00Z');

describe('relay addresses', () => {
  it('round-trips the inquiry and side, in lower case within 64 characters', () => {
    const address = relayAddress(
      SECRET,
      DOMAIN,
      { thread: 'inquiry', id: 4242, side: 'seller' },
      NOW,
    );
    expect(address).toMatch(/^r\+q4242\.s\.\d+\.[0-9a-f]{20}@replies\.example\.com$/);
    expect(address.split('@')[0]?.length).toBeLessThanOrEqual(64);
    expect(parseRelayAddress(SECRET, DOMAIN, address, NOW)).toEqual({
      ok: true,
      thread: 'inquiry',
      id: 4242,
      side: 'seller',
    });
    // Mail servers may change case; the token still reads.
    expect(parseRelayAddress(SECRET, DOMAIN, address.toUpperCase(), NOW)).toMatchObject({
      ok: true,
      side: 'seller',
    });
  });

  it('refuses a token whose thread, side or day was changed, or made with another secret', () => {
    const address = relayAddress(SECRET, DOMAIN, { thread: 'inquiry', id: 7, side: 'buyer' }, NOW);
    const other = address.replace('r+q7.', 'r+q8.');
    const flipped = address.replace('.b.', '.s.');
    const later = address.replace(/\.(\d+)\./, (_, d) => `.${Number(d) + 1000}.`);
    for (const forged of [other, flipped, later]) {
      expect(parseRelayAddress(SECRET, DOMAIN, forged, NOW)).toEqual({
        ok: false,
        reason: 'forged',
      });
    }
    const foreign = relayAddress('another-secret-entirely-0123456789abc', DOMAIN, {
      thread: 'inquiry',
      id: 7,
      side: 'buyer',
    });
    expect(parseRelayAddress(SECRET, DOMAIN, foreign, NOW)).toMatchObject({ reason: 'forged' });
  });

  it(`expires ${RELAY_TOKEN_DAYS} days after the mail that carried it`, () => {
    const address = relayAddress(SECRET, DOMAIN, { thread: 'inquiry', id: 9, side: 'seller' }, NOW);
    const day = 86_400_000;
    const lastDay = new Date(NOW.getTime() + RELAY_TOKEN_DAYS * day);
    expect(parseRelayAddress(SECRET, DOMAIN, address, lastDay).ok).toBe(true);
    expect(parseRelayAddress(SECRET, DOMAIN, address, new Date(lastDay.getTime() + day))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('names a support ticket for its customer, and a question is not a ticket', () => {
    const address = relayAddress(
      SECRET,
      DOMAIN,
      { thread: 'ticket', id: 31, side: 'customer' },
      NOW,
    );
    expect(address).toMatch(/^r\+t31\.c\./);
    expect(parseRelayAddress(SECRET, DOMAIN, address, NOW)).toEqual({
      ok: true,
      thread: 'ticket',
      id: 31,
      side: 'customer',
    });
    // Swapping the kind letter breaks the MAC.
    const asQuestion = address.replace('r+t31.c.', 'r+q31.b.');
    expect(parseRelayAddress(SECRET, DOMAIN, asQuestion, NOW)).toMatchObject({ reason: 'forged' });
  });

  it('tells addresses of other domains and other shapes apart', () => {
    expect(
      parseRelayAddress(SECRET, DOMAIN, 'r+q1.s.1.00000000000000000000@elsewhere.com', NOW),
    ).toEqual({ ok: false, reason: 'not-ours' });
    // A side letter never issued for that kind of thread is no address of ours either.
    for (const local of [
      'hello',
      'r+q1.x.1.00000000000000000000',
      'r+q1.c.1.00000000000000000000',
      'r+t1.s.1.00000000000000000000',
      'r+q1.s.1.zz',
      '',
    ]) {
      expect(parseRelayAddress(SECRET, DOMAIN, `${local}@${DOMAIN}`, NOW)).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });
});
