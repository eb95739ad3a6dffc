import {
  dashboardHref,
  dayInZone,
  formatAppointment,
  formatListingDay,
  MESSAGES,
  PHOTO_APPOINTMENT_TEXTS as P,
  PHOTO_BOOKING_DAYS,
  PHOTO_CHANGE_HOURS,
  photoWindowMinutes,
  photoWindowTimes,
  streetAddressUnit,
  type TBookPhotoRequest,
  type TPhotoAppointmentView,
  type TPhotographerAvailability,
  type TPhotographerHours,
  type TPhotoSlot,
  WORK_ORDER_PAGES,
} from '@lantern/contracts';
import type { Property, WorkOrder } from '@lantern/db';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import type { RealtimeService } from '../../plugins/app/realtime.ts';
import type {
  PhotoAppointmentRepository,
  PhotographerRow,
  Refusal,
  Reservation,
} from '../../repositories/photo-appointments.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { MAIL_JOB } from '../mail/outbox.ts';
import { type BrandData, photoAppointment } from '../mail/templates.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import { canChange, changeDeadline, freeSlots } from './slots.ts';

export interface PhotoAppointmentDeps {
  repo: PhotoAppointmentRepository;
  jobs: Pick<JobRunner, 'enqueue'>;
  realtime: Pick<RealtimeService, 'publishToProperty'>;
  brand: BrandData;
  now?: () => Date;
}

/** The property as the routes found it for the signed-in user. */
export interface Opened {
  userId: number;
  property: Pick<Property, 'id' | 'hash' | 'street' | 'unit' | 'state'>;
  canEdit: boolean;
}

type Visit = NonNullable<Awaited<ReturnType<PhotoAppointmentRepository['visitOf']>>>;
type VisitWorkOrder = NonNullable<Visit['workOrder']>;

const nameOf = (p: { name: string | null; email: string }) => p.name?.trim() || p.email;

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

/**
 * Photography appointments (issue 21; decision 046). Photographers keep their hours; the
 * customer books one of their free slots, which schedules the order's photography work order with
 * that photographer, and may move or cancel it until 24 hours before it starts. Each change
 * mails the customer who placed the order and the photographer, and tells the property's pages.
 */
export function createPhotoAppointmentService(deps: PhotoAppointmentDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

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

  async function announce(
    opened: Opened,
    visit: Visit,
    wo: WorkOrder,
    change: 'booked' | 'moved' | 'cancelled',
    before: Date | null,
  ) {
    const zone = timeZoneOfState(opened.property.state);
    const photographer = wo.assigneeId ? await repo.photographer(wo.assigneeId) : undefined;
    const when = formatAppointment((wo.appointmentStartsAt ?? new Date()).toISOString(), zone);
    const common = {
      change,
      street: streetAddressUnit(opened.property.street, opened.property.unit),
      when,
      before: before ? formatAppointment(before.toISOString(), zone) : null,
      photographer: photographer ? nameOf(photographer) : '',
    };
    await deps.jobs.enqueue(MAIL_JOB, {
      to: visit.order.customerEmail,
      ...photoAppointment(deps.brand, {
        ...common,
        to: 'customer',
        pageUrl: `${deps.brand.publicUrl}${dashboardHref('photography', opened.property.hash)}`,
      }),
    });
    if (photographer)
      await deps.jobs.enqueue(MAIL_JOB, {
        to: photographer.email,
        ...photoAppointment(deps.brand, {
          ...common,
          to: 'photographer',
          pageUrl: `${deps.brand.publicUrl}${WORK_ORDER_PAGES.vendor}`,
        }),
      });
    await deps.realtime.publishToProperty(opened.property.hash, {
      event: 'WorkOrderUpdated',
      data: { hash: wo.hash, kind: wo.kind, state: wo.state, scheduledDay: wo.scheduledDay },
    });
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
  const changeRefusal = (wo: WorkOrder): Refusal | null => {
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

  return {
    /** A person's hours, as they and staff edit them. */
    async hours(userId: number): Promise<TPhotographerAvailability | undefined> {
      const row = await repo.hoursOf(userId);
      return row ? availabilityView(row) : undefined;
    },

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
      return this.hours(userId);
    },

    /** The visit of the property's photography order and the slots that may be booked now. */
    async view(opened: Opened): Promise<TPhotoAppointmentView> {
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
        ? await slotsFor(await photographersFor(opened.property.state, wo), zone)
        : [];
      return {
        timeZone: zone,
        appointment,
        canChange: opened.canEdit,
        notice: appointment ? null : (refusal ?? (slots.length ? null : P.noSlots)),
        slots,
      };
    },

    /** Book a free slot: the photography work order is scheduled with its photographer. */
    async book(opened: Opened, body: TBookPhotoRequest) {
      if (!opened.canEdit) return refuse(403, P.cannotBook);
      const visit = await repo.visitOf(opened.property.id);
      const refusal = bookingRefusal(visit);
      if (!visit || refusal) return refuse(409, refusal ?? P.noOrder);
      const chosen = await chosenSlot(opened, visit.workOrder, body);
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
      await announce(opened, visit, done.workOrder, 'booked', null);
      return ok(await this.view(opened));
    },

    /** Move the booked visit to another free slot of its photographer, 24 hours ahead at least. */
    async move(opened: Opened, body: TBookPhotoRequest) {
      if (!opened.canEdit) return refuse(403, P.cannotBook);
      const visit = await repo.visitOf(opened.property.id);
      const wo = visit?.workOrder ?? null;
      if (!visit || !booked(wo)) return refuse(409, P.notBooked);
      const early = changeRefusal(wo);
      if (early) return early;
      if (new Date(body.startsAt).getTime() === wo.appointmentStartsAt.getTime())
        return refuse(409, P.sameSlot);
      const chosen = await chosenSlot(opened, wo, body);
      if (!chosen.ok) return chosen;
      const { photographer, slot } = chosen.value;
      const zone = timeZoneOfState(opened.property.state);
      const done = await repo.change(
        wo.id,
        reservation(opened, photographer, slot, ''),
        opened.userId,
        `Moved by the customer from ${formatAppointment(wo.appointmentStartsAt.toISOString(), zone)} to ${formatAppointment(slot.startsAt, zone)}.`,
        changeRefusal,
      );
      if (done === 'taken') return taken();
      if (!done.ok) return done;
      await announce(opened, visit, done.after, 'moved', done.before.appointmentStartsAt);
      return ok(await this.view(opened));
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
        changeRefusal,
      );
      if (done === 'taken') return taken();
      if (!done.ok) return done;
      await announce(opened, visit, done.after, 'cancelled', null);
      return ok(await this.view(opened));
    },

    notFound: () => refuse(404, MESSAGES.notFound),
  };
}

export type PhotoAppointmentService = ReturnType<typeof createPhotoAppointmentService>;
