import { centsText } from './dollars.ts';

/** 625 → "6.25": basis points are hundredths of a percent, as cents are of a dollar. */
export const percentText = (bps: number) => centsText(bps);

/** "6.25", "6.25%", "7" → basis points; anything else (or over 100%) → null. No floating point. */
export function parsePercent(text: string): number | null {
  const m = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
  return bps <= 10_000 ? bps : null;
}
