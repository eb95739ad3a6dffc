/**
 * Wall-clock times in a property's time zone (issue 22, open houses): the owner types a day and
 * two times as the home's clocks show them; we store instants and show them back in that zone,
 * daylight saving time included. Pure, on the runtime's Intl time-zone data (contracts'
 * zoned-time does the conversions).
 */
import { localDateTime, zonedInstant as zonedInstantOf } from '@lantern/domain';

// Moved to the domain package so the public listing page formats them the same way.
export { openHouseLabel } from '@lantern/domain';

/** The day (YYYY-MM-DD) and time (HH:MM) an instant shows on the zone's clocks. */
export const localParts = localDateTime;

/**
 * The instant when the zone's clocks show `date` (YYYY-MM-DD) at `time` (HH:MM). When the clocks
 * go back and the time comes twice, the first; when they go forward and it never comes, null.
 */
export const zonedInstant = (date: string, time: string, timeZone: string): Date | null =>
  zonedInstantOf({ date, time }, timeZone);

/** The zone in words: "Central Time", "Mountain Standard Time" (Arizona). */
export function timeZoneWords(timeZone: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
