import { localDateTime, SHOWING_MAX_DAYS_AHEAD } from '@lantern/domain';

/**
 * The days a showing can be asked for (the date field's min and max): today to
 * SHOWING_MAX_DAYS_AHEAD days on, as the home's clocks show them.
 */
export function showingDays(now: Date, timeZone: string): { min: string; max: string } {
  const ahead = new Date(now.getTime() + SHOWING_MAX_DAYS_AHEAD * 86_400_000);
  return { min: localDateTime(now, timeZone).date, max: localDateTime(ahead, timeZone).date };
}
