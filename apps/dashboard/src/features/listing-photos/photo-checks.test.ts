import { PHOTO_TEXTS } from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import { chosenOrder, photoRefusal, planUploads, runLimited } from './photo-checks.ts';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = MB) => ({ name, type, size });

describe('photo checks', () => {
  it('accepts JPEG, PNG and HEIC (also when the browser gives HEIC no type)', () => {
    expect(photoRefusal(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(photoRefusal(file('a.png', 'image/png'))).toBeNull();
    expect(photoRefusal(file('a.heic', 'image/heic'))).toBeNull();
    expect(photoRefusal(file('IMG_1.HEIC', ''))).toBeNull();
  });

  it('refuses other types and files over 15 MB in words', () => {
    expect(photoRefusal(file('a.gif', 'image/gif'))).toBe(PHOTO_TEXTS.wrongType);
    expect(photoRefusal(file('a.pdf', 'application/pdf'))).toBe(PHOTO_TEXTS.wrongType);
    expect(photoRefusal(file('a.jpg', 'image/jpeg', 15 * MB))).toBeNull();
    expect(photoRefusal(file('a.jpg', 'image/jpeg', 15 * MB + 1))).toBe(PHOTO_TEXTS.tooLarge);
  });

  it('refuses what would pass 50 photos, counting those already there', () => {
    const plan = planUploads(
      [
        file('1.jpg', 'image/jpeg'),
        file('x.gif', 'image/gif'),
        file('2.jpg', 'image/jpeg'),
        file('3.jpg', 'image/jpeg'),
      ],
      48,
    );
    expect(plan.map((p) => p.refusal)).toEqual([
      null,
      PHOTO_TEXTS.wrongType,
      null,
      PHOTO_TEXTS.tooMany,
    ]);
  });

  it('runs at most three at once and finishes every one, failures included', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await runLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5 * (n % 3)));
      running -= 1;
      done.push(n);
      if (n === 2) throw new Error('refused');
    });
    expect(peak).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('chosenOrder', () => {
  it('puts a batch back in the order its files were chosen, leaving other photos in place', () => {
    // a and b were there; the batch x, y, z finished as z, x, y.
    expect(chosenOrder(['a', 'z', 'b', 'x', 'y'], ['x', 'y', 'z'])).toEqual([
      'a',
      'x',
      'b',
      'y',
      'z',
    ]);
  });

  it('says nothing moves when the batch is already in order, and skips photos since deleted', () => {
    expect(chosenOrder(['a', 'x', 'y'], ['x', 'y'])).toBeNull();
    expect(chosenOrder(['y', 'x'], ['x', 'gone', 'y'])).toEqual(['x', 'y']);
  });
});
