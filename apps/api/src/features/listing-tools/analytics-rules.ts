import { createHmac } from 'node:crypto';
import { addDays } from '@lantern/domain';
import { isbot } from 'isbot';
import { dayIn } from '../staff/reports/days.ts';

/**
 * The pure rules of listing analytics (issue 22; docs/decisions/042-listing-analytics.md).
 */

/**
 * A request that is not a person's browser: isbot's maintained list of crawler, preview and
 * monitoring user agents (and headless browsers), or no user agent at all.
 */
export function isBotAgent(userAgent: string | undefined): boolean {
  const ua = userAgent?.trim() ?? '';
  return ua === '' || isbot(ua);
}

/**
 * The visitor of a day: HMAC-SHA256 under the day's random salt of the listing, the IP address
 * and the user agent. The listing is in it so one person's hashes on two listings differ; once
 * the salt is deleted, nobody (we included) can tell which address a hash came from.
 */
export function visitorHash(salt: string, listingId: number, ip: string, userAgent: string) {
  return createHmac('sha256', salt).update(`${listingId}\n${ip}\n${userAgent}`).digest('base64url');
}

/** 0 Monday … 6 Sunday, of a calendar day `YYYY-MM-DD`. */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The hour (0–23) of `now` on the clock of `zone`. */
export function hourIn(zone: string, now: Date): number {
  const hour = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: 'numeric',
    hourCycle: 'h23',
  }).format(now);
  return Number(hour);
}

/** Summaries go out from this hour on Monday, the listing's local time. */
export const SUMMARY_HOUR = 6;

/**
 * The week (Monday to Sunday) a summary made at `now` in `zone` covers: the last whole week, once
 * it is Monday SUMMARY_HOUR:00 there; before that on a Monday, the week before it (so a run just
 * after midnight on Monday does not send yet — the week already sent is then skipped).
 */
export function summaryWeek(zone: string, now: Date): { from: string; to: string } {
  const today = dayIn(zone, now);
  const monday = addDays(today, -weekdayOf(today));
  const early = today === monday && hourIn(zone, now) < SUMMARY_HOUR;
  const from = addDays(monday, early ? -14 : -7);
  return { from, to: addDays(from, 6) };
}

const DAY_WORDS = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const DAY_YEAR_WORDS = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "June 1 to June 7, 2026" (each year named when the week spans two). */
export function weekWords(from: string, to: string): string {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  const first =
    a.getUTCFullYear() === b.getUTCFullYear() ? DAY_WORDS.format(a) : DAY_YEAR_WORDS.format(a);
  return `${first} to ${DAY_YEAR_WORDS.format(b)}`;
}
