import type { LatLng } from '@lantern/address';

/** A pin move in screen pixels. */
export interface PixelStep {
  x: number;
  y: number;
}

const SMALL = 10;
const LARGE = 50;

/** The pixel step for an arrow key (Shift for a larger one), or undefined for any other key. */
export function nudgeFor(key: string, large = false): PixelStep | undefined {
  const d = large ? LARGE : SMALL;
  switch (key) {
    case 'ArrowUp':
      return { x: 0, y: -d };
    case 'ArrowDown':
      return { x: 0, y: d };
    case 'ArrowLeft':
      return { x: -d, y: 0 };
    case 'ArrowRight':
      return { x: d, y: 0 };
    default:
      return undefined;
  }
}

/** The part of a Leaflet map that converts between positions and screen points. */
export interface Projection {
  latLngToContainerPoint(at: LatLng): { x: number; y: number };
  containerPointToLatLng(point: [number, number]): LatLng;
}

/** Where a position lands after moving it by a pixel step at the map's current zoom. */
export function moveByPixels(map: Projection, from: LatLng, step: PixelStep): LatLng {
  const at = map.latLngToContainerPoint(from);
  const to = map.containerPointToLatLng([at.x + step.x, at.y + step.y]);
  return { lat: to.lat, lng: to.lng };
}
