import { formatListingDay, MESSAGES, streetAddressUnit } from '@lantern/contracts';
import type { WorkOrder } from '@lantern/db';
import {
  dashboardHref,
  formatCents,
  invoiceNumber,
  WORK_ORDER_PAGE_OF_KIND,
} from '@lantern/domain';
import { MAIL_JOB } from '../mail/outbox.ts';
import { tripCharge as tripChargeMail, workOrderUpdate } from '../mail/templates.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import { kindLabel } from './work-order-rules.ts';
import type { WorkOrderServiceDeps } from './work-order-types.ts';
import type { ChangeFacts, WorkOrderChange } from './work-orders.repository.ts';

export type Change = Parameters<typeof workOrderUpdate>[1]['change'];

/** The trip charge was billed: mail the customer, tell the property's pages and the CRM. */
async function announceTripCharge(
  deps: WorkOrderServiceDeps,
  hash: string,
  charged: { hash: string; number: number; totalCents: number },
) {
  const row = await deps.repo.find(hash);
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

/**
 * Mail the customer (unless `change` is null) and tell the property's pages; after the
 * transaction committed.
 */
export async function announceWorkOrder(
  deps: WorkOrderServiceDeps,
  hash: string,
  change: Change | null,
) {
  const row = await deps.repo.find(hash);
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
export const changeOf = (after: WorkOrder): Change | null => {
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

const approvedDone = (wo: WorkOrder) => wo.state === 'done' && wo.proofReview === 'approved';

/** Done as the customer is told it: the proof photos approved (issue 25's `work_order.done`). */
async function emitDone(deps: WorkOrderServiceDeps, before: WorkOrder, after: WorkOrder) {
  if (!approvedDone(after) || approvedDone(before)) return;
  const wo = after;
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

/** A change under the row lock; a refusal is answered as it is, a change is announced. */
export async function changeWorkOrder(
  deps: WorkOrderServiceDeps,
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
  const done = await deps.repo.change(hash, actorId, decide, only);
  if (!done) return refuse(404, MESSAGES.notFound);
  if (!done.ok) return done;
  await announceWorkOrder(deps, done.after.hash, announceAs(done.after));
  await emitDone(deps, done.before, done.after);
  if (done.tripCharge) await announceTripCharge(deps, done.after.hash, done.tripCharge);
  let removal: string | null = null;
  if (done.removalId) {
    removal = (await deps.repo.hashOf(done.removalId)) ?? null;
    if (removal) await announceWorkOrder(deps, removal, { state: 'requested' });
  }
  return ok({
    before: done.before,
    after: done.after,
    removal,
    tripCharge: done.tripCharge?.hash ?? null,
  });
}
