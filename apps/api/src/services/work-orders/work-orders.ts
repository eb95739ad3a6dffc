import {
  canMoveWorkOrder,
  dashboardHref,
  formatCents,
  formatListingDay,
  INVOICE_LINE_TEXTS,
  invoiceNumber,
  MESSAGES,
  proofShownToCustomers,
  SIGN_POST_RENTAL_SLUG,
  streetAddressUnit,
  WORK_ORDER_TEXTS as T,
  type TAssignWorkOrderRequest,
  type TCreateWorkOrderRequest,
  type TCustomerWorkOrder,
  type TReviewWorkOrderRequest,
  TRIP_CHARGE_CENTS,
  type TScheduleWorkOrderRequest,
  type TVendorWorkOrder,
  type TWorkOrder,
  type TWorkOrderDetail,
  type TWorkOrderMoveRequest,
  type TWorkOrderOrder,
  type TWorkOrderState,
  WORK_ORDER_KINDS,
  WORK_ORDER_MAX_PHOTOS,
  WORK_ORDER_PAGE_OF_KIND,
  WORK_ORDER_STATES,
  workOrderKindsFor,
  workOrderProductSlugs,
} from '@lantern/contracts';
import type { ListingPhoto, WorkOrder } from '@lantern/db';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import type { RealtimeService } from '../../plugins/app/realtime.ts';
import type {
  ChangeFacts,
  CreateVerdict,
  TripChargeRow,
  WorkOrderChange,
  WorkOrderRepository,
  WorkOrderRow,
} from '../../repositories/work-orders.ts';
import type { CrmSync } from '../crm/crm-sync.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { MAIL_JOB } from '../mail/outbox.ts';
import {
  type BrandData,
  tripCharge as tripChargeMail,
  workOrderUpdate,
} from '../mail/templates.ts';
import {
  type IncomingFile,
  type PhotoService,
  type UploadOptions,
  workOrderPhotoOwner,
} from '../photos/photos.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.ts';
import {
  earliestScheduleDay,
  localDayAndHour,
  nextBusinessDay,
  notBusinessDay,
} from './schedule.ts';

export interface WorkOrderServiceDeps {
  repo: WorkOrderRepository;
  /** Mails go as `mail.send` jobs (the outbox), retried while SMTP is down. */
  jobs: Pick<JobRunner, 'enqueue'>;
  realtime: Pick<RealtimeService, 'publishToProperty'>;
  /** Outbound webhooks: `work_order.done` (issue 25). */
  webhooks?: WebhookEmitter | undefined;
  /** A trip charge changes what the order's deal is worth. */
  crm?: Pick<CrmSync, 'orderChanged'>;
  /** Proof photos go through the listing photos' storage, checks and processing job. */
  photos: Pick<PhotoService, 'upload' | 'list' | 'toView' | 'file'>;
  brand: BrandData;
  /** The yard signs' slug for this site (`{product}-signs`). */
  signsSlug: string;
  now?: () => Date;
}

const MAX_DAYS_AHEAD = 366;

const addressOf = (p: WorkOrderRow['property']) =>
  `${streetAddressUnit(p.street, p.unit)}, ${p.city}, ${p.state} ${p.zip}`;
const nameOf = (p: { name: string | null; email: string }) => p.name?.trim() || p.email;
const kindLabel = (wo: Pick<WorkOrder, 'kind'>) => WORK_ORDER_KINDS[wo.kind].label;
const stateLabel = (s: TWorkOrderState) => WORK_ORDER_STATES[s].label;

/** A visit the customer booked, still holding its photographer's slot. */
const booked = (wo: WorkOrder) => wo.state === 'scheduled' && wo.appointmentStartsAt !== null;

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

/**
 * Work orders (issue 21, "Work orders"): trips to a property for an order, scheduled by the
 * cutoff rule, assigned to staff or a field vendor, moved along the legal transitions under the
 * row's lock. Each change mails the customer who placed the order and tells the property's open
 * pages (`WorkOrderUpdated`) once committed.
 */
export function createWorkOrderService(deps: WorkOrderServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  function view(row: WorkOrderRow): TWorkOrder {
    const { wo } = row;
    return {
      hash: wo.hash,
      kind: wo.kind,
      state: wo.state,
      property: {
        hash: row.property.hash,
        address: addressOf(row.property),
        timeZone: timeZoneOfState(row.property.state),
      },
      order: { hash: row.orderHash, product: row.product.name },
      customer: { hash: row.customer.hash, name: nameOf(row.customer), email: row.customer.email },
      assignee: row.assignee
        ? { hash: row.assignee.hash, name: nameOf(row.assignee), email: row.assignee.email }
        : null,
      requestedAt: wo.requestedAt.toISOString(),
      earliestDay: earliestDay(wo, row.property.state, now()),
      scheduledDay: wo.scheduledDay,
      notes: wo.notes,
      failureReason: wo.failureReason,
      proofReview: wo.proofReview,
      photoCount: row.photoCount,
      shootStatus: row.shootStatus,
      removal: row.removalHash,
      tripCharge: tripChargeView(row.tripCharge),
      canAddTripCharge:
        tripChargeRefusal(wo, { ...row, tripCharge: row.tripCharge?.number ?? null }) === null,
      appointment: appointmentView(wo),
      createdAt: wo.createdAt.toISOString(),
      updatedAt: wo.updatedAt.toISOString(),
    };
  }

  function vendorView(row: WorkOrderRow): TVendorWorkOrder {
    const {
      customer: _c,
      assignee: _a,
      tripCharge: _t,
      canAddTripCharge: _can,
      ...rest
    } = view(row);
    return rest;
  }

  /** The trip charge was billed: mail the customer, tell the property's pages and the CRM. */
  async function announceTripCharge(
    hash: string,
    charged: { hash: string; number: number; totalCents: number },
  ) {
    const row = await repo.find(hash);
    if (!row) return;
    const invoiceUrl = `${deps.brand.publicUrl}/dashboard/invoices/${charged.hash}`;
    const mail = tripChargeMail(deps.brand, {
      street: streetAddressUnit(row.property.street, row.property.unit),
      what: kindLabel(row.wo),
      reason: row.wo.failureReason ?? '',
      total: formatCents(charged.totalCents),
      invoiceUrl,
    });
    await deps.jobs.enqueue(MAIL_JOB, { to: row.customer.email, ...mail });
    await deps.realtime.publishToProperty(row.property.hash, {
      event: 'InvoiceUpdated',
      data: { hash: charged.hash, number: invoiceNumber(charged.number), status: 'open' },
    });
    await deps.crm?.orderChanged(row.wo.orderId);
  }

  type Change = Parameters<typeof workOrderUpdate>[1]['change'];

  /**
   * Mail the customer (unless `change` is null) and tell the property's pages; after the
   * transaction committed.
   */
  async function announce(hash: string, change: Change | null) {
    const row = await repo.find(hash);
    if (!row) return;
    const page = `${deps.brand.publicUrl}${dashboardHref(WORK_ORDER_PAGE_OF_KIND[row.wo.kind], row.property.hash)}`;
    if (change) {
      const mail = workOrderUpdate(deps.brand, {
        street: streetAddressUnit(row.property.street, row.property.unit),
        what: kindLabel(row.wo),
        change,
        pageUrl: page,
      });
      await deps.jobs.enqueue(MAIL_JOB, { to: row.customer.email, ...mail });
    }
    await deps.realtime.publishToProperty(row.property.hash, {
      event: 'WorkOrderUpdated',
      data: {
        hash: row.wo.hash,
        kind: row.wo.kind,
        state: row.wo.state,
        scheduledDay: row.wo.scheduledDay,
      },
    });
  }

  /** What the customer is told of a move; done waits for staff's approval of the photos. */
  const changeOf = (after: WorkOrder): Change | null => {
    switch (after.state) {
      case 'done':
        return after.proofReview === 'approved' ? { state: 'done' } : null;
      case 'scheduled':
        return { state: 'scheduled', day: formatListingDay(after.scheduledDay ?? '') };
      case 'failed':
        return { state: 'failed', reason: after.failureReason ?? '' };
      default:
        return { state: after.state };
    }
  };

  /** A change under the row lock; a refusal is answered as it is, a change is announced. */
  async function change(
    hash: string,
    actorId: number,
    decide: (wo: WorkOrder, facts: ChangeFacts) => WorkOrderChange,
    announceAs: (after: WorkOrder) => Change | null,
    only?: { assigneeId: number },
  ): Promise<
    Outcome<{
      before: WorkOrder;
      after: WorkOrder;
      removal: string | null;
      tripCharge: string | null;
    }>
  > {
    const done = await repo.change(hash, actorId, decide, only);
    if (!done) return refuse(404, MESSAGES.notFound);
    if (!done.ok) return done;
    await announce(done.after.hash, announceAs(done.after));
    const approvedDone = (wo: WorkOrder) => wo.state === 'done' && wo.proofReview === 'approved';
    // Done as the customer is told it: the proof photos approved (issue 25's `work_order.done`).
    if (approvedDone(done.after) && !approvedDone(done.before)) {
      const wo = done.after;
      await deps.webhooks?.emit('work_order.done', { propertyId: wo.propertyId }, (property) => ({
        property,
        workOrder: {
          hash: wo.hash,
          kind: wo.kind,
          state: 'done',
          completedAt: wo.updatedAt.toISOString(),
        },
      }));
    }
    if (done.tripCharge) await announceTripCharge(done.after.hash, done.tripCharge);
    let removal: string | null = null;
    if (done.removalId) {
      removal = (await repo.hashOf(done.removalId)) ?? null;
      if (removal) await announce(removal, { state: 'requested' });
    }
    return ok({
      before: done.before,
      after: done.after,
      removal,
      tripCharge: done.tripCharge?.hash ?? null,
    });
  }

  /** The trip charge's one line: the trip and its day. */
  const tripChargeLine = (wo: WorkOrder) =>
    INVOICE_LINE_TEXTS.tripChargeLine(
      kindLabel(wo),
      wo.scheduledDay ? formatListingDay(wo.scheduledDay) : null,
    );

  /** The legal move `to`, with what it changes; scheduling goes through `schedule`. */
  function moveDecision(
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

  /**
   * The finished work's photos the customer sees (decision 066): once staff approved them, and
   * not a photography visit's (its photos are the gallery).
   */
  async function customerPhotos(wo: WorkOrder, propertyHash: string) {
    if (!proofShownToCustomers(wo) || WORK_ORDER_PAGE_OF_KIND[wo.kind] === 'photography') return [];
    const owner = workOrderPhotoOwner(wo);
    return (await deps.photos.list(owner)).flatMap((p) => {
      const { urls } = deps.photos.toView(owner, p, propertyHash);
      return urls ? [{ hash: p.hash, urls }] : [];
    });
  }

  const photoView = (row: WorkOrderRow, p: ListingPhoto) =>
    deps.photos.toView(workOrderPhotoOwner(row.wo), p, row.property.hash);

  return {
    view,
    vendorView,

    /** The proof photos of the work order, in the order taken. */
    async photosOf(row: WorkOrderRow) {
      return (await deps.photos.list(workOrderPhotoOwner(row.wo))).map((p) => photoView(row, p));
    },

    async detail(row: WorkOrderRow): Promise<TWorkOrderDetail> {
      const events = await repo.events(row.wo.id);
      return {
        ...view(row),
        photos: (await deps.photos.list(workOrderPhotoOwner(row.wo))).map((p) => photoView(row, p)),
        events: events.map(({ e, assignee, actor }) => ({
          fromState: e.fromState,
          toState: e.toState,
          scheduledDay: e.scheduledDay,
          assignee,
          note: e.note,
          actor,
          at: e.createdAt.toISOString(),
        })),
      };
    },

    /** Orders that may need a trip, for the create form's search. */
    async tripOrders(search: string): Promise<TWorkOrderOrder[]> {
      const rows = await repo.tripOrders(workOrderProductSlugs(deps.signsSlug), search);
      return rows.map((o) => ({
        hash: o.hash,
        product: o.product.name,
        status: o.status,
        property: { hash: o.property.hash, address: addressOf(o.property) },
        customer: { name: nameOf(o.customer), email: o.customer.email },
        kinds: [...workOrderKindsFor(o.product.slug, deps.signsSlug)],
        orderedAt: o.createdAt.toISOString(),
      }));
    },

    async assignees() {
      return (await repo.assignees()).map((p) => ({
        hash: p.hash,
        name: nameOf(p),
        email: p.email,
        kind: p.staff ? ('staff' as const) : ('field' as const),
      }));
    },

    /** A trip for an order whose product needs one, of a kind its product has, not open twice. */
    async create(staffId: number, body: TCreateWorkOrderRequest): Promise<Outcome<WorkOrderRow>> {
      const made = await repo.create(
        { orderHash: body.order, kind: body.kind, notes: body.notes, createdBy: staffId },
        (o): CreateVerdict => {
          const kinds = workOrderKindsFor(o.slug, deps.signsSlug);
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
        },
      );
      if (!made) return refuse(422, T.order, { order: [T.order] });
      if (!made.ok) return made;
      await announce(made.workOrder.hash, { state: 'requested' });
      const row = await repo.find(made.workOrder.hash);
      return row ? ok(row) : refuse(404, MESSAGES.notFound);
    },

    /** Set (or move) the day: a business day no earlier than the cutoff allows, within a year. */
    async schedule(staffId: number, hash: string, body: TScheduleWorkOrderRequest) {
      const row = await repo.find(hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      const at = now();
      const state = row.property.state;
      return change(
        hash,
        staffId,
        (wo) => {
          if (!['requested', 'scheduled', 'failed'].includes(wo.state))
            return { ok: false, status: 409, message: T.cannotSchedule(stateLabel(wo.state)) };
          if (booked(wo)) return { ok: false, status: 409, message: T.bookedByCustomer };
          const why = notBusinessDay(body.day);
          const refuseDay = (message: string): WorkOrderChange => ({
            ok: false,
            status: 422,
            message,
            errors: { day: [message] },
          });
          if (why) return refuseDay(T.notBusinessDay(formatListingDay(body.day), why));
          const earliest = earliestDay(wo, state, at);
          if (body.day < earliest) return refuseDay(T.beforeEarliest(formatListingDay(earliest)));
          const latest = new Date(at.getTime() + MAX_DAYS_AHEAD * 86_400_000)
            .toISOString()
            .slice(0, 10);
          if (body.day > latest) return refuseDay(T.tooFar);
          if (wo.state === 'scheduled' && wo.scheduledDay === body.day)
            return { ok: false, status: 409, message: T.sameState };
          // A day set by staff has no booked time: any earlier appointment is let go.
          return {
            ok: true,
            set: {
              state: 'scheduled',
              scheduledDay: body.day,
              failureReason: null,
              appointmentStartsAt: null,
              appointmentEndsAt: null,
            },
          };
        },
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
      return change(
        hash,
        staffId,
        (wo) => {
          if (wo.state === 'done' || wo.state === 'cancelled')
            return { ok: false, status: 409, message: T.closedAssign(stateLabel(wo.state)) };
          if (wo.assigneeId === assigneeId)
            return { ok: false, status: 409, message: T.alreadyAssigned };
          if (booked(wo)) return { ok: false, status: 409, message: T.bookedByCustomer };
          return { ok: true, set: { assigneeId } };
        },
        (after) => ({
          state: 'assigned',
          day: after.scheduledDay ? formatListingDay(after.scheduledDay) : null,
        }),
      );
    },

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
      return change(
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
        {
          ...options,
          max: WORK_ORDER_MAX_PHOTOS,
        },
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
      return change(
        hash,
        staffId,
        (wo): WorkOrderChange => {
          if (wo.state !== 'done' || wo.proofReview !== 'pending')
            return { ok: false, status: 409, message: T.reviewNotPending };
          if (body.decision === 'approved')
            return {
              ok: true,
              set: { proofReview: 'approved' },
              note: 'Proof photos approved.',
              createRemoval:
                wo.kind === 'sign_post_install' && row.product.slug === SIGN_POST_RENTAL_SLUG,
            };
          return {
            ok: true,
            set: { state: 'failed', proofReview: 'rejected', failureReason: body.reason ?? '' },
            note: `Proof photos rejected: ${body.reason ?? ''}`,
          };
        },
        changeOf,
      );
    },

    /**
     * Staff bill the trip charge of a trip that failed (now, or before it was scheduled again):
     * one per work order, under its row lock and the invoice's unique index (decision 046).
     */
    async addTripCharge(staffId: number, hash: string) {
      return change(
        hash,
        staffId,
        (wo, facts): WorkOrderChange => {
          const refused = tripChargeRefusal(wo, facts);
          if (refused) return { ok: false, status: 409, message: refused };
          return {
            ok: true,
            set: {},
            note: `Trip charge of ${formatCents(TRIP_CHARGE_CENTS)} billed.`,
            tripCharge: { line: tripChargeLine(wo) },
          };
        },
        () => null,
      );
    },

    /** A size of a proof photo, for a caller whose access was checked. */
    photoFile: (wo: WorkOrder, photoHash: string, size: 'thumb' | 'web') =>
      deps.photos.file(workOrderPhotoOwner(wo), photoHash, size),

    /** The property's work orders as its customers see them. */
    async forProperty(property: { id: number; hash: string }): Promise<TCustomerWorkOrder[]> {
      const rows = await repo.forProperty(property.id);
      const photos = await Promise.all(rows.map(({ wo }) => customerPhotos(wo, property.hash)));
      return rows.map(({ wo, product, tripCharge }, i) => ({
        hash: wo.hash,
        kind: wo.kind,
        state: wo.state,
        product,
        scheduledDay: wo.scheduledDay,
        failureReason: wo.failureReason,
        proofReview: wo.proofReview,
        tripCharge: tripChargeView(tripCharge),
        appointment: appointmentView(wo),
        photos: photos[i] ?? [],
        updatedAt: wo.updatedAt.toISOString(),
      }));
    },
  };
}

export type WorkOrderService = ReturnType<typeof createWorkOrderService>;
