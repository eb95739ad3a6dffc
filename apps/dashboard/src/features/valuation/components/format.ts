import { formatListingDay } from '@lantern/contracts';

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const NUMBER = new Intl.NumberFormat('en-US');
const MILES = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const MONTH = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const LONG_MONTH = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Sale prices and estimates are whole dollars: '$412,000'. */
export const dollars = (n: number) => WHOLE_DOLLARS.format(n);

/** An adjustment with its sign: '+$12,400', '−$3,100', '$0'. */
export const signedDollars = (n: number) =>
  n > 0 ? `+${dollars(n)}` : n < 0 ? `−${dollars(-n)}` : dollars(0);

export const count = (n: number) => NUMBER.format(n);
export const miles = (n: number) => MILES.format(n);
/** A fraction as a percentage: 0.083 → '8.3%'. */
export const percent = (fraction: number) => PERCENT.format(fraction);

/** '2026-03-14' or an ISO timestamp's day → 'March 14, 2026'. */
export function day(value: string): string {
  const m = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return m ? formatListingDay(m[0]) : value;
}

const SHORT_DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-03-14' → 'Mar 14, 2026' (table cells, where width counts). */
export function shortDay(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m
    ? SHORT_DAY.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))))
    : value;
}

/** When something happened, on the reader's own calendar: 'Nov 29, 2026'. */
export function madeOn(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

function monthDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})/.exec(value);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) : null;
}

/** '2026-03' → 'Mar 2026' (chart labels). */
export function shortMonth(value: string): string {
  const d = monthDate(value);
  return d ? MONTH.format(d) : value;
}

/** '2026-03' → 'March 2026' (table rows, summaries). */
export function longMonth(value: string): string {
  const d = monthDate(value);
  return d ? LONG_MONTH.format(d) : value;
}

/** A fact or figure that may be missing. */
export const orNone = <T>(value: T | null, show: (v: T) => string, none: string) =>
  value === null ? none : show(value);
