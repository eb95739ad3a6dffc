import 'leaflet/dist/leaflet.css';
import { clampFittedZoom, initialMapView, type LatLng, type Viewport } from '@lantern/address';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { moveByPixels, nudgeFor } from './nudge.ts';

export interface MapTiles {
  /** A {z}/{x}/{y} tile URL template; null for a plain background (no network needed). */
  url: string | null;
  attribution: string;
  maxZoom: number;
}

export interface PinMapProps {
  /** The geocoded point: the map opens on it at zoom 19, else on the whole US at zoom 4. */
  point: LatLng | null;
  /** A viewport to fit instead, its zoom kept within 4 to 17. */
  viewport?: Viewport | null;
  tiles: MapTiles;
  /** Called with the pin's position when the map opens and after every move. */
  onChange: (pin: LatLng) => void;
  /** Accessible name of the pin. */
  pinLabel?: string;
}

// An inline SVG pin: no image files to resolve, so it works in any bundle and offline.
const PIN_ICON = L.divIcon({
  className: 'ln-pin',
  html: '<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true" focusable="false"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#b91c1c" stroke="#ffffff" stroke-width="2"/><circle cx="16" cy="15.5" r="5.5" fill="#ffffff"/></svg>',
  iconSize: [32, 42],
  iconAnchor: [16, 41],
});

function describe(pin: LatLng): string {
  const lat = `${Math.abs(pin.lat).toFixed(5)}° ${pin.lat >= 0 ? 'N' : 'S'}`;
  const lng = `${Math.abs(pin.lng).toFixed(5)}° ${pin.lng >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${lng}`;
}

/** Fits a viewport (zoom clamped to 4..17) and fixes the size once the dialog has laid out. */
function FitView({ viewport, center }: { viewport: Viewport | null; center: LatLng }) {
  const map = useMap();
  useEffect(() => {
    if (viewport) {
      const bounds = L.latLngBounds(
        [viewport.southwest.lat, viewport.southwest.lng],
        [viewport.northeast.lat, viewport.northeast.lng],
      );
      map.setView(center, clampFittedZoom(map.getBoundsZoom(bounds)), { animate: false });
    }
    const timer = setTimeout(() => map.invalidateSize(), 0);
    return () => clearTimeout(timer);
  }, [map, viewport, center]);
  return null;
}

/** The draggable pin; with focus, the arrow keys move it (Shift for bigger steps). */
function Pin({
  position,
  label,
  onMove,
}: {
  position: LatLng;
  label: string;
  onMove: (p: LatLng) => void;
}) {
  const map = useMap();
  const marker = useRef<L.Marker>(null);
  const moveRef = useRef(onMove);
  moveRef.current = onMove;

  useEffect(() => {
    const element = marker.current?.getElement();
    if (!element) return;
    element.setAttribute('aria-label', label);
    const onKey = (event: KeyboardEvent) => {
      const step = nudgeFor(event.key, event.shiftKey);
      if (!step || !marker.current) return;
      event.preventDefault();
      event.stopPropagation(); // the map would pan instead
      const next = moveByPixels(map, marker.current.getLatLng(), step);
      marker.current.setLatLng(next);
      map.panInside(next, { animate: false });
      moveRef.current(next);
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [map, label]);

  const handlers = useMemo(
    () => ({
      dragend: () => {
        const at = marker.current?.getLatLng();
        if (at) moveRef.current({ lat: at.lat, lng: at.lng });
      },
    }),
    [],
  );
  return (
    <Marker
      ref={marker}
      position={position}
      icon={PIN_ICON}
      draggable
      keyboard
      autoPan
      eventHandlers={handlers}
    />
  );
}

/**
 * The 'Select Location of Property' map (Leaflet). With no tiles configured or reachable it
 * shows a plain background, and the pin still moves by dragging or with the keyboard, so the
 * step works offline. Loaded lazily by the dialog.
 */
export default function PinMap({
  point,
  viewport = null,
  tiles,
  onChange,
  pinLabel = 'Property location pin. Use the arrow keys to move it.',
}: PinMapProps) {
  // Keyed on the numbers, not the objects: a parent re-rendering with an equal point must not
  // send the pin back to where it started.
  const viewportKey = viewport ? JSON.stringify(viewport) : '';
  const start = useMemo(() => {
    const view = initialMapView(point);
    if (point || !viewport) return view;
    const { northeast: ne, southwest: sw } = viewport;
    return { center: { lat: (ne.lat + sw.lat) / 2, lng: (ne.lng + sw.lng) / 2 }, zoom: view.zoom };
  }, [point?.lat, point?.lng, viewportKey]);
  const [pin, setPin] = useState<LatLng>(start.center);
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => report.current(start.center), [start]);

  const move = (next: LatLng) => {
    const at = { lat: next.lat, lng: next.lng };
    setPin(at);
    report.current(at);
  };

  return (
    <div className="ln-pin-map-wrap">
      <MapContainer
        center={[start.center.lat, start.center.lng]}
        zoom={start.zoom}
        maxZoom={tiles.maxZoom}
        className={tiles.url ? 'ln-pin-map' : 'ln-pin-map ln-pin-map--plain'}
        attributionControl={Boolean(tiles.url)}
        keyboard
      >
        {tiles.url ? (
          <TileLayer url={tiles.url} attribution={tiles.attribution} maxZoom={tiles.maxZoom} />
        ) : null}
        <FitView viewport={viewport} center={start.center} />
        <Pin position={start.center} label={pinLabel} onMove={move} />
      </MapContainer>
      <p className="ln-pin-map__status" aria-live="polite" data-lat={pin.lat} data-lng={pin.lng}>
        Pin at {describe(pin)}
      </p>
      <p className="ln-field__hint">
        Drag the pin, or tab to it and move it with the arrow keys (hold Shift for bigger steps).
      </p>
    </div>
  );
}
