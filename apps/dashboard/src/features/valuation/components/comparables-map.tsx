import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';

export interface MapPoint {
  lat: number;
  lng: number;
  /** The marker's accessible name and the popup's first line. */
  title: string;
  /** The popup's second line. */
  detail?: string;
}

export interface ComparablesMapProps {
  home: MapPoint;
  /** Numbered 1, 2, … as the rows of the table beside the map. */
  comparables: readonly MapPoint[];
  tiles: { url: string | null; attribution: string };
  /** The map's accessible name. */
  label: string;
}

const HOME_SVG =
  '<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true" focusable="false"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#b91c1c" stroke="#ffffff" stroke-width="2"/><path d="M16 8.5 8.5 15h2.3v7h3.9v-4.6h2.6V22h3.9v-7h2.3z" fill="#ffffff"/></svg>';

const HOME_ICON = L.divIcon({
  className: 'vl-map__home',
  html: HOME_SVG,
  iconSize: [32, 42],
  iconAnchor: [16, 41],
  popupAnchor: [0, -36],
});

/** A numbered disc; the number is text, so it scales and reads in high-contrast modes. */
const numberIcon = (n: number) => {
  const html = document.createElement('span');
  html.textContent = String(n);
  html.setAttribute('aria-hidden', 'true');
  return L.divIcon({
    className: 'vl-map__comp',
    html,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    popupAnchor: [0, -14],
  });
};

/** The popup's content, built as elements (never HTML strings). */
function popup(point: MapPoint): HTMLElement {
  const box = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = point.title;
  box.append(title);
  if (point.detail) {
    const detail = document.createElement('p');
    detail.textContent = point.detail;
    box.append(detail);
  }
  return box;
}

/**
 * The home and its comparables on a Leaflet map. Loaded on its own (React.lazy) when a report
 * with comparables is shown, so the page's own chunk never carries Leaflet. Without tiles the
 * map is a plain background and the points are still drawn; every figure is in the table too.
 */
export default function ComparablesMap({ home, comparables, tiles, label }: ComparablesMapProps) {
  const element = useRef<HTMLElement>(null);
  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const map = L.map(container, {
      scrollWheelZoom: false,
      // Quarter steps, so the points fill the map rather than a whole zoom level less.
      zoomSnap: 0.25,
      attributionControl: Boolean(tiles.url),
    });
    if (tiles.url) {
      L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    }
    const markers = [
      L.marker([home.lat, home.lng], {
        icon: HOME_ICON,
        title: home.title,
        alt: home.title,
        keyboard: true,
        zIndexOffset: 1000,
      }),
      ...comparables.map((p, i) =>
        L.marker([p.lat, p.lng], {
          icon: numberIcon(i + 1),
          title: p.title,
          alt: p.title,
          keyboard: true,
        }),
      ),
    ];
    const points = [home, ...comparables];
    for (const [i, marker] of markers.entries()) {
      const point = points[i];
      if (!point) continue;
      marker.bindPopup(popup(point)).addTo(map);
      // Each marker is a button for screen readers, named by its place.
      const el = marker.getElement();
      el?.setAttribute('role', 'button');
      el?.setAttribute('aria-label', point.title);
    }
    const fit = () => {
      if (points.length === 1) map.setView([home.lat, home.lng], 15);
      else {
        map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])), {
          padding: [32, 32],
          maxZoom: 16,
        });
      }
    };
    fit();
    // The map may be laid out after this effect (a grid settling): measure and fit again once.
    const timer = setTimeout(() => {
      map.invalidateSize();
      fit();
    }, 0);
    return () => {
      clearTimeout(timer);
      map.remove();
    };
  }, [home, comparables, tiles.url, tiles.attribution]);
  return (
    // Leaflet makes the map focusable (the arrow keys pan it), so it is a named region.
    <section
      ref={element}
      className={tiles.url ? 'vl-map__canvas' : 'vl-map__canvas vl-map__canvas--plain'}
      aria-label={label}
    />
  );
}
