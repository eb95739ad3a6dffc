import {
  formatListingDay,
  INVOICE_LINE_TEXTS,
  streetAddressUnit,
  WORK_ORDER_TEXTS as T,
  type TWorkOrderMoveRequest,
} from '@lantern/contracts';
import type { WorkOrder } from '@lantern/db';
import {
  canMoveWorkOrder,
  invoiceNumber,
  type TWorkOrderState,
  WORK_ORDER_KINDS,
  WORK_ORDER_STATES,
} from '@lantern/domain';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import { earliestScheduleDay, localDayAndHour, nextBusinessDay } from './schedule.ts';
import type {
  ChangeFacts,
  TripChargeRow,
  WorkOrderChange,
  WorkOrderRow,
} from './work-orders.repository.ts';

export const addressOf = (p: WorkOrderRow['property']) =>
  `${streetAddressUnit(p.street, p.unit)}, ${p.city}, ${p.state} ${p.zip}`;
export const nameOf = (p: { name: string | null; email: string }) => p.name?.trim() || p.email;
export const kindLabel = (wo: Pick<WorkOrder, 'kind'>) => WORK_ORDER_KINDS[wo.kind].label;
export const stateLabel = (s: TWorkOrderState) => WORK_ORDER_STATES[s].label;

/** A visit the customer booked, still holding its photographer's slot. */
export const booked = (wo: WorkOrder) =>
  wo.state === 'scheduled' && wo.appointmentStartsAt !== null;

/** A trip charge's invoice as the pages show it. */
export const tripChargeView = (t: TripChargeRow | null) =>
  t
    ? { hash: t.hash, number: invoiceNumber(t.number), status: t.status, totalCents: t.totalCents }
    : null;

/** A booked photography appointment's span, as ISO instants. */
export const appointmentView = (
  wo: Pick<WorkOrder, 'appointmentStartsAt' | 'appointmentEndsAt'>,
) =>
  wo.appointmentStartsAt && wo.appointmentEndsAt
    ? { startsAt: wo.appointmentStartsAt.toISOString(), endsAt: wo.appointmentEndsAt.toISOString() }
    : null;

/**
 * Whether staff may bill a trip charge: the trip failed (now, or before it was scheduled again),
 * there is none yet, and the order is not cancelled. Decision 046.
 */
export function tripChargeRefusal(
  wo: Pick<WorkOrder, 'state'>,
  facts: Pick<ChangeFacts, 'tripCharge' | 'everFailed' | 'orderStatus'>,
  failingNow = false,
): string | null {
  if (facts.tripCharge !== null) return T.tripChargeExists(invoiceNumber(facts.tripCharge));
  if (!failingNow && wo.state !== 'failed' && !facts.everFailed) return T.tripChargeNeverFailed;
  if (facts.orderStatus === 'cancelled') return T.tripChargeOrderCancelled;
  return null;
}

/**
 * The first day a trip may be scheduled for: by the 2 pm cutoff from when it was asked for,
 * and never today or earlier (a trip asked for long ago is scheduled from tomorrow on).
 */
export function earliestDay(wo: Pick<WorkOrder, 'requestedAt'>, state: string, now: Date) {
  const zone = timeZoneOfState(state);
  const byRequest = earliestScheduleDay(wo.requestedAt, zone);
  const tomorrow = nextBusinessDay(localDayAndHour(now, zone).day);
  // Both are YYYY-MM-DD, so the later day sorts last.
  return [byRequest, tomorrow].sort()[1] ?? tomorrow;
}

/** The trip charge's one line: the trip and its day. */
export const tripChargeLine = (wo: WorkOrder) =>
  INVOICE_LINE_TEXTS.tripChargeLine(
    kindLabel(wo),
    wo.scheduledDay ? formatListingDay(wo.scheduledDay) : null,
  );

/** The legal move `to`, with what it changes; scheduling goes through `schedule`. */
export function moveDecision(
  wo: WorkOrder,
  facts: ChangeFacts,
  to: TWorkOrderMoveRequest['state'],
  reason: string | undefined,
  charge = false,
): WorkOrderChange {
  const { photos } = facts;
  if (wo.state === to) return { ok: false, status: 409, message: T.sameState };
  if (!canMoveWorkOrder(wo.state, to))
    return {
      ok: false,
      status: 409,
      message: T.illegalMove(stateLabel(wo.state), stateLabel(to)),
    };
  if (to === 'done' && photos < 1) return { ok: false, status: 409, message: T.photosNeeded };
  const chargeRefused = charge ? tripChargeRefusal(wo, facts, true) : null;
  if (chargeRefused) return { ok: false, status: 409, message: chargeRefused };
  return {
    ok: true,
    set: {
      state: to,
      ...(to === 'failed' ? { failureReason: reason ?? '' } : {}),
      ...(to === 'done' ? { proofReview: 'pending' as const } : {}),
    },
    note: to === 'failed' ? (reason ?? '') : '',
    ...(charge ? { tripCharge: { line: tripChargeLine(wo) } } : {}),
  };
}
