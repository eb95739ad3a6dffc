import {
  formatListingDay,
  WORK_ORDER_TEXTS as T,
  type TCreateWorkOrderRequest,
  type TReviewWorkOrderRequest,
  TRIP_CHARGE_CENTS,
} from '@lantern/contracts';
import type { WorkOrder } from '@lantern/db';
import {
  formatCents,
  SIGN_POST_RENTAL_SLUG,
  WORK_ORDER_KINDS,
  workOrderKindsFor,
} from '@lantern/domain';
import { notBusinessDay } from './schedule.ts';
import {
  booked,
  earliestDay,
  stateLabel,
  tripChargeLine,
  tripChargeRefusal,
} from './work-order-rules.ts';
import type {
  ChangeFacts,
  CreateVerdict,
  WorkOrderChange,
  WorkOrderRepository,
  WorkOrderRow,
} from './work-orders.repository.ts';

const MAX_DAYS_AHEAD = 366;

/** What `create` knows of the order it adds a trip to. */
type OrderFacts = Parameters<Parameters<WorkOrderRepository['create']>[1]>[0];

/** A trip for an order whose product needs one, of a kind its product has, not open twice. */
export function createVerdict(
  o: OrderFacts,
  body: TCreateWorkOrderRequest,
  signsSlug: string,
): CreateVerdict {
  const kinds = workOrderKindsFor(o.slug, signsSlug);
  if (!kinds.length)
    return {
      ok: false,
      status: 422,
      message: T.orderNoTrip,
      errors: { order: [T.orderNoTrip] },
    };
  if (!kinds.includes(body.kind)) {
    const message = T.kindNotForOrder(WORK_ORDER_KINDS[body.kind].label, o.productName);
    return { ok: false, status: 422, message, errors: { kind: [message] } };
  }
  if (o.status === 'cancelled') return { ok: false, status: 409, message: T.orderClosed };
  if (o.openKinds.includes(body.kind))
    return {
      ok: false,
      status: 409,
      message: T.openAlready(WORK_ORDER_KINDS[body.kind].label),
    };
  return { ok: true };
}

/** Set (or move) the day: a business day no earlier than the cutoff allows, within a year. */
export function scheduleDecision(
  wo: WorkOrder,
  day: string,
  state: string,
  at: Date,
): WorkOrderChange {
  if (!['requested', 'scheduled', 'failed'].includes(wo.state))
    return { ok: false, status: 409, message: T.cannotSchedule(stateLabel(wo.state)) };
  if (booked(wo)) return { ok: false, status: 409, message: T.bookedByCustomer };
  const why = notBusinessDay(day);
  const refuseDay = (message: string): WorkOrderChange => ({
    ok: false,
    status: 422,
    message,
    errors: { day: [message] },
  });
  if (why) return refuseDay(T.notBusinessDay(formatListingDay(day), why));
  const earliest = earliestDay(wo, state, at);
  if (day < earliest) return refuseDay(T.beforeEarliest(formatListingDay(earliest)));
  const latest = new Date(at.getTime() + MAX_DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
  if (day > latest) return refuseDay(T.tooFar);
  if (wo.state === 'scheduled' && wo.scheduledDay === day)
    return { ok: false, status: 409, message: T.sameState };
  // A day set by staff has no booked time: any earlier appointment is let go.
  return {
    ok: true,
    set: {
      state: 'scheduled',
      scheduledDay: day,
      failureReason: null,
      appointmentStartsAt: null,
      appointmentEndsAt: null,
    },
  };
}

/** Give the work order to staff or a field vendor, or take it back (null). */
export function assignDecision(wo: WorkOrder, assigneeId: number | null): WorkOrderChange {
  if (wo.state === 'done' || wo.state === 'cancelled')
    return { ok: false, status: 409, message: T.closedAssign(stateLabel(wo.state)) };
  if (wo.assigneeId === assigneeId) return { ok: false, status: 409, message: T.alreadyAssigned };
  if (booked(wo)) return { ok: false, status: 409, message: T.bookedByCustomer };
  return { ok: true, set: { assigneeId } };
}

/** Approve the proof of a done trip (a rented post's install makes its removal), or reject it. */
export function reviewDecision(
  wo: WorkOrder,
  row: WorkOrderRow,
  body: TReviewWorkOrderRequest,
): WorkOrderChange {
  if (wo.state !== 'done' || wo.proofReview !== 'pending')
    return { ok: false, status: 409, message: T.reviewNotPending };
  if (body.decision === 'approved')
    return {
      ok: true,
      set: { proofReview: 'approved' },
      note: 'Proof photos approved.',
      createRemoval: wo.kind === 'sign_post_install' && row.product.slug === SIGN_POST_RENTAL_SLUG,
    };
  return {
    ok: true,
    set: { state: 'failed', proofReview: 'rejected', failureReason: body.reason ?? '' },
    note: `Proof photos rejected: ${body.reason ?? ''}`,
  };
}

/** Bill the trip charge of a trip that failed, one per work order (decision 046). */
export function tripChargeDecision(wo: WorkOrder, facts: ChangeFacts): WorkOrderChange {
  const refused = tripChargeRefusal(wo, facts);
  if (refused) return { ok: false, status: 409, message: refused };
  return {
    ok: true,
    set: {},
    note: `Trip charge of ${formatCents(TRIP_CHARGE_CENTS)} billed.`,
    tripCharge: { line: tripChargeLine(wo) },
  };
}
