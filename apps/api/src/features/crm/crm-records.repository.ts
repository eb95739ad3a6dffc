import type { TCrmRecordKind } from '@lantern/contracts';
import {
  type CrmRecord,
  crmRecords,
  type Db,
  invoices,
  jobs,
  orders,
  products,
  properties,
  users,
} from '@lantern/db';
import { and, eq, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';
import { invoiceOfOrder } from '../payments/invoice-join.repository.ts';

export type CrmSubject = { userId: number } | { orderId: number };

export interface CrmErrorsQuery {
  record: 'all' | TCrmRecordKind;
  search?: string | undefined;
  dir: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

const subjectIs = (s: CrmSubject) =>
  'userId' in s ? eq(crmRecords.userId, s.userId) : eq(crmRecords.orderId, s.orderId);

/** A failed record with its job and what it stands for (a customer, or an order's product and address). */
const failedColumns = {
  record: crmRecords,
  attempts: jobs.attempts,
  jobId: jobs.id,
  jobStatus: jobs.status,
  jobError: jobs.lastError,
  failedAt: sql<Date>`coalesce(${jobs.finishedAt}, ${jobs.runAt})`.mapWith(jobs.runAt),
  email: users.email,
  userHash: users.hash,
  orderHash: orders.hash,
  productName: products.name,
  propertyHash: properties.hash,
  street: properties.street,
  unit: properties.unit,
  city: properties.city,
  state: properties.state,
};

const failedAt = sql`coalesce(${jobs.finishedAt}, ${jobs.runAt})`;

/** Failed records with their jobs, keyed for a page. */
function crmFailedQueries(db: Db) {
  const failedFrom = (sort: KeysetSort) =>
    db
      .select({ ...failedColumns, sortKey: sortText(sort), keyId: crmRecords.id })
      .from(crmRecords)
      .innerJoin(jobs, eq(jobs.id, crmRecords.jobId))
      .leftJoin(orders, eq(orders.id, crmRecords.orderId))
      .leftJoin(products, eq(products.id, orders.productId))
      .leftJoin(properties, eq(properties.id, orders.propertyId))
      .leftJoin(users, eq(users.id, crmRecords.userId))
      .$dynamic();

  return { failedFrom };
}

/** A record by subject or id, its job, and what it stands for. */
function crmRecordReads(db: Db) {
  return {
    /** The record of this customer or order, made on first use. */
    async ensure(subject: CrmSubject): Promise<CrmRecord> {
      await db.insert(crmRecords).values(subject).onConflictDoNothing();
      const [row] = await db.select().from(crmRecords).where(subjectIs(subject));
      if (!row) throw new Error('crm record vanished');
      return row;
    },

    async find(subject: CrmSubject): Promise<CrmRecord | undefined> {
      const [row] = await db.select().from(crmRecords).where(subjectIs(subject));
      return row;
    },

    async byId(id: number): Promise<CrmRecord | undefined> {
      const [row] = await db.select().from(crmRecords).where(eq(crmRecords.id, id));
      return row;
    },

    /**
     * Whether the record's latest job is still waiting and not yet taken by a worker: a change
     * made now will be read by that job, so no second job is needed.
     */
    async hasWaitingJob(recordId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: jobs.id })
        .from(crmRecords)
        .innerJoin(jobs, eq(jobs.id, crmRecords.jobId))
        .where(
          and(
            eq(crmRecords.id, recordId),
            eq(jobs.status, 'pending'),
            or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
          ),
        );
      return !!row;
    },

    async setJob(recordId: number, jobId: number): Promise<void> {
      await db.update(crmRecords).set({ jobId }).where(eq(crmRecords.id, recordId));
    },

    /** The customer as the CRM sees them; undefined when the account is gone. */
    async customer(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          phone: users.phone,
          staff: isNotNull(users.staffRoleId),
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** The order as the CRM sees it: product, address, who placed it, what it costs. */
    async order(orderId: number) {
      const [row] = await db
        .select({
          id: orders.id,
          hash: orders.hash,
          status: orders.status,
          userId: orders.userId,
          priceCents: orders.priceCents,
          createdAt: orders.createdAt,
          updatedAt: orders.updatedAt,
          productName: products.name,
          propertyHash: properties.hash,
          street: properties.street,
          unit: properties.unit,
          city: properties.city,
          state: properties.state,
          zip: properties.zip,
          invoiceTotalCents: invoices.totalCents,
          // Billed beside the order's own invoice and not void: trip charges (decision 046) and
          // agent hours (decisions 050, 066).
          extraCents: sql<number>`(select coalesce(sum(x.total_cents), 0)::int from ${invoices} x where x.order_id = ${orders.id} and x.kind in ('trip_charge', 'agent_hours') and x.status <> 'void')`,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .innerJoin(properties, eq(properties.id, orders.propertyId))
        .leftJoin(invoices, invoiceOfOrder)
        .where(eq(orders.id, orderId));
      return row;
    },
  };
}

/** A record synced, forgotten, claimed for creation, or failed. */
function crmRecordSync(db: Db) {
  return {
    /** A push succeeded: keep the CRM's id, forget the last error. */
    async synced(recordId: number, crmId: string): Promise<void> {
      await db
        .update(crmRecords)
        .set({
          crmId,
          syncedAt: sql`now()`,
          creatingUntil: null,
          lastErrorStatus: null,
          lastErrorMessage: null,
          lastErrorAt: null,
        })
        .where(eq(crmRecords.id, recordId));
    },

    /** The CRM no longer has the record (deleted there): the next push makes it again. */
    async forget(recordId: number): Promise<void> {
      await db.update(crmRecords).set({ crmId: null }).where(eq(crmRecords.id, recordId));
    },

    /**
     * Take the right to create the record in the CRM for `ms`: true for one caller at a time,
     * and never once the record has its CRM id.
     */
    async claimCreate(recordId: number, ms: number): Promise<boolean> {
      const rows = await db
        .update(crmRecords)
        .set({ creatingUntil: sql`now() + ${`${Math.round(ms)} milliseconds`}::interval` })
        .where(
          and(
            eq(crmRecords.id, recordId),
            isNull(crmRecords.crmId),
            or(isNull(crmRecords.creatingUntil), lte(crmRecords.creatingUntil, sql`now()`)),
          ),
        )
        .returning({ id: crmRecords.id });
      return rows.length > 0;
    },

    async releaseCreate(recordId: number): Promise<void> {
      await db.update(crmRecords).set({ creatingUntil: null }).where(eq(crmRecords.id, recordId));
    },

    /** HubSpot's answer to a failed push (status null: no answer). */
    async failed(recordId: number, status: number | null, message: string): Promise<void> {
      await db
        .update(crmRecords)
        .set({
          lastErrorStatus: status,
          lastErrorMessage: message.slice(0, 2000),
          lastErrorAt: sql`now()`,
        })
        .where(eq(crmRecords.id, recordId));
    },
  };
}

/** Failed records for staff. */
function crmRecordFailures(db: Db) {
  const { failedFrom } = crmFailedQueries(db);
  return {
    /** Records whose latest push failed on every try, most recent failure first by default. */
    async failedPage(q: CrmErrorsQuery) {
      const sort: KeysetSort = { expr: failedAt, type: 'timestamptz', dir: q.dir };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const filters: Array<SQL | undefined> = [
        eq(jobs.status, 'failed'),
        q.record === 'customer' ? isNotNull(crmRecords.userId) : undefined,
        q.record === 'order' ? isNotNull(crmRecords.orderId) : undefined,
        term
          ? or(
              sql`${users.email} ilike ${term}`,
              sql`${products.name} ilike ${term}`,
              sql`${properties.street} ilike ${term}`,
              sql`${crmRecords.lastErrorMessage} ilike ${term}`,
            )
          : undefined,
        afterCursor(sort, crmRecords.id, q.cursor),
      ];
      const rows = await failedFrom(sort)
        .where(and(...filters))
        .orderBy(...keysetOrder(sort, crmRecords.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },

    /** One record with its latest job, for a retry. */
    async withJob(recordId: number) {
      const [row] = await failedFrom({ expr: failedAt, type: 'timestamptz', dir: 'desc' }).where(
        eq(crmRecords.id, recordId),
      );
      return row;
    },
  };
}

/**
 * What we pushed to the CRM and how the last push went (issue 20; docs/decisions/027-crm-sync.md).
 * The rules (when to push, what to send) are in services/crm.
 */
export function createCrmRecordRepository(db: Db) {
  return { ...crmRecordReads(db), ...crmRecordSync(db), ...crmRecordFailures(db) };
}
export type CrmRecordRepository = ReturnType<typeof createCrmRecordRepository>;
export type FailedCrmRecord = NonNullable<Awaited<ReturnType<CrmRecordRepository['withJob']>>>;
