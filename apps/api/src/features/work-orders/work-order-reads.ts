import type {
  TCustomerWorkOrder,
  TVendorWorkOrder,
  TWorkOrder,
  TWorkOrderDetail,
  TWorkOrderOrder,
} from '@lantern/contracts';
import type { ListingPhoto, WorkOrder } from '@lantern/db';
import {
  proofShownToCustomers,
  WORK_ORDER_PAGE_OF_KIND,
  workOrderKindsFor,
  workOrderProductSlugs,
} from '@lantern/domain';
import type { PageWindow } from '../../lib/keyset.ts';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import { workOrderPhotoOwner } from '../photos/photos.ts';
import {
  addressOf,
  appointmentView,
  earliestDay,
  nameOf,
  tripChargeRefusal,
  tripChargeView,
} from './work-order-rules.ts';
import type { WorkOrderServiceDeps } from './work-order-types.ts';
import type { WorkOrderRow } from './work-orders.repository.ts';

/** A work order as staff see it, and as its field vendor does (no customer, no billing). */
export function workOrderViews(now: () => Date) {
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

  return { view, vendorView };
}

/** Staff's reads: a work order's photos and history, and the create form's choices. */
export function workOrderReads(
  deps: WorkOrderServiceDeps,
  view: (row: WorkOrderRow) => TWorkOrder,
) {
  const { repo } = deps;
  const photoView = (row: WorkOrderRow, p: ListingPhoto) =>
    deps.photos.toView(workOrderPhotoOwner(row.wo), p, row.property.hash);

  return {
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
  };
}

/** What the customers see: the property's work orders and their approved proof photos. */
export function workOrderCustomerReads(deps: WorkOrderServiceDeps) {
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

  type PropertyRow = Awaited<ReturnType<WorkOrderServiceDeps['repo']['forProperty']>>[number];
  async function customerViews(rows: PropertyRow[], propertyHash: string) {
    const photos = await Promise.all(rows.map(({ wo }) => customerPhotos(wo, propertyHash)));
    return rows.map(
      ({ wo, product, tripCharge }, i): TCustomerWorkOrder => ({
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
      }),
    );
  }

  return {
    /** A size of a proof photo, for a caller whose access was checked. */
    photoFile: (wo: WorkOrder, photoHash: string, size: 'thumb' | 'web') =>
      deps.photos.file(workOrderPhotoOwner(wo), photoHash, size),

    /** The property's work orders as its customers see them. */
    async forProperty(property: { id: number; hash: string }): Promise<TCustomerWorkOrder[]> {
      return customerViews(await deps.repo.forProperty(property.id), property.hash);
    },

    /** One page of them, read in the database (decision 086). */
    async pageForProperty(property: { id: number; hash: string }, window: PageWindow) {
      const { rows, nextCursor } = await deps.repo.pageForProperty(property.id, window);
      return { rows: await customerViews(rows, property.hash), nextCursor };
    },
  };
}
