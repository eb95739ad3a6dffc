import type { TAdminCdaQuery, TCdaPayee, TSettlementTransactionsQuery } from '@lantern/contracts';
import {
  type Db,
  isUniqueViolation,
  newHash,
  properties,
  propertyParticipants,
  type SettlementCda,
  type SettlementTransaction,
  settlementCdaPayees,
  settlementCdas,
  settlementTransactions,
  signingDocuments,
  type Tx,
  users,
  userVendorKinds,
  vendorAssignments,
} from '@lantern/db';
import { SELLING_ROLES } from '@lantern/domain';
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  afterCursor,
  afterIdCursor,
  type KeysetSort,
  keysetOrder,
  type PageWindow,
  sortText,
  toPage,
} from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

/**
 * Settlement transactions, their statements and commission disbursement authorisations (issue
 * 24, docs/decisions/049). A settlement vendor reaches a transaction only through a settlement
 * assignment of its property (and only while they hold the kind); anything else is not found.
 */

export interface SettlementRow {
  t: SettlementTransaction;
  propertyHash: string;
  street: string;
  unit: string | null;
  city: string;
  state: string;
  zip: string;
  cda: SettlementCda | null;
  documentHash: string | null;
  signedByName: string | null;
  signedByEmail: string | null;
  approvedByName: string | null;
}

/** The assignment check: `userId` holds the settlement kind and is assigned the property. */
const assignedTo = (userId: number) =>
  sql`exists (select 1 from ${vendorAssignments} va join ${userVendorKinds} vk on vk.user_id = va.user_id and vk.kind = va.kind where va.user_id = ${userId} and va.kind = 'settlement' and va.property_id = ${settlementTransactions.propertyId})`;

/** The sellers' check (decision 066): `userId` takes part in the property on the selling side. */
const sellerOf = (userId: number) =>
  sql`exists (select 1 from ${propertyParticipants} pp where pp.property_id = ${properties.id} and pp.user_id = ${userId} and pp.role::text in (${sql.join(
    SELLING_ROLES.map((r) => sql`${r}`),
    sql`, `,
  )}))`;

const signer = alias(users, 'cda_signer');

const approver = alias(users, 'cda_approver');

const columns = {
  t: getTableColumns(settlementTransactions),
  propertyHash: properties.hash,
  street: properties.street,
  unit: properties.unit,
  city: properties.city,
  state: properties.state,
  zip: properties.zip,
  cdaId: settlementCdas.id,
  documentHash: signingDocuments.hash,
  signedByName: sql<string | null>`coalesce(nullif(${signer.name}, ''), ${signer.email})`,
  approvedByName: sql<string | null>`coalesce(nullif(${approver.name}, ''), ${approver.email})`,
  signedByEmail: signer.email,
};

const byCreated: KeysetSort = {
  expr: settlementTransactions.createdAt,
  type: 'timestamptz',
  dir: 'desc',
};

const searchOf = (search: string | undefined) => {
  if (!search) return undefined;
  const term = `%${escapeLike(search)}%`;
  return sql`(${properties.street} ilike ${term} or ${properties.city} ilike ${term} or coalesce(${settlementTransactions.escrowNumber}, '') ilike ${term})`;
};

async function lockTransaction(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(settlementTransactions)
    .where(eq(settlementTransactions.id, id))
    .for('update');
  return row;
}

async function lockCda(tx: Tx, transactionId: number) {
  const [row] = await tx
    .select()
    .from(settlementCdas)
    .where(eq(settlementCdas.transactionId, transactionId))
    .for('update');
  return row;
}

/** A transaction row with its property and any CDA, keyed for a page, and its mapping. */
function settlementQueries(db: Db) {
  const base = (sort: KeysetSort = byCreated) =>
    db
      .select({
        ...columns,
        cda: getTableColumns(settlementCdas),
        sortKey: sortText(sort),
        keyId: settlementTransactions.id,
      })
      .from(settlementTransactions)
      .innerJoin(properties, eq(properties.id, settlementTransactions.propertyId))
      .leftJoin(settlementCdas, eq(settlementCdas.transactionId, settlementTransactions.id))
      .leftJoin(signingDocuments, eq(signingDocuments.id, settlementCdas.documentId))
      .leftJoin(signer, eq(signer.id, settlementCdas.signedBy))
      .leftJoin(approver, eq(approver.id, settlementCdas.approvedBy));

  type Selected = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];
  const rowOf = (r: Selected): SettlementRow => ({
    t: r.t,
    propertyHash: r.propertyHash,
    street: r.street,
    unit: r.unit,
    city: r.city,
    state: r.state,
    zip: r.zip,
    cda: r.cdaId === null ? null : (r.cda as SettlementCda),
    documentHash: r.documentHash,
    signedByName: r.signedByName,
    signedByEmail: r.signedByEmail,
    approvedByName: r.approvedByName,
  });

  return { base, rowOf };
}

/**
 * Properties with a settlement vendor's assignment (one vendor's, or any with `userId` null) and
 * any open transaction, one row a property; `after` narrows to one page.
 */
function assigned(db: Db, userId: number | null, after?: SQL) {
  const open = alias(settlementTransactions, 'open_t');
  return db
    .selectDistinctOn([vendorAssignments.propertyId], {
      id: properties.id,
      hash: properties.hash,
      street: properties.street,
      unit: properties.unit,
      city: properties.city,
      state: properties.state,
      openTransaction: open.hash,
    })
    .from(vendorAssignments)
    .innerJoin(properties, eq(properties.id, vendorAssignments.propertyId))
    .innerJoin(
      userVendorKinds,
      and(
        eq(userVendorKinds.userId, vendorAssignments.userId),
        eq(userVendorKinds.kind, vendorAssignments.kind),
      ),
    )
    .leftJoin(open, and(eq(open.propertyId, properties.id), eq(open.status, 'open')))
    .where(
      and(
        userId === null ? undefined : eq(vendorAssignments.userId, userId),
        eq(vendorAssignments.kind, 'settlement'),
        after,
      ),
    )
    .$dynamic();
}

/** The properties a vendor is assigned and opening a transaction on one. */
function settlementAssignments(db: Db) {
  return {
    /** The properties the vendor holds a settlement assignment for, with any open transaction. */
    /** With `userId` null (staff): every property some settlement vendor is assigned. */
    assignedProperties: (userId: number | null) =>
      assigned(db, userId).orderBy(asc(vendorAssignments.propertyId)),

    /**
     * One page of them under /api/v1 (decision 086): after the cursor's property id, on
     * vendor_assignments_unique_idx (a vendor's) or vendor_assignments_kind_property_idx (staff).
     */
    async pageAssignedProperties(userId: number | null, window: PageWindow) {
      const after = afterIdCursor(vendorAssignments.propertyId, 'asc', window.cursor);
      const rows = await assigned(db, userId, after)
        .orderBy(asc(vendorAssignments.propertyId))
        .limit(window.limit + 1);
      return toPage(
        rows.map((r) => ({ ...r, sortKey: '', keyId: r.id })),
        window.limit,
      );
    },

    /**
     * A new transaction; 'openExists' when the property has an open one already. The assignment is
     * checked inside the insert, so a vendor unassigned meanwhile makes nothing.
     */
    async create(
      /** The settlement vendor, or null for staff (any settlement vendor's assignment). */
      userId: number | null,
      createdBy: number,
      propertyHash: string,
      values: { escrowNumber: string | null; salePriceCents: number; closingDate: string },
    ): Promise<SettlementTransaction | 'notFound' | 'openExists'> {
      const [property] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(
          and(
            eq(properties.hash, propertyHash),
            sql`exists (select 1 from ${vendorAssignments} va join ${userVendorKinds} vk on vk.user_id = va.user_id and vk.kind = va.kind where ${userId === null ? sql`true` : sql`va.user_id = ${userId}`} and va.kind = 'settlement' and va.property_id = ${properties.id})`,
          ),
        );
      if (!property) return 'notFound';
      try {
        // A savepoint: a refused insert leaves the caller's unit of work usable.
        const [row] = await db.transaction((tx) =>
          tx
            .insert(settlementTransactions)
            .values({ hash: newHash(), propertyId: property.id, createdBy, ...values })
            .returning(),
        );
        if (!row) throw new Error('settlement transaction not inserted');
        return row;
      } catch (err) {
        if (isUniqueViolation(err, 'settlement_transactions_open_idx')) return 'openExists';
        throw err;
      }
    },
  };
}

/** One transaction, a seller's property and emails, and a property's approved sales. */
function settlementLookups(db: Db) {
  const { base, rowOf } = settlementQueries(db);
  return {
    /** One transaction; with `vendorId`, only through that vendor's settlement assignment. */
    async find(hash: string, vendorId: number | null): Promise<SettlementRow | undefined> {
      const [row] = await base().where(
        and(
          eq(settlementTransactions.hash, hash),
          vendorId === null ? undefined : assignedTo(vendorId),
        ),
      );
      return row ? rowOf(row) : undefined;
    },

    /** The property when `userId` sells it; undefined for anyone else (their 404). */
    async sellerProperty(userId: number, propertyHash: string) {
      const [row] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.hash, propertyHash), sellerOf(userId)));
      return row;
    },

    /** The addresses of the property's sellers, told when their closing documents are ready. */
    async sellerEmails(propertyId: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ email: users.email })
        .from(propertyParticipants)
        .innerJoin(users, eq(users.id, propertyParticipants.userId))
        .where(
          and(
            eq(propertyParticipants.propertyId, propertyId),
            inArray(propertyParticipants.role, [...SELLING_ROLES]),
          ),
        );
      return rows.map((r) => r.email);
    },

    /** The property's sales whose CDA staff approved, latest closing first. */
    async approvedOf(propertyId: number): Promise<SettlementRow[]> {
      const rows = await base()
        .where(
          and(
            eq(settlementTransactions.propertyId, propertyId),
            eq(settlementCdas.status, 'approved'),
          ),
        )
        .orderBy(desc(settlementTransactions.closingDate), desc(settlementTransactions.id));
      return rows.map(rowOf);
    },
  };
}

/** A seller's approved CDA, its payees, and the vendor's and staff's pages. */
function settlementPages(db: Db) {
  const { base, rowOf } = settlementQueries(db);
  return {
    /** One approved sale, only for a seller of its property. */
    async approvedForSeller(hash: string, userId: number): Promise<SettlementRow | undefined> {
      const [row] = await base().where(
        and(
          eq(settlementTransactions.hash, hash),
          eq(settlementCdas.status, 'approved'),
          sellerOf(userId),
        ),
      );
      return row ? rowOf(row) : undefined;
    },

    async payees(cdaId: number): Promise<TCdaPayee[]> {
      return db
        .select({
          name: settlementCdaPayees.name,
          role: settlementCdaPayees.role,
          amountCents: settlementCdaPayees.amountCents,
          instructions: settlementCdaPayees.instructions,
        })
        .from(settlementCdaPayees)
        .where(eq(settlementCdaPayees.cdaId, cdaId))
        .orderBy(asc(settlementCdaPayees.position));
    },

    /** The vendor's transactions (newest first by default). */
    async pageForVendor(userId: number, q: TSettlementTransactionsQuery) {
      const sort: KeysetSort = {
        expr: settlementTransactions.createdAt,
        type: 'timestamptz',
        dir: q.dir,
      };
      const rows = await base(sort)
        .where(
          and(
            assignedTo(userId),
            q.status ? eq(settlementTransactions.status, q.status) : undefined,
            searchOf(q.search),
            afterCursor(sort, settlementTransactions.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, settlementTransactions.id))
        .limit(q.limit + 1);
      const page = toPage(rows, q.limit);
      return { rows: page.rows.map(rowOf), nextCursor: page.nextCursor };
    },

    /** Staff's queue: transactions whose CDA is in one state, the longest waiting first. */
    async pageForStaff(q: TAdminCdaQuery) {
      const sort: KeysetSort = { expr: settlementCdas.updatedAt, type: 'timestamptz', dir: 'asc' };
      const rows = await base(sort)
        .where(
          and(
            eq(settlementCdas.status, q.cda),
            searchOf(q.search),
            afterCursor(sort, settlementTransactions.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, settlementTransactions.id))
        .limit(q.limit + 1);
      const page = toPage(rows, q.limit);
      return { rows: page.rows.map(rowOf), nextCursor: page.nextCursor };
    },
  };
}

/** Changing a transaction and its statement under its lock. */
function settlementUpdates(db: Db) {
  return {
    /**
     * Change a transaction's figures or status under its row lock. `check` sees the locked row and
     * its CDA (also locked) and may refuse; the figures are on a signed CDA, so it decides.
     */
    async update<R>(
      id: number,
      values: Partial<
        Pick<SettlementTransaction, 'escrowNumber' | 'salePriceCents' | 'closingDate' | 'status'>
      >,
      check: (t: SettlementTransaction, cda: SettlementCda | undefined) => R | null,
    ): Promise<R | 'done' | 'openExists'> {
      try {
        return await db.transaction(async (tx) => {
          const t = await lockTransaction(tx, id);
          if (!t) throw new Error('settlement transaction missing');
          const refusal = check(t, await lockCda(tx, id));
          if (refusal !== null) return refusal;
          await tx
            .update(settlementTransactions)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(settlementTransactions.id, id));
          return 'done' as const;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'settlement_transactions_open_idx')) return 'openExists';
        throw err;
      }
    },

    async setStatement(
      id: number,
      file: { key: string; name: string; bytes: number; sha256: string; userId: number },
    ) {
      await db
        .update(settlementTransactions)
        .set({
          statementKey: file.key,
          statementName: file.name,
          statementBytes: file.bytes,
          statementSha256: file.sha256,
          statementUploadedAt: sql`now()`,
          statementUploadedBy: file.userId,
          updatedAt: sql`now()`,
        })
        .where(eq(settlementTransactions.id, id));
    },
  };
}

/** Saving a CDA and marking it signed. */
function settlementCdaWrites(db: Db) {
  return {
    /**
     * Write the CDA and its payees (all replaced) under the transaction's and the CDA's row locks;
     * refused unless the CDA is a draft (or new). Staff's approval takes the same CDA lock, so an
     * edit and an approval at the same moment cannot both happen.
     */
    async saveCda(
      transactionId: number,
      userId: number,
      commissionCents: number,
      payees: ReadonlyArray<TCdaPayee>,
    ): Promise<'done' | 'signed' | 'approved'> {
      return db.transaction(async (tx) => {
        await lockTransaction(tx, transactionId);
        const cda = await lockCda(tx, transactionId);
        if (cda && cda.status !== 'draft') return cda.status;
        let cdaId: number;
        if (cda) {
          await tx
            .update(settlementCdas)
            .set({
              commissionCents,
              revision: sql`${settlementCdas.revision} + 1`,
              updatedBy: userId,
              updatedAt: sql`now()`,
            })
            .where(eq(settlementCdas.id, cda.id));
          await tx.delete(settlementCdaPayees).where(eq(settlementCdaPayees.cdaId, cda.id));
          cdaId = cda.id;
        } else {
          const [row] = await tx
            .insert(settlementCdas)
            .values({ transactionId, commissionCents, updatedBy: userId })
            .returning({ id: settlementCdas.id });
          if (!row) throw new Error('cda not inserted');
          cdaId = row.id;
        }
        await tx
          .insert(settlementCdaPayees)
          .values(payees.map((p, position) => ({ cdaId, position, ...p })));
        return 'done';
      });
    },

    /** Inside the signing transaction: the draft at this revision becomes signed. */
    async markSigned(
      tx: Tx,
      transactionId: number,
      revision: number,
      documentId: number,
      userId: number,
    ): Promise<boolean> {
      const cda = await lockCda(tx, transactionId);
      if (cda?.status !== 'draft' || cda.revision !== revision) return false;
      await tx
        .update(settlementCdas)
        .set({
          status: 'signed',
          documentId,
          signedAt: sql`now()`,
          signedBy: userId,
          returnNote: null,
          updatedAt: sql`now()`,
        })
        .where(eq(settlementCdas.id, cda.id));
      return true;
    },
  };
}

/** Staff's decision on a signed CDA. */
function settlementDecisions(db: Db) {
  return {
    /** Staff's decision under the CDA's row lock: only a signed CDA is approved or sent back. */
    async decide(
      transactionId: number,
      staffId: number,
      decision: { approve: true } | { approve: false; note: string },
    ): Promise<'done' | 'notSigned' | 'notFound'> {
      return db.transaction(async (tx) => {
        const cda = await lockCda(tx, transactionId);
        if (!cda) return 'notFound';
        if (cda.status !== 'signed') return 'notSigned';
        await tx
          .update(settlementCdas)
          .set(
            decision.approve
              ? {
                  status: 'approved',
                  approvedAt: sql`now()`,
                  approvedBy: staffId,
                  updatedAt: sql`now()`,
                }
              : {
                  status: 'draft',
                  returnNote: decision.note,
                  updatedBy: staffId,
                  updatedAt: sql`now()`,
                },
          )
          .where(eq(settlementCdas.id, cda.id));
        return 'done';
      });
    },
  };
}

export function createSettlementRepository(db: Db) {
  return {
    ...settlementAssignments(db),
    ...settlementLookups(db),
    ...settlementPages(db),
    ...settlementUpdates(db),
    ...settlementCdaWrites(db),
    ...settlementDecisions(db),
  };
}
export type SettlementRepository = ReturnType<typeof createSettlementRepository>;
