/**
 * What a text box's value means as a number, for react-hook-form's `setValueAs`: people type
 * "$350,000" as readily as "350000". An empty box is no value (undefined), so the schema says
 * what is missing; words come through as NaN, so the schema says the number is wrong.
 */
export const typedNumber = (v: unknown): number | undefined => {
  if (v === '' || v === null || v === undefined) return undefined;
  return Number(String(v).replace(/[$,\s]/g, ''));
};

/** "$1,250.50", "1250.5" and "1250" in dollars, as integer cents; more than two decimals is NaN. */
export const dollarsToCents = (v: unknown): number | undefined => {
  const text = String(v ?? '').replace(/[$,\s]/g, '');
  if (!text) return undefined;
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;
};

/** An empty box or choice is no value. */
export const blankAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
