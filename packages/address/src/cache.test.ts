import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCache } from './cache.ts';
import type { GeocodeOutcome, GeocodeQuery, Geocoder } from './geocoder.ts';
import { fields, SPRINGFIELD_GEOCODED } from './test-support.ts';

const MB = 1024 * 1024;

/** A geocoder that counts its calls and answers from a script. */
function counting(
  answer: (query: GeocodeQuery) => GeocodeOutcome = () => ({
    ok: true,
    result: SPRINGFIELD_GEOCODED,
  }),
) {
  const calls = { geocode: 0, autocomplete: 0 };
  const geocoder: Geocoder = {
    async geocode(query) {
      calls.geocode++;
      return answer(query);
    },
    async autocomplete(input) {
      calls.autocomplete++;
      return [{ id: input, description: input, mainText: input, secondaryText: '' }];
    },
  };
  return { geocoder, calls };
}

describe('withCache', () => {
  it('answers a repeated query from the cache, however it is spaced or cased', async () => {
    const { geocoder, calls } = counting();
    const cached = withCache(geocoder, { maxBytes: MB, ttlMs: 1000 });
    const first = await cached.geocode({ text: '123 Main St, Springfield', location: 'address' });
    const again = await cached.geocode({
      text: ' 123  main st, SPRINGFIELD ',
      location: 'address',
    });
    expect(again).toBe(first);
    expect(calls.geocode).toBe(1);
  });

  it('tells apart location types, texts and fields', async () => {
    const { geocoder, calls } = counting();
    const cached = withCache(geocoder, { maxBytes: MB, ttlMs: 1000 });
    await cached.geocode({ text: 'a', location: 'address' });
    await cached.geocode({ text: 'a', location: 'parcel' });
    await cached.geocode({ text: 'b', location: 'address' });
    await cached.geocode({ fields: fields({ city: 'a' }), location: 'address' });
    await cached.geocode({ fields: fields({ city: 'b' }), location: 'address' });
    await cached.geocode({ fields: fields({ city: 'B ' }), location: 'address' });
    expect(calls.geocode).toBe(5);
  });

  it('keeps not found and outside the US, but retries provider errors', async () => {
    const reasons = ['not_found', 'outside_us', 'provider_error'] as const;
    const { geocoder, calls } = counting((query) => ({
      ok: false,
      reason: query.text as (typeof reasons)[number],
    }));
    const cached = withCache(geocoder, { maxBytes: MB, ttlMs: 1000 });
    for (const reason of reasons) {
      await cached.geocode({ text: reason, location: 'address' });
      await cached.geocode({ text: reason, location: 'address' });
    }
    expect(calls.geocode).toBe(4);
  });

  it('forgets answers after the time to live', async () => {
    let now = 5_000;
    const { geocoder, calls } = counting();
    const cached = withCache(geocoder, { maxBytes: MB, ttlMs: 100, now: () => now });
    await cached.autocomplete('spring');
    now += 100;
    await cached.autocomplete('SPRING ');
    expect(calls.autocomplete).toBe(1);
    now += 1;
    await cached.autocomplete('spring');
    expect(calls.autocomplete).toBe(2);
  });

  it('keeps no more answers than its memory allows', async () => {
    // Each answer's JSON is about 1,000 characters, so it is reckoned at over 3,000 bytes.
    const calls = { autocomplete: 0 };
    const geocoder: Geocoder = {
      geocode: async () => ({ ok: false, reason: 'not_found' }),
      async autocomplete(input) {
        calls.autocomplete++;
        const description = input.padEnd(1_000, '.');
        return [{ id: input, description, mainText: input, secondaryText: '' }];
      },
    };
    const cached = withCache(geocoder, { maxBytes: 10_000, ttlMs: 1000 });
    for (const input of ['a', 'b', 'c', 'd']) await cached.autocomplete(input);
    expect(calls.autocomplete).toBe(4);
    await cached.autocomplete('d');
    await cached.autocomplete('c');
    expect(calls.autocomplete).toBe(4);
    await cached.autocomplete('a'); // pushed out by the later answers
    expect(calls.autocomplete).toBe(5);
  });

  it('evicts the least recently used entry', async () => {
    const { geocoder, calls } = counting();
    const cached = withCache(geocoder, { maxBytes: MB, max: 2, ttlMs: 1000 });
    await cached.autocomplete('a');
    await cached.autocomplete('b');
    await cached.autocomplete('a'); // a is now the most recent
    await cached.autocomplete('c'); // evicts b
    expect(calls.autocomplete).toBe(3);
    await cached.autocomplete('a');
    expect(calls.autocomplete).toBe(3);
    await cached.autocomplete('b');
    expect(calls.autocomplete).toBe(4);
  });

  it('never holds more than max entries and always answers as the geocoder would', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 40 }),
        async (max, inputs) => {
          const { geocoder, calls } = counting();
          const cached = withCache(geocoder, { maxBytes: MB, max, ttlMs: 1000 });
          const distinct = new Set<string>();
          for (const input of inputs) {
            distinct.add(input);
            expect((await cached.autocomplete(input))[0]?.id).toBe(input);
          }
          // Re-asking the last `max` distinct inputs costs nothing more.
          const recent = [...new Set([...inputs].reverse())].slice(0, max);
          const before = calls.autocomplete;
          for (const input of recent) await cached.autocomplete(input);
          expect(calls.autocomplete).toBe(before);
          expect(before).toBeGreaterThanOrEqual(distinct.size);
        },
      ),
    );
  });

  it('does not keep a rejection', async () => {
    let fail = true;
    const geocoder: Geocoder = {
      geocode: async () => ({ ok: false, reason: 'not_found' }),
      async autocomplete() {
        if (fail) throw new Error('down');
        return [];
      },
    };
    const cached = withCache(geocoder, { maxBytes: MB, max: 2, ttlMs: 1000 });
    await expect(cached.autocomplete('x')).rejects.toThrow('down');
    fail = false;
    expect(await cached.autocomplete('x')).toEqual([]);
  });
});
