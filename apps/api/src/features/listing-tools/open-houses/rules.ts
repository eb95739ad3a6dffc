import { OPEN_HOUSE_LIMITS as LIMITS, OPEN_HOUSE_TEXTS as T } from '@lantern/contracts';
import { daysBetween } from '@lantern/domain';
import { localParts, openHouseLabel, zonedInstant } from './times.ts';

/** Another open house of the same listing that still counts: scheduled, not ended. */
export interface ActiveOpenHouse {
  hash: string;
  startsAt: Date;
  endsAt: Date;
}

export interface OpenHouseTimes {
  date: string;
  startTime: string;
  endTime: string;
}

export type OpenHouseVerdict =
  | { ok: true; startsAt: Date; endsAt: Date }
  | {
      ok: false;
      status: 409 | 422;
      message: string;
      errors?: Record<string, string[]>;
    };

const field = (name: keyof OpenHouseTimes, message: string): OpenHouseVerdict => ({
  ok: false,
  status: 422,
  message,
  errors: { [name]: [message] },
});

/**
 * The rules for an open house, in the home's zone (docs/decisions/045-open-house-kit.md): on one
 * day, today or within the next 180 days; ending after it starts; at least 30 minutes and at most
 * 8 hours; not begun yet; not overlapping another of the listing's; and, when adding, at most 10
 * planned at once. `others` are the listing's other open houses that have not ended (the one
 * being changed left out). Each refusal names the field to correct, in words.
 */
export function checkOpenHouse(
  times: OpenHouseTimes,
  context: { timeZone: string; now: Date; others: readonly ActiveOpenHouse[]; adding: boolean },
): OpenHouseVerdict {
  const { timeZone, now, others } = context;
  if (context.adding && others.length >= LIMITS.maxUpcoming) {
    return { ok: false, status: 409, message: T.tooMany };
  }
  const ahead = daysBetween(localParts(now, timeZone).date, times.date);
  if (ahead < 0) return field('date', T.dayPassed);
  if (ahead > LIMITS.maxDaysAhead) return field('date', T.tooFarAhead);
  if (times.endTime <= times.startTime) return field('endTime', T.endBeforeStart);
  const startsAt = zonedInstant(times.date, times.startTime, timeZone);
  if (!startsAt) return field('startTime', T.noSuchTime);
  const endsAt = zonedInstant(times.date, times.endTime, timeZone);
  if (!endsAt) return field('endTime', T.noSuchTime);
  const minutes = (endsAt.getTime() - startsAt.getTime()) / 60_000;
  if (minutes <= 0) return field('endTime', T.endBeforeStart);
  if (minutes < LIMITS.minMinutes) return field('endTime', T.tooShort);
  if (minutes > LIMITS.maxHours * 60) return field('endTime', T.tooLong);
  if (startsAt.getTime() <= now.getTime()) return field('startTime', T.timePassed);
  const clash = [...others]
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .find((o) => o.startsAt < endsAt && startsAt < o.endsAt);
  if (clash) {
    return field('startTime', T.overlaps(openHouseLabel(clash.startsAt, clash.endsAt, timeZone)));
  }
  return { ok: true, startsAt, endsAt };
}
