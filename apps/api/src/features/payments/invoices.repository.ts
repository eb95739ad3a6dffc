import type { TInvoiceStatus } from '@lantern/contracts';
import {
  type Db,
  invoiceLines,
  invoices,
  orders,
  payments,
  properties,
  propertyParticipants,
  refunds,
  users,
} from '@lantern/db';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  afterCursor,
  type KeysetSort,
  keysetOrder,
  type PageWindow,
  sortText,
  toPage,
} from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';
import { invoiceDescription, joinInvoiceOrder } from './invoice-join.repository.ts';

/**
 * Invoices a user may see: the ones billed to them, and those of properties on which they can
 * edit (the participants who may order). docs/decisions/010-orders-and-invoices.md. A union of
 * ids, not an `or`: each half reads its index, where the `or` read every invoice (issue 46).
 */
const visibleTo = (userId: number): SQL =>
  sql`${invoices.id} in (select v.id from ${invoices} v where v.user_id = ${userId}
    union select v.id from ${invoices} v join ${propertyParticipants} pp on pp.property_id = v.property_id
    where pp.user_id = ${userId} and pp.can_edit)`;

/** A user's invoices; one property's when `propertyHash` is given. */
const userInvoices = (userId: number, propertyHash: string | undefined) =>
  propertyHash ? and(visibleTo(userId), eq(properties.hash, propertyHash)) : visibleTo(userId);

/** Newest number first; the number is unique, the id only completes the cursor. */
const BY_NUMBER: KeysetSort = { expr: invoices.number, type: 'bigint', dir: 'desc' };

const summary = {
  hash: invoices.hash,
  number: invoices.number,
  property: properties.hash,
  street: properties.street,
  unit: properties.unit,
  description: invoiceDescription,
  kind: invoices.kind,
  status: invoices.status,
  totalCents: invoices.totalCents,
  dueDate: invoices.dueDate,
  issuedAt: invoices.issuedAt,
};

const detail = {
  ...summary,
  id: invoices.id,
  city: properties.city,
  state: properties.state,
  zip: properties.zip,
  billedTo: users.email,
  subtotalCents: invoices.subtotalCents,
  couponCode: invoices.couponCode,
  discountCents: invoices.discountCents,
  taxRateBasisPoints: invoices.taxRateBasisPoints,
  taxCents: invoices.taxCents,
  paidAt: invoices.paidAt,
  paidCents: invoices.paidCents,
  refundedCents: invoices.refundedCents,
  orderStatus: orders.status,
};

const recorder = alias(users, 'recorder');

/** An invoice with its lines, payments and refunds. */
function invoiceQueries(db: Db) {
  /** Lines, payments and refunds of one invoice, oldest first. */
  async function parts(invoiceId: number) {
    const [lines, paid, refunded] = await Promise.all([
      db
        .select({
          description: invoiceLines.description,
          quantity: invoiceLines.quantity,
          unitPriceCents: invoiceLines.unitPriceCents,
          taxable: invoiceLines.taxable,
          amountCents: invoiceLines.amountCents,
        })
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, invoiceId))
        .orderBy(asc(invoiceLines.id)),
      db
        .select({
          hash: payments.hash,
          amountCents: payments.amountCents,
          method: payments.method,
          reference: payments.reference,
          receivedOn: payments.receivedOn,
          recordedBy: recorder.email,
        })
        .from(payments)
        .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
        .where(eq(payments.invoiceId, invoiceId))
        .orderBy(asc(payments.id)),
      db
        .select({
          hash: refunds.hash,
          payment: payments.hash,
          amountCents: refunds.amountCents,
          reason: refunds.reason,
          createdAt: refunds.createdAt,
          recordedBy: recorder.email,
        })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .leftJoin(recorder, eq(recorder.id, refunds.recordedBy))
        .where(eq(refunds.invoiceId, invoiceId))
        .orderBy(asc(refunds.id)),
    ]);
    return { lines, payments: paid, refunds: refunded };
  }

  async function findWhere(where: SQL | undefined) {
    const [row] = await joinInvoiceOrder(db.select(detail).from(invoices).$dynamic()).where(where);
    if (!row) return undefined;
    return { ...row, ...(await parts(row.id)) };
  }

  return { parts, findWhere };
}

/** A user's invoices and one invoice. */
function invoiceLookups(db: Db) {
  const { findWhere } = invoiceQueries(db);
  return {
    /** Newest first; one property's when `propertyHash` is given. */
    async listForUser(userId: number, propertyHash?: string) {
      return joinInvoiceOrder(db.select(summary).from(invoices).$dynamic())
        .where(userInvoices(userId, propertyHash))
        .orderBy(desc(invoices.number));
    },

    /** One page of them under /api/v1 (decision 086): after the cursor's number, limit + 1 rows. */
    async pageForUser(userId: number, propertyHash: string | undefined, window: PageWindow) {
      const rows = await joinInvoiceOrder(
        db
          .select({ ...summary, sortKey: sortText(BY_NUMBER), keyId: invoices.id })
          .from(invoices)
          .$dynamic(),
      )
        .where(
          and(
            userInvoices(userId, propertyHash),
            afterCursor(BY_NUMBER, invoices.id, window.cursor),
          ),
        )
        .orderBy(...keysetOrder(BY_NUMBER, invoices.id))
        .limit(window.limit + 1);
      return toPage(rows, window.limit);
    },

    /** One invoice in full, if the user may see it. */
    findForUser: (userId: number, hash: string) =>
      findWhere(and(eq(invoices.hash, hash), visibleTo(userId))),

    /** One invoice in full, for staff. */
    find: (hash: string) => findWhere(eq(invoices.hash, hash)),
  };
}

/** Staff's page of invoices. */
function invoicePages(db: Db) {
  return {
    /** Every invoice, as staff search them (issue 17): keyset pages, newest number first. */
    async page(q: {
      sort: 'number' | 'due';
      status: 'all' | TInvoiceStatus;
      search?: string | undefined;
      dir: 'asc' | 'desc';
      limit: number;
      cursor?: string | undefined;
    }) {
      // The bare columns, not casts of them: only these match the indexes (issue 46).
      const sort: KeysetSort =
        q.sort === 'due'
          ? { expr: invoices.dueDate, type: 'date', dir: q.dir }
          : { expr: invoices.number, type: 'bigint', dir: q.dir };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const digits = q.search?.replace(/^inv-?/i, '');
      const filters: Array<SQL | undefined> = [
        q.status === 'all' ? undefined : eq(invoices.status, q.status),
        term
          ? or(
              sql`(${users.email} || ' ' || ${properties.street} || ' ' || ${properties.city}) ilike ${term}`,
              digits && /^\d{1,9}$/.test(digits) ? eq(invoices.number, Number(digits)) : undefined,
            )
          : undefined,
        afterCursor(sort, invoices.id, q.cursor),
      ];
      const rows = await joinInvoiceOrder(
        db
          .select({
            ...summary,
            billedTo: users.email,
            paidCents: invoices.paidCents,
            sortKey: sortText(sort),
            keyId: invoices.id,
          })
          .from(invoices)
          .$dynamic(),
      )
        .where(and(...filters))
        .orderBy(...keysetOrder(sort, invoices.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },
  };
}

export function createInvoiceRepository(db: Db) {
  return { ...invoiceLookups(db), ...invoicePages(db) };
}
export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;
export type InvoiceDetailRow = NonNullable<Awaited<ReturnType<InvoiceRepository['find']>>>;
