/** 625 → "6.25". */
export const percentText = (bps: number) =>
  `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;

/** "6.25", "6.25%", "7" → basis points; anything else (or over 100%) → null. No floating point. */
export function parsePercent(text: string): number | null {
  const m = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
  return bps <= 10_000 ? bps : null;
}
