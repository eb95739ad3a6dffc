import {
  formatListingDay,
  MESSAGES,
  WORK_ORDER_TEXTS as T,
  type TAssignWorkOrderRequest,
  type TCreateWorkOrderRequest,
  type TReviewWorkOrderRequest,
  type TScheduleWorkOrderRequest,
  type TWorkOrderMoveRequest,
} from '@lantern/contracts';
import { WORK_ORDER_MAX_PHOTOS } from '@lantern/domain';
import { type IncomingFile, type UploadOptions, workOrderPhotoOwner } from '../photos/photos.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import { announceWorkOrder, changeOf, changeWorkOrder } from './work-order-changes.ts';
import {
  assignDecision,
  createVerdict,
  reviewDecision,
  scheduleDecision,
  tripChargeDecision,
} from './work-order-decisions.ts';
import { workOrderCustomerReads, workOrderReads, workOrderViews } from './work-order-reads.ts';
import { moveDecision } from './work-order-rules.ts';
import type { WorkOrderServiceDeps } from './work-order-types.ts';
import type { WorkOrderRow } from './work-orders.repository.ts';

export {
  appointmentView,
  earliestDay,
  tripChargeRefusal,
  tripChargeView,
} from './work-order-rules.ts';
// Moved to work-order-types.ts so the sub-modules need not import this file; kept exported.
export type { WorkOrderServiceDeps } from './work-order-types.ts';

/** Staff plan a trip: create it for an order, set its day, give it to someone. */
function workOrderPlanning(deps: WorkOrderServiceDeps, now: () => Date) {
  const { repo } = deps;
  return {
    /** A trip for an order whose product needs one, of a kind its product has, not open twice. */
    async create(staffId: number, body: TCreateWorkOrderRequest): Promise<Outcome<WorkOrderRow>> {
      const made = await repo.create(
        { orderHash: body.order, kind: body.kind, notes: body.notes, createdBy: staffId },
        (o) => createVerdict(o, body, deps.signsSlug),
      );
      if (!made) return refuse(422, T.order, { order: [T.order] });
      if (!made.ok) return made;
      await announceWorkOrder(deps, made.workOrder.hash, { state: 'requested' });
      const row = await repo.find(made.workOrder.hash);
      return row ? ok(row) : refuse(404, MESSAGES.notFound);
    },

    /** Set (or move) the day: a business day no earlier than the cutoff allows, within a year. */
    async schedule(staffId: number, hash: string, body: TScheduleWorkOrderRequest) {
      const row = await repo.find(hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      const at = now();
      const state = row.property.state;
      return changeWorkOrder(
        deps,
        hash,
        staffId,
        (wo) => scheduleDecision(wo, body.day, state, at),
        changeOf,
      );
    },

    /** Give the work order to staff or a field vendor, or take it back (null). */
    async assign(staffId: number, hash: string, body: TAssignWorkOrderRequest) {
      let assigneeId: number | null = null;
      if (body.assignee) {
        const person = await repo.assignee(body.assignee);
        if (!person) return refuse(422, T.notAssignee, { assignee: [T.notAssignee] });
        assigneeId = person.id;
      }
      return changeWorkOrder(
        deps,
        hash,
        staffId,
        (wo) => assignDecision(wo, assigneeId),
        (after) => ({
          state: 'assigned',
          day: after.scheduledDay ? formatListingDay(after.scheduledDay) : null,
        }),
      );
    },
  };
}

/** The trip's progress: moves, proof photos, staff's review and the trip charge. */
function workOrderProgress(deps: WorkOrderServiceDeps) {
  const { repo } = deps;
  return {
    /**
     * Move a work order (en route, done, failed, cancelled) if the move is legal from where it
     * stands under its lock. `only` limits it to the assignee's own (a vendor's; else 404).
     */
    async move(
      actorId: number,
      hash: string,
      body: TWorkOrderMoveRequest,
      only?: { assigneeId: number },
    ) {
      const row = only ? await repo.findForAssignee(only.assigneeId, hash) : await repo.find(hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      return changeWorkOrder(
        deps,
        hash,
        actorId,
        (wo, facts) =>
          moveDecision(wo, facts, body.state, body.reason, !only && body.tripCharge === true),
        changeOf,
        only,
      );
    },

    /**
     * Proof photos of the work at the property, while the assignee is there (en route): up to
     * 8, checked by their bytes and made into web sizes by the photo job. `row` was read with
     * the caller's access (the assignee's own, or staff's).
     */
    async uploadPhotos(
      row: WorkOrderRow,
      userId: number,
      parts: AsyncIterable<IncomingFile>,
      options: Omit<UploadOptions, 'max'>,
    ) {
      if (row.wo.state !== 'en_route') return refuse(409, T.photosWhenEnRoute);
      const files = await deps.photos.upload(
        workOrderPhotoOwner(row.wo),
        row.property.hash,
        userId,
        parts,
        { ...options, max: WORK_ORDER_MAX_PHOTOS },
      );
      return ok(files);
    },

    /**
     * Staff approve the proof of a done trip (the customer is told it is done; an install of a
     * rented post creates its removal), or reject it: the trip counts as failed with the reason,
     * to be scheduled again.
     */
    async review(staffId: number, hash: string, body: TReviewWorkOrderRequest) {
      const row = await repo.find(hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      return changeWorkOrder(deps, hash, staffId, (wo) => reviewDecision(wo, row, body), changeOf);
    },

    /**
     * Staff bill the trip charge of a trip that failed (now, or before it was scheduled again):
     * one per work order, under its row lock and the invoice's unique index (decision 046).
     */
    async addTripCharge(staffId: number, hash: string) {
      return changeWorkOrder(deps, hash, staffId, tripChargeDecision, () => null);
    },
  };
}

/**
 * Work orders (issue 21, "Work orders"): trips to a property for an order, scheduled by the
 * cutoff rule, assigned to staff or a field vendor, moved along the legal transitions under the
 * row's lock. Each change mails the customer who placed the order and tells the property's open
 * pages (`WorkOrderUpdated`) once committed.
 */
export function createWorkOrderService(deps: WorkOrderServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const { view, vendorView } = workOrderViews(now);
  return {
    view,
    vendorView,
    ...workOrderReads(deps, view),
    ...workOrderPlanning(deps, now),
    ...workOrderProgress(deps),
    ...workOrderCustomerReads(deps),
  };
}

export type WorkOrderService = ReturnType<typeof createWorkOrderService>;
