import { CRM_TEXTS, MESSAGES, streetAddressUnit, type TOrderStatus } from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import {
  JOB_FAILURE_HINTS,
  type JobFailureHints,
  type JobKind,
  type JobRunner,
} from '../jobs/runner.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { CrmRecordRepository, CrmSubject, FailedCrmRecord } from './crm-records.repository.ts';
import { type CrmClient, CrmError, type CrmProperties } from './hubspot.ts';

/** The job kind that pushes one customer or one order (docs/decisions/027-crm-sync.md). */
export const CRM_JOB = 'crm.sync';
export type CrmJobPayload = { customer: number } | { order: number };

/** A deal being created by another push holds its record this long at most. */
const CREATE_LEASE_MS = 60_000;
/** With ten tries the waits (30 s doubling to an hour) add up to about three hours. */
const MAX_ATTEMPTS = 10;

/** Another push is creating this deal right now: try again once it has (not HubSpot's doing). */
class CreatingElsewhereError extends Error {
  readonly [JOB_FAILURE_HINTS]: JobFailureHints = { retryAfterMs: 15_000 };
  constructor() {
    super('Another push is creating this deal at HubSpot; trying again shortly.');
    this.name = 'CreatingElsewhereError';
  }
}

export interface CrmSyncDeps {
  records: CrmRecordRepository;
  jobs: Pick<JobRunner, 'enqueue' | 'retry'>;
  /** HubSpot, or null when HUBSPOT_TOKEN is not set: then nothing is enqueued. */
  client: CrmClient | null;
  pipeline: string;
  stages: Record<TOrderStatus, string>;
  siteName: string;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** "Ann Marie Lee" → first name "Ann Marie", last name "Lee"; one word is a first name. */
export function splitName(name: string | null): { firstname: string; lastname: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstname: words[0] ?? '', lastname: '' };
  return { firstname: words.slice(0, -1).join(' '), lastname: words.at(-1) ?? '' };
}

/** Run a push for this record, keeping HubSpot's answer when it fails. */
async function recording<T>(
  records: CrmRecordRepository,
  recordId: number,
  push: () => Promise<T>,
): Promise<T> {
  try {
    return await push();
  } catch (err) {
    if (err instanceof CrmError) await records.failed(recordId, err.status, err.detail);
    else if (!(err instanceof CreatingElsewhereError))
      await records.failed(recordId, null, err instanceof Error ? err.message : String(err));
    throw err;
  }
}

function contactProperties(c: {
  email: string;
  name: string | null;
  phone: string | null;
}): CrmProperties {
  // Empty strings clear a value the customer removed.
  return { email: c.email, ...splitName(c.name), phone: c.phone ?? '' };
}

type OrderRow = NonNullable<Awaited<ReturnType<CrmRecordRepository['order']>>>;
function dealProperties(deps: CrmSyncDeps, o: OrderRow): CrmProperties {
  const address = `${streetAddressUnit(o.street, o.unit)}, ${o.city}, ${o.state} ${o.zip}`;
  // The order's own invoice (or its price), plus what was billed beside it; hours billed on a
  // quoted order without an invoice of its own are the deal's whole amount.
  const own = o.invoiceTotalCents ?? o.priceCents;
  const extra = Number(o.extraCents);
  const cents = own === null ? (extra > 0 ? extra : null) : own + extra;
  const closed = o.status === 'confirmed' || o.status === 'completed' || o.status === 'cancelled';
  return {
    dealname: `${o.productName} — ${address}`,
    pipeline: deps.pipeline,
    dealstage: deps.stages[o.status],
    // Empty clears an amount the deal had, say from an invoice since voided.
    amount: cents === null ? '' : dollars(cents),
    ...(closed ? { closedate: o.updatedAt.toISOString() } : {}),
    description: `${deps.siteName} order ${o.hash}. Staff page: ${deps.publicUrl}/admin/properties/${o.propertyHash}`,
  };
}

/** The customer's contact: updated by id when we have one, else upserted by email. */
async function pushCustomer(
  records: CrmRecordRepository,
  crm: CrmClient,
  userId: number,
): Promise<string | null> {
  const customer = await records.customer(userId);
  if (!customer) return null;
  const record = await records.ensure({ userId });
  return recording(records, record.id, async () => {
    const properties = contactProperties(customer);
    if (record.crmId) {
      const updated = await crm.updateContact(record.crmId, properties);
      if (updated) {
        await records.synced(record.id, updated.id);
        return updated.id;
      }
      await records.forget(record.id);
    }
    const made = await crm.upsertContactByEmail(customer.email, properties);
    await records.synced(record.id, made.id);
    return made.id;
  });
}

/** The order's deal, associated with its customer's contact (pushed first if need be). */
async function pushOrder(deps: CrmSyncDeps, crm: CrmClient, orderId: number): Promise<void> {
  const { records } = deps;
  const order = await records.order(orderId);
  if (!order) return;
  const record = await records.ensure({ orderId });
  await recording(records, record.id, async () => {
    const contact = await records.find({ userId: order.userId });
    const contactId = contact?.crmId ?? (await pushCustomer(records, crm, order.userId));
    if (!contactId) throw new Error('The customer who placed this order no longer exists.');
    const properties = dealProperties(deps, order);
    if (record.crmId) {
      const updated = await crm.updateDeal(record.crmId, properties);
      if (updated) {
        await records.synced(record.id, updated.id);
        return;
      }
      await records.forget(record.id);
    }
    // HubSpot has no idempotency key for creates: one push at a time may create the deal.
    if (!(await records.claimCreate(record.id, CREATE_LEASE_MS)))
      throw new CreatingElsewhereError();
    try {
      const made = await crm.createDeal(properties, contactId);
      await records.synced(record.id, made.id);
    } catch (err) {
      await records.releaseCreate(record.id);
      throw err;
    }
  });
}

/**
 * Pushing customers and orders to the CRM (issue 20): a customer who signs up or changes their
 * profile becomes a HubSpot contact, an order a deal associated with its customer's contact.
 * Each push is a `crm.sync` job carrying only ids, so a push reads the record as it is when it
 * runs; changes made while a job still waits ride on that job. HubSpot's ids are kept in
 * `crm_records`, and so is HubSpot's answer to a push that failed.
 */
export function createCrmSync(deps: CrmSyncDeps) {
  const { records, client, log } = deps;

  async function enqueue(subject: CrmSubject) {
    const record = await records.ensure(subject);
    if (await records.hasWaitingJob(record.id)) return;
    const payload: CrmJobPayload =
      'userId' in subject ? { customer: subject.userId } : { order: subject.orderId };
    const job = await deps.jobs.enqueue(CRM_JOB, payload);
    if (job) await records.setJob(record.id, job.id);
  }

  /** Enqueue errors are logged, never thrown: the customer's own change already succeeded. */
  async function quietly(what: string, work: () => Promise<void>) {
    if (!client) return;
    try {
      await work();
    } catch (err) {
      log.error({ err }, `could not enqueue the CRM push of ${what}`);
    }
  }

  const job: JobKind = {
    maxAttempts: MAX_ATTEMPTS,
    handler: async (payload) => {
      if (!client) throw new Error('CRM sync is off (HUBSPOT_TOKEN is not set).');
      const p = payload as Partial<Record<'customer' | 'order', number>>;
      if (typeof p.customer === 'number') await pushCustomer(records, client, p.customer);
      else if (typeof p.order === 'number') await pushOrder(deps, client, p.order);
    },
    describe: (payload) => {
      const p = payload as Partial<Record<'customer' | 'order', number>>;
      return typeof p.customer === 'number'
        ? `Push customer #${p.customer} to HubSpot`
        : `Push order #${p.order} to HubSpot`;
    },
  };

  return {
    /** Whether pushes happen at all (HUBSPOT_TOKEN is set). */
    enabled: client !== null,
    job,

    /** A customer signed up or changed their profile; staff accounts are not customers. */
    customerChanged: (userId: number) =>
      quietly(`customer ${userId}`, async () => {
        const customer = await records.customer(userId);
        if (customer && !customer.staff) await enqueue({ userId });
      }),

    /** An order was placed or its status may have changed. */
    orderChanged: (orderId: number) => quietly(`order ${orderId}`, () => enqueue({ orderId })),

    /** Staff's retry of a push that failed: one more try now (the job runner's retry). */
    async retry(recordId: number): Promise<Outcome<{ before: FailedCrmRecord; jobId: number }>> {
      const before = await records.withJob(recordId);
      if (!before) return refuse(404, MESSAGES.notFound);
      if (!client) return refuse(409, CRM_TEXTS.retryWhileOff);
      const retried = await deps.jobs.retry(before.jobId);
      if (!retried) return refuse(409, CRM_TEXTS.notFailed);
      return ok({ before, jobId: retried.id });
    },
  };
}
export type CrmSync = ReturnType<typeof createCrmSync>;
