import {
  EMPTY_PROPERTY_FACTS,
  type TPropertyFacts,
  type TValuationReportStatus,
  VALUATION_PRODUCTS,
} from '@lantern/contracts';
import {
  auditLog,
  type Db,
  invoices,
  type NewAuditEntry,
  newHash,
  orders,
  products,
  properties,
  propertyFacts,
  users,
  valuationReports,
} from '@lantern/db';
import { and, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';

/** Who made a change and through which request, for its activity row. */
export type AuditBase = Omit<
  NewAuditEntry,
  'id' | 'createdAt' | 'action' | 'recordType' | 'recordId' | 'before' | 'after'
>;

const SYSTEM: AuditBase = {
  actorKind: 'system',
  method: 'JOB',
  url: 'job:valuation.report',
  status: 200,
};

const factsOf = (row: typeof propertyFacts.$inferSelect | undefined): TPropertyFacts =>
  row
    ? {
        bedrooms: row.bedrooms,
        bathrooms: row.bathrooms,
        livingArea: row.livingArea,
        lotSizeSquareFeet: row.lotSizeSquareFeet,
        yearBuilt: row.yearBuilt,
        condition: row.condition,
      }
    : EMPTY_PROPERTY_FACTS;

const summary = {
  id: valuationReports.id,
  hash: valuationReports.hash,
  product: valuationReports.product,
  productName: products.name,
  order: orders.hash,
  orderId: orders.id,
  orderStatus: orders.status,
  version: valuationReports.version,
  status: valuationReports.status,
  content: valuationReports.content,
  asOf: valuationReports.asOf,
  pdfKey: valuationReports.pdfKey,
  createdAt: valuationReports.createdAt,
  /** The newest version of its order: only that one may be made again. */
  latest: sql<boolean>`${valuationReports.version} = (select max(v.version) from ${valuationReports} v where v.order_id = ${valuationReports.orderId})`,
};

/** A property's stated facts for valuation. */
function valuationFacts(db: Db) {
  return {
    async facts(propertyId: number): Promise<{ facts: TPropertyFacts; updatedAt: Date | null }> {
      const [row] = await db
        .select()
        .from(propertyFacts)
        .where(eq(propertyFacts.propertyId, propertyId));
      return { facts: factsOf(row), updatedAt: row?.updatedAt ?? null };
    },

    /** Save the facts and their activity row in one transaction. */
    async saveFacts(
      property: { id: number; hash: string },
      facts: TPropertyFacts,
      userId: number,
      audit: AuditBase,
    ): Promise<Date> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(propertyFacts)
          .where(eq(propertyFacts.propertyId, property.id))
          .for('update');
        const values = { ...facts, updatedBy: userId, updatedAt: new Date() };
        const [saved] = await tx
          .insert(propertyFacts)
          .values({ propertyId: property.id, ...values })
          .onConflictDoUpdate({ target: propertyFacts.propertyId, set: values })
          .returning();
        await tx.insert(auditLog).values({
          ...audit,
          action: 'property.facts',
          recordType: 'property',
          recordId: property.hash,
          before: factsOf(before),
          after: facts,
        });
        return saved?.updatedAt ?? new Date();
      });
    },
  };
}

/** Reports, and the property, owner and order they belong to. */
function valuationReportReads(db: Db) {
  return {
    /** A property's reports, newest first. */
    async reportsFor(propertyId: number) {
      return db
        .select(summary)
        .from(valuationReports)
        .innerJoin(orders, eq(orders.id, valuationReports.orderId))
        .innerJoin(products, eq(products.id, orders.productId))
        .where(eq(valuationReports.propertyId, propertyId))
        .orderBy(desc(valuationReports.createdAt), desc(valuationReports.id));
    },

    /** One report of this property (another property's is not found). */
    async report(propertyId: number, hash: string) {
      const [row] = await db
        .select(summary)
        .from(valuationReports)
        .innerJoin(orders, eq(orders.id, valuationReports.orderId))
        .innerJoin(products, eq(products.id, orders.productId))
        .where(and(eq(valuationReports.propertyId, propertyId), eq(valuationReports.hash, hash)));
      return row;
    },

    /** The hash of the property a report belongs to (to check who may read it). */
    async propertyHashOf(reportHash: string): Promise<string | undefined> {
      const [row] = await db
        .select({ hash: properties.hash })
        .from(valuationReports)
        .innerJoin(properties, eq(properties.id, valuationReports.propertyId))
        .where(eq(valuationReports.hash, reportHash));
      return row?.hash;
    },

    async reportById(id: number) {
      const [row] = await db.select().from(valuationReports).where(eq(valuationReports.id, id));
      return row;
    },

    async property(id: number) {
      const [row] = await db.select().from(properties).where(eq(properties.id, id));
      return row;
    },

    async ownerEmail(userId: number): Promise<string | undefined> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email;
    },

    /** An order of a valuation product, with its product and invoice. */
    async order(orderId: number) {
      const [row] = await db
        .select({
          id: orders.id,
          hash: orders.hash,
          propertyId: orders.propertyId,
          userId: orders.userId,
          status: orders.status,
          product: products.slug,
          productName: products.name,
          invoiceId: invoices.id,
          invoiceHash: invoices.hash,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'order')))
        .where(eq(orders.id, orderId));
      return row;
    },
  };
}

/** Starting, preparing and finishing a report for its order. */
function valuationRuns(db: Db) {
  return {
    /**
     * Start a version of an order's report (idempotent: the same version twice is one row).
     * Null when that version exists already.
     */
    async start(
      input: {
        orderId: number;
        propertyId: number;
        product: string;
        version: number;
        requestedBy: number | null;
      },
      /** A customer's "make it again": its activity row, with the new version, in the same transaction. */
      regenerated?: { from: string; audit: AuditBase },
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(valuationReports)
          .values({ ...input, hash: newHash(), status: 'preparing' })
          .onConflictDoNothing()
          .returning();
        if (row && regenerated)
          await tx.insert(auditLog).values({
            ...regenerated.audit,
            action: 'valuation.regenerate',
            recordType: 'valuation_report',
            recordId: row.hash,
            after: { version: row.version, from: regenerated.from },
          });
        return row ?? null;
      });
    },

    /** The version an order's job should make: the one still preparing, if any. */
    async preparing(orderId: number) {
      const [row] = await db
        .select()
        .from(valuationReports)
        .where(and(eq(valuationReports.orderId, orderId), eq(valuationReports.status, 'preparing')))
        .orderBy(desc(valuationReports.version))
        .limit(1);
      return row;
    },

    /**
     * A report made (or refused): its content, and the order completed (or cancelled when it
     * was refunded), with the activity row, in one transaction.
     */
    async finish(
      report: { id: number; hash: string; orderId: number },
      result: {
        status: Exclude<TValuationReportStatus, 'preparing'>;
        content: unknown;
        asOf: string | null;
        pdfKey: string | null;
      },
      audit: AuditBase = SYSTEM,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [done] = await tx
          .update(valuationReports)
          .set({ ...result, readyAt: new Date() })
          .where(and(eq(valuationReports.id, report.id), eq(valuationReports.status, 'preparing')))
          .returning({ id: valuationReports.id });
        if (!done) return false;
        const orderStatus = result.status === 'refunded' ? 'cancelled' : 'completed';
        await tx
          .update(orders)
          .set({ status: orderStatus, updatedAt: new Date() })
          .where(and(eq(orders.id, report.orderId), eq(orders.status, 'confirmed')));
        await tx.insert(auditLog).values({
          ...audit,
          action: `valuation.${result.status}`,
          recordType: 'valuation_report',
          recordId: report.hash,
          before: { status: 'preparing' },
          after: { status: result.status, asOf: result.asOf, order: orderStatus },
        });
        return true;
      });
    },
  };
}

/** Reports not delivered or stuck preparing, for the jobs. */
function valuationRetries(db: Db) {
  return {
    /**
     * Confirmed (paid or free) orders of a valuation product with no report yet: the sweep's
     * list, so a delivery lost between the payment and its job is still made.
     */
    async undelivered(limit: number) {
      return db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(
          and(
            eq(orders.status, 'confirmed'),
            inArray(products.slug, [...VALUATION_PRODUCTS]),
            notExists(
              db
                .select({ one: sql`1` })
                .from(valuationReports)
                .where(eq(valuationReports.orderId, orders.id)),
            ),
          ),
        )
        .orderBy(orders.id)
        .limit(limit);
    },

    /** Reports whose job never finished them (the sweep enqueues their job again). */
    async stalePreparing(limit: number) {
      return db
        .select({ orderId: valuationReports.orderId, version: valuationReports.version })
        .from(valuationReports)
        .where(
          and(
            eq(valuationReports.status, 'preparing'),
            isNull(valuationReports.readyAt),
            sql`${valuationReports.createdAt} < now() - interval '10 minutes'`,
          ),
        )
        .limit(limit);
    },
  };
}

/**
 * The valuation products' rows (issue 38): the home's facts, and every version of a report
 * with the order it delivers. A report's content is frozen when it is made.
 */
export function createValuationRepository(db: Db) {
  return {
    ...valuationFacts(db),
    ...valuationReportReads(db),
    ...valuationRuns(db),
    ...valuationRetries(db),
  };
}
export type ValuationRepository = ReturnType<typeof createValuationRepository>;
