import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampFittedZoom, initialMapView, US_CENTER } from './map-view.ts';

describe('initialMapView', () => {
  it.each([undefined, null, {}, { lat: 39.8 }, { lng: -89.6 }])(
    'shows the whole US at zoom 4 without coordinates (%j)',
    (point) => {
      expect(initialMapView(point)).toEqual({ center: US_CENTER, zoom: 4 });
    },
  );

  it('opens on the point at zoom 19', () => {
    expect(initialMapView({ lat: 39.8, lng: -89.65 })).toEqual({
      center: { lat: 39.8, lng: -89.65 },
      zoom: 19,
    });
    expect(initialMapView({ lat: 0, lng: 0 }).zoom).toBe(19);
  });
});

describe('clampFittedZoom', () => {
  it.each([
    [1, 4],
    [4, 4],
    [12.5, 12.5],
    [17, 17],
    [21, 17],
  ])('%d -> %d', (zoom, clamped) => {
    expect(clampFittedZoom(zoom)).toBe(clamped);
  });

  it('stays between 4 and 17', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -100, max: 100 }), (zoom) => {
        const clamped = clampFittedZoom(zoom);
        expect(clamped).toBeGreaterThanOrEqual(4);
        expect(clamped).toBeLessThanOrEqual(17);
      }),
    );
  });
});
