import {
  dayInZone,
  formatAppointment,
  formatListingDay,
  MESSAGES,
  PHOTO_APPOINTMENT_TEXTS as P,
  PHOTO_CHANGE_HOURS,
  photoWindowMinutes,
  photoWindowTimes,
  type TBookPhotoRequest,
  type TPhotoAppointmentView,
  type TPhotographerAvailability,
  type TPhotographerHours,
  type TPhotoSlot,
} from '@lantern/contracts';
import type { WorkOrder } from '@lantern/db';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import { announceAppointment } from './appointment-announce.ts';
import { appointmentSlots, nameOf } from './appointment-slots.ts';
import type { Opened, PhotoAppointmentDeps } from './appointment-types.ts';
import type {
  PhotoAppointmentRepository,
  PhotographerRow,
  Refusal,
  Reservation,
} from './photo-appointments.repository.ts';
import { canChange, changeDeadline } from './slots.ts';

// Moved to appointment-types.ts so the appointment-* modules need not import this file.
export type { Opened, PhotoAppointmentDeps } from './appointment-types.ts';

type Visit = NonNullable<Awaited<ReturnType<PhotoAppointmentRepository['visitOf']>>>;
type VisitWorkOrder = NonNullable<Visit['workOrder']>;

/** A booked visit: scheduled (or under way) at a time the customer chose. */
const booked = (wo: VisitWorkOrder | null): wo is VisitWorkOrder & { appointmentStartsAt: Date } =>
  !!wo?.appointmentStartsAt && (wo.state === 'scheduled' || wo.state === 'en_route');

/** Why a new booking cannot be made for this visit now, or null. */
function bookingRefusal(visit: Visit | undefined): string | null {
  if (!visit) return P.noOrder;
  const { order, workOrder: wo } = visit;
  if (order.status === 'quote_requested') return P.quoteWaiting;
  if (order.status === 'pending_payment') return P.unpaid;
  if (!wo) return order.status === 'completed' ? P.done : null;
  switch (wo.state) {
    case 'requested':
    case 'failed':
      return order.status === 'completed' ? P.done : null;
    case 'cancelled':
      return order.status === 'completed' ? P.done : null;
    case 'scheduled':
      return wo.appointmentStartsAt
        ? P.alreadyBooked
        : P.scheduledByUs(formatListingDay(wo.scheduledDay ?? ''));
    case 'en_route':
      return P.underWay;
    case 'done':
      return P.done;
  }
}

const reservation = (
  opened: Opened,
  photographer: PhotographerRow,
  slot: TPhotoSlot,
  note: string,
): Reservation => ({
  photographerId: photographer.id,
  startsAt: new Date(slot.startsAt),
  endsAt: new Date(slot.endsAt),
  day: dayInZone(slot.startsAt, timeZoneOfState(opened.property.state)),
  actorId: opened.userId,
  note,
});

const taken = (): Outcome<never> => refuse(409, P.slotGone);

/** Under the lock: the visit is still booked, and not within 24 hours of its start. */
const changeRefusal =
  (now: () => Date) =>
  (wo: WorkOrder): Refusal | null => {
    if (wo.state !== 'scheduled' || !wo.appointmentStartsAt)
      return {
        ok: false,
        status: 409,
        message: wo.state === 'en_route' ? P.underWay : P.notBooked,
      };
    if (!canChange(wo.appointmentStartsAt, now()))
      return { ok: false, status: 409, message: P.tooLate(PHOTO_CHANGE_HOURS) };
    return null;
  };

function availabilityView(
  row: NonNullable<Awaited<ReturnType<PhotoAppointmentRepository['hoursOf']>>>,
): TPhotographerAvailability {
  return {
    photographer: { hash: row.hash, name: nameOf(row) },
    states: row.states,
    weeklyHours: row.weeklyHours.map(photoWindowTimes),
    daysOff: row.daysOff,
  };
}

type Slots = ReturnType<typeof appointmentSlots>;
type ViewOf = (opened: Opened) => Promise<TPhotoAppointmentView>;

/** A photographer's hours, as they and staff edit them. */
function photographerHours(deps: PhotoAppointmentDeps, now: () => Date) {
  const { repo } = deps;
  /** A person's hours, as they and staff edit them. */
  async function hours(userId: number): Promise<TPhotographerAvailability | undefined> {
    const row = await repo.hoursOf(userId);
    return row ? availabilityView(row) : undefined;
  }

  return {
    hours,
    /** Replace a person's hours; past days off are dropped, states kept unique and sorted. */
    async saveHours(userId: number, body: TPhotographerHours) {
      const today = now().toISOString().slice(0, 10);
      await repo.saveHours(userId, {
        states: [...new Set(body.states)].sort(),
        weeklyHours: body.weeklyHours
          .map(photoWindowMinutes)
          .sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute),
        daysOff: [...new Set(body.daysOff)].filter((d) => d >= today).sort(),
      });
      return hours(userId);
    },
  };
}

/** The visit of the property's photography order and the slots that may be booked now. */
function appointmentViewer(deps: PhotoAppointmentDeps, now: () => Date, free: Slots): ViewOf {
  const { repo } = deps;
  return async function view(opened: Opened): Promise<TPhotoAppointmentView> {
    const zone = timeZoneOfState(opened.property.state);
    const visit = await repo.visitOf(opened.property.id);
    const wo = visit?.workOrder ?? null;
    const appointment = booked(wo)
      ? {
          workOrder: wo.hash,
          startsAt: wo.appointmentStartsAt.toISOString(),
          endsAt: (wo.appointmentEndsAt ?? wo.appointmentStartsAt).toISOString(),
          photographer: wo.assignee ? nameOf(wo.assignee) : '',
          changeUntil: changeDeadline(wo.appointmentStartsAt).toISOString(),
          changeable: wo.state === 'scheduled' && canChange(wo.appointmentStartsAt, now()),
        }
      : null;
    const refusal = bookingRefusal(visit);
    const offer = opened.canEdit && (refusal === null || appointment?.changeable === true);
    const slots = offer
      ? await free.slotsFor(await free.photographersFor(opened.property.state, wo), zone)
      : [];
    return {
      timeZone: zone,
      appointment,
      canChange: opened.canEdit,
      notice: appointment ? null : (refusal ?? (slots.length ? null : P.noSlots)),
      slots,
    };
  };
}

/** The customer books a free slot. */
function appointmentBooking(deps: PhotoAppointmentDeps, slots: Slots, view: ViewOf) {
  const { repo } = deps;
  return {
    /** Book a free slot: the photography work order is scheduled with its photographer. */
    async book(opened: Opened, body: TBookPhotoRequest) {
      if (!opened.canEdit) return refuse(403, P.cannotBook);
      const visit = await repo.visitOf(opened.property.id);
      const refusal = bookingRefusal(visit);
      if (!visit || refusal) return refuse(409, refusal ?? P.noOrder);
      const chosen = await slots.chosenSlot(opened, visit.workOrder, body);
      if (!chosen.ok) return chosen;
      const { photographer, slot } = chosen.value;
      const zone = timeZoneOfState(opened.property.state);
      const done = await repo.book(
        visit.order.hash,
        reservation(
          opened,
          photographer,
          slot,
          `Booked by the customer for ${formatAppointment(slot.startsAt, zone)} with ${nameOf(photographer)}.`,
        ),
        (order, wo) => {
          // Read again under the order's lock: a booking made meanwhile is seen here.
          const again = bookingRefusal({
            order: { ...visit.order, status: order.status as Visit['order']['status'] },
            workOrder: wo ? { ...wo, assignee: null } : null,
          });
          if (again) return { ok: false, status: 409, message: again };
          if (wo?.assigneeId && wo.assigneeId !== photographer.id)
            return { ok: false, status: 409, message: P.slotGone };
          return null;
        },
      );
      if (done === 'taken') return taken();
      if (!done.ok) return done;
      await announceAppointment(deps, opened, visit, done.workOrder, 'booked', null);
      return ok(await view(opened));
    },
  };
}

/** The customer moves or cancels the booked visit. */
function appointmentChanges(
  deps: PhotoAppointmentDeps,
  now: () => Date,
  slots: Slots,
  view: ViewOf,
) {
  const { repo } = deps;
  return {
    /** Move the booked visit to another free slot of its photographer, 24 hours ahead at least. */
    async move(opened: Opened, body: TBookPhotoRequest) {
      if (!opened.canEdit) return refuse(403, P.cannotBook);
      const visit = await repo.visitOf(opened.property.id);
      const wo = visit?.workOrder ?? null;
      if (!visit || !booked(wo)) return refuse(409, P.notBooked);
      const early = changeRefusal(now)(wo);
      if (early) return early;
      if (new Date(body.startsAt).getTime() === wo.appointmentStartsAt.getTime())
        return refuse(409, P.sameSlot);
      const chosen = await slots.chosenSlot(opened, wo, body);
      if (!chosen.ok) return chosen;
      const { photographer, slot } = chosen.value;
      const zone = timeZoneOfState(opened.property.state);
      const done = await repo.change(
        wo.id,
        reservation(opened, photographer, slot, ''),
        opened.userId,
        `Moved by the customer from ${formatAppointment(wo.appointmentStartsAt.toISOString(), zone)} to ${formatAppointment(slot.startsAt, zone)}.`,
        changeRefusal(now),
      );
      if (done === 'taken') return taken();
      if (!done.ok) return done;
      await announceAppointment(
        deps,
        opened,
        visit,
        done.after,
        'moved',
        done.before.appointmentStartsAt,
      );
      return ok(await view(opened));
    },

    /** Cancel the booked visit (the work order is cancelled), 24 hours ahead at least. */
    async cancel(opened: Opened) {
      if (!opened.canEdit) return refuse(403, P.cannotBook);
      const visit = await repo.visitOf(opened.property.id);
      const wo = visit?.workOrder ?? null;
      if (!visit || !booked(wo)) return refuse(409, P.notBooked);
      const done = await repo.change(
        wo.id,
        null,
        opened.userId,
        'Cancelled by the customer.',
        changeRefusal(now),
      );
      if (done === 'taken') return taken();
      if (!done.ok) return done;
      await announceAppointment(deps, opened, visit, done.after, 'cancelled', null);
      return ok(await view(opened));
    },
  };
}

/**
 * Photography appointments (issue 21; decision 046). Photographers keep their hours; the
 * customer books one of their free slots, which schedules the order's photography work order with
 * that photographer, and may move or cancel it until 24 hours before it starts. Each change
 * mails the customer who placed the order and the photographer, and tells the property's pages.
 */
export function createPhotoAppointmentService(deps: PhotoAppointmentDeps) {
  const now = deps.now ?? (() => new Date());
  const slots = appointmentSlots(deps.repo, now);
  const view = appointmentViewer(deps, now, slots);
  return {
    ...photographerHours(deps, now),
    view,
    ...appointmentBooking(deps, slots, view),
    ...appointmentChanges(deps, now, slots, view),
    notFound: () => refuse(404, MESSAGES.notFound),
  };
}

export type PhotoAppointmentService = ReturnType<typeof createPhotoAppointmentService>;
