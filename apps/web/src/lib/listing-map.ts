/**
 * The maps of the listing pages (components/listing/listing-map.astro on a listing's page,
 * components/listings/listing-map.astro on the lists write `[data-listing-map]` with its points
 * as JSON and the tiles as attributes). Leaflet (~40 KB
 * gzipped) is imported only when a map scrolls into view, so a page whose map is never seen
 * never loads it.
 */

import { formatListingsArea, parseListingsArea } from '@lantern/contracts/listings-area';
import type { Map as LeafletMap } from 'leaflet';

interface MapPoint {
  lat: number;
  lng: number;
  title: string;
  detail?: string;
  url?: string;
}

const MARKER_SVG =
  '<svg viewBox="0 0 32 42" width="28" height="37" aria-hidden="true" focusable="false"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#b91c1c" stroke="#ffffff" stroke-width="2"/><circle cx="16" cy="15.5" r="5.5" fill="#ffffff"/></svg>';

function readPoints(element: HTMLElement): MapPoint[] {
  const json = element.querySelector('script[data-map-points]')?.textContent ?? '[]';
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed)
      ? parsed.filter(
          (p): p is MapPoint =>
            typeof p?.lat === 'number' &&
            typeof p?.lng === 'number' &&
            typeof p?.title === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** The popup's content, built as elements (never HTML strings): title, detail, link. */
function popupContent(point: MapPoint): HTMLElement {
  const box = document.createElement('div');
  const title = document.createElement(point.url ? 'a' : 'strong');
  title.textContent = point.title;
  if (point.url && title instanceof HTMLAnchorElement) title.href = point.url;
  box.append(title);
  if (point.detail) {
    const detail = document.createElement('p');
    detail.textContent = point.detail;
    box.append(detail);
  }
  return box;
}

/** The map area a list searched (`west,south,east,north`), as Leaflet's corners. */
function readArea(element: HTMLElement): [[number, number], [number, number]] | null {
  const area = parseListingsArea(element.dataset.area ?? '');
  if (typeof area === 'string') return null;
  return [
    [area.south, area.west],
    [area.north, area.east],
  ];
}

/**
 * "Search this area" (issue 47): once the visitor moves or zooms the map, its button lists the
 * homes inside the map's edges, keeping every other filter, from the first page. A plain page
 * load, so the address is shareable and the back button returns to the search before.
 */
function offerAreaSearch(element: HTMLElement, map: LeafletMap): void {
  const button = element.parentElement?.querySelector<HTMLButtonElement>('[data-map-search]');
  if (!button) return;
  // Only the visitor's moves: the view set on opening has already settled.
  requestAnimationFrame(() => {
    map.on('moveend', () => {
      button.hidden = false;
    });
  });
  button.addEventListener('click', () => {
    const b = map.getBounds();
    const url = new URL(window.location.href);
    url.searchParams.set(
      'area',
      formatListingsArea({
        west: b.getWest(),
        south: b.getSouth(),
        east: b.getEast(),
        north: b.getNorth(),
      }),
    );
    url.searchParams.delete('page');
    window.location.assign(url.toString());
  });
}

async function draw(element: HTMLElement): Promise<void> {
  const points = readPoints(element);
  const area = readArea(element);
  if (!points.length && !area) return;
  const [{ default: L }] = await Promise.all([
    import('leaflet'),
    import('leaflet/dist/leaflet.css'),
  ]);
  const tileUrl = element.dataset.tileUrl;
  const map = L.map(element, {
    scrollWheelZoom: false,
    attributionControl: Boolean(tileUrl),
  });
  if (tileUrl) {
    L.tileLayer(tileUrl, {
      attribution: element.dataset.tileAttribution ?? '',
      maxZoom: 19,
    }).addTo(map);
  } else {
    element.classList.add('listing-map__canvas--plain');
  }
  const icon = L.divIcon({
    className: 'listing-map__marker',
    html: MARKER_SVG,
    iconSize: [28, 37],
    iconAnchor: [14, 36],
    popupAnchor: [0, -32],
  });
  const markers = points.map((p) =>
    L.marker([p.lat, p.lng], { icon, title: p.title, alt: p.title, keyboard: true })
      .bindPopup(popupContent(p))
      .addTo(map),
  );
  if (area) {
    // The area searched, as the visitor left it: the view a search of it came from.
    map.fitBounds(area);
  } else if (points.length === 1) {
    map.setView([points[0]?.lat ?? 0, points[0]?.lng ?? 0], 15);
  } else {
    // A list's map is taller than what shows of it on opening (it stays in view as the list
    // scrolls): the markers fit the part on screen.
    const below = Math.max(0, element.getBoundingClientRect().bottom - window.innerHeight);
    map.fitBounds(L.latLngBounds(markers.map((m) => m.getLatLng())), {
      // Clear of the zoom buttons in the top left corner.
      paddingTopLeft: [56, 40],
      paddingBottomRight: [24, 24 + Math.min(below, element.clientHeight / 2)],
      maxZoom: 15,
    });
  }
  // Each marker is a button for screen readers: its name is the listing's address.
  for (const [i, m] of markers.entries()) {
    const el = m.getElement();
    if (!el) continue;
    el.setAttribute('role', 'button');
    el.setAttribute('aria-label', points[i]?.title ?? '');
  }
  if (element.dataset.searchable) offerAreaSearch(element, map);
  element.dataset.ready = 'true';
}

/** Draw every listing map on the page once it is (nearly) on screen. */
export function initListingMaps(): void {
  const maps = [...document.querySelectorAll<HTMLElement>('[data-listing-map]')];
  if (!maps.length) return;
  if (!('IntersectionObserver' in window)) {
    for (const m of maps) void draw(m);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        void draw(entry.target as HTMLElement);
      }
    },
    { rootMargin: '200px' },
  );
  for (const m of maps) observer.observe(m);
}
