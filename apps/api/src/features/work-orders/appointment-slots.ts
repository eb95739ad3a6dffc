import {
  PHOTO_APPOINTMENT_TEXTS as P,
  PHOTO_BOOKING_DAYS,
  type TBookPhotoRequest,
  type TPhotoSlot,
} from '@lantern/contracts';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { Opened } from './appointment-types.ts';
import type {
  PhotoAppointmentRepository,
  PhotographerRow,
} from './photo-appointments.repository.ts';
import { freeSlots } from './slots.ts';

type Visit = NonNullable<Awaited<ReturnType<PhotoAppointmentRepository['visitOf']>>>;
type VisitWorkOrder = NonNullable<Visit['workOrder']>;

export const nameOf = (p: { name: string | null; email: string }) => p.name?.trim() || p.email;

/** The photographers' free slots, and the check of the one a customer chose. */
export function appointmentSlots(repo: PhotoAppointmentRepository, now: () => Date) {
  /** Free slots of these photographers for a property in `zone`, soonest first. */
  async function slotsFor(
    people: PhotographerRow[],
    zone: string,
    taken = true,
  ): Promise<TPhotoSlot[]> {
    const at = now();
    const until = new Date(at.getTime() + (PHOTO_BOOKING_DAYS + 7) * 86_400_000);
    const busy = taken
      ? await repo.busy(
          people.map((p) => p.id),
          at,
          until,
        )
      : [];
    const slots = people.flatMap((p) =>
      freeSlots({
        hours: p.weeklyHours,
        daysOff: p.daysOff,
        busy: busy.filter((b) => b.assigneeId === p.id),
        now: at,
        timeZone: zone,
        days: PHOTO_BOOKING_DAYS,
      }).map((s) => ({
        photographer: { hash: p.hash, name: nameOf(p) },
        startsAt: s.startsAt.toISOString(),
        endsAt: s.endsAt.toISOString(),
      })),
    );
    return slots
      .sort(
        (a, b) =>
          a.startsAt.localeCompare(b.startsAt) ||
          a.photographer.name.localeCompare(b.photographer.name),
      )
      .slice(0, 300);
  }

  /**
   * Whose hours are offered: the visit's assignee when it has one who keeps hours (staff gave it
   * to them, or the customer booked them), else every photographer who goes to the state.
   */
  async function photographersFor(state: string, wo: VisitWorkOrder | null) {
    if (wo?.assigneeId) {
      const p = await repo.photographer(wo.assigneeId);
      return p ? [p] : [];
    }
    return repo.photographersIn(state);
  }

  /** The chosen slot, if it is one of those offered now; else a refusal in words. */
  async function chosenSlot(
    opened: Opened,
    wo: VisitWorkOrder | null,
    body: TBookPhotoRequest,
  ): Promise<Outcome<{ photographer: PhotographerRow; slot: TPhotoSlot }>> {
    const zone = timeZoneOfState(opened.property.state);
    const people = await photographersFor(opened.property.state, wo);
    const photographer = people.find((p) => p.hash === body.photographer);
    const startsAt = new Date(body.startsAt).toISOString();
    const slot = photographer
      ? (await slotsFor([photographer], zone)).find((s) => s.startsAt === startsAt)
      : undefined;
    if (photographer && !slot) {
      // One of the photographer's times, booked by someone else meanwhile.
      const any = (await slotsFor([photographer], zone, false)).some(
        (s) => s.startsAt === startsAt,
      );
      if (any) return refuse(409, P.slotGone);
    }
    if (!photographer || !slot) return refuse(422, P.slot, { startsAt: [P.slot] });
    return ok({ photographer, slot });
  }

  return { slotsFor, photographersFor, chosenSlot };
}
