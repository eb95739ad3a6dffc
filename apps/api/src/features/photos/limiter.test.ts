import { describe, expect, it } from 'vitest';
import { limiter } from './limiter.ts';

describe('limiter', () => {
  it('runs at most n tasks at once, all of them in the end, and passes failures on', async () => {
    const limit = limiter(2);
    let running = 0;
    let most = 0;
    const task = (i: number) =>
      limit(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5 + (i % 3)));
        running--;
        if (i === 3) throw new Error('task 3 failed');
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 9 }, (_, i) => task(i)));
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(8);
    expect(results[3]).toMatchObject({ status: 'rejected', reason: new Error('task 3 failed') });
    // A failure frees its place: the limiter still runs work afterwards.
    expect(await task(10)).toBe(10);
  });
});
