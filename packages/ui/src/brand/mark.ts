import { tokens } from '../tokens.ts';

/**
 * The lantern mark: the one drawing every front end, favicon and sharing card uses (our own,
 * docs/brand.md). Shapes as data so the React logo and the SVG files the image script writes
 * (apps/web/scripts/brand-images.ts) cannot drift apart. A 32-unit grid, crisp at 16px.
 */
export const MARK_VIEWBOX = 32;

export type MarkShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; rx: number; fill: string }
  | { kind: 'path'; d: string; fill?: string; stroke?: string; strokeWidth?: number };

const { primary, accent, focusInverse: glow } = tokens.color;

/** Back to front: the navy tile, the ring, the roof, the lit glass, the flame, the base. */
export const MARK_SHAPES: readonly MarkShape[] = [
  { kind: 'rect', x: 0, y: 0, width: 32, height: 32, rx: 7, fill: primary },
  {
    kind: 'path',
    d: 'M16 4.4a1.6 1.6 0 1 1 0 3.2a1.6 1.6 0 1 1 0-3.2z',
    stroke: accent,
    strokeWidth: 1.5,
  },
  { kind: 'path', d: 'M13 8.75h6l3.5 3h-13z', fill: accent },
  { kind: 'rect', x: 11.5, y: 12.5, width: 9, height: 9.75, rx: 1, fill: glow },
  { kind: 'path', d: 'M16 14.1c1.9 2.1 2.3 3.8 0 6.75-2.3-2.95-1.9-4.65 0-6.75z', fill: primary },
  {
    kind: 'path',
    d: 'M10 23h12v1.25a1.25 1.25 0 0 1-1.25 1.25h-9.5A1.25 1.25 0 0 1 10 24.25z',
    fill: accent,
  },
];

function shapeSvg(shape: MarkShape): string {
  if (shape.kind === 'rect') {
    const { x, y, width, height, rx, fill } = shape;
    return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${rx}" fill="${fill}"/>`;
  }
  const paint = shape.stroke
    ? `fill="none" stroke="${shape.stroke}" stroke-width="${shape.strokeWidth}" stroke-linecap="round"`
    : `fill="${shape.fill}"`;
  return `<path d="${shape.d}" ${paint}/>`;
}

/** The mark's shapes as SVG markup, without the outer element (for composing larger images). */
export function markShapesSvg(): string {
  return MARK_SHAPES.map(shapeSvg).join('');
}

/**
 * The mark as a standalone SVG file (favicon.svg, the source of the PNG icons); titled with the
 * site's name when given, as a file opened on its own should be.
 */
export function markSvg(size = MARK_VIEWBOX, title?: string): string {
  const named = title ? `<title>${escapeText(title)}</title>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${MARK_VIEWBOX} ${MARK_VIEWBOX}">${named}${markShapesSvg()}</svg>\n`;
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
