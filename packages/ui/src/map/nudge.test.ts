import { describe, expect, it } from 'vitest';
import { moveByPixels, nudgeFor } from './nudge.ts';

describe('nudgeFor', () => {
  it('moves 10 px per arrow key, 50 px with Shift, and ignores other keys', () => {
    expect(nudgeFor('ArrowUp')).toEqual({ x: 0, y: -10 });
    expect(nudgeFor('ArrowDown')).toEqual({ x: 0, y: 10 });
    expect(nudgeFor('ArrowLeft', true)).toEqual({ x: -50, y: 0 });
    expect(nudgeFor('ArrowRight')).toEqual({ x: 10, y: 0 });
    expect(nudgeFor('Enter')).toBeUndefined();
  });
});

describe('moveByPixels', () => {
  it('converts through the map projection', () => {
    // A toy projection: 1 px = 0.01 degrees, y grows southwards.
    const map = {
      latLngToContainerPoint: (p: { lat: number; lng: number }) => ({
        x: p.lng * 100,
        y: -p.lat * 100,
      }),
      containerPointToLatLng: ([x, y]: [number, number]) => ({ lat: -y / 100, lng: x / 100 }),
    };
    const moved = moveByPixels(map, { lat: 40, lng: -90 }, { x: 0, y: -10 });
    expect(moved.lat).toBeCloseTo(40.1);
    expect(moved.lng).toBeCloseTo(-90);
  });
});
