import { describe, expect, it } from 'vitest';
import { indexForKey, swipeStep } from './listing-gallery.ts';

describe('the listing gallery', () => {
  it('moves with the arrow keys, wrapping at both ends, and jumps with Home and End', () => {
    expect(indexForKey('ArrowRight', 0, 3)).toBe(1);
    expect(indexForKey('ArrowRight', 2, 3)).toBe(0);
    expect(indexForKey('ArrowLeft', 0, 3)).toBe(2);
    expect(indexForKey('Home', 2, 3)).toBe(0);
    expect(indexForKey('End', 0, 3)).toBe(2);
    expect(indexForKey('Enter', 1, 3)).toBeNull();
  });

  it('reads a sideways swipe as a move and a tap or a scroll as none', () => {
    expect(swipeStep(-80, 10)).toBe(1);
    expect(swipeStep(80, -5)).toBe(-1);
    expect(swipeStep(20, 0)).toBe(0);
    expect(swipeStep(-60, 120)).toBe(0);
  });
});
