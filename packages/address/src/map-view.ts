import type { LatLng } from './types.ts';

/** Roughly the middle of the contiguous US, shown when there are no coordinates (spec section 9). */
export const US_CENTER: LatLng = { lat: 39.8283, lng: -98.5795 };
export const COUNTRY_ZOOM = 4;
export const PROPERTY_ZOOM = 19;
export const MIN_FITTED_ZOOM = 4;
export const MAX_FITTED_ZOOM = 17;

export interface MapView {
  center: LatLng;
  zoom: number;
}

/** Where the 'Select Location of Property' map opens: on the point at zoom 19, else the whole US. */
export function initialMapView(point?: Partial<LatLng> | null): MapView {
  if (point?.lat == null || point.lng == null) return { center: US_CENTER, zoom: COUNTRY_ZOOM };
  return { center: { lat: point.lat, lng: point.lng }, zoom: PROPERTY_ZOOM };
}

/** A zoom a map computed to fit a viewport, kept between 4 and 17. */
export function clampFittedZoom(zoom: number): number {
  return Math.min(MAX_FITTED_ZOOM, Math.max(MIN_FITTED_ZOOM, zoom));
}
