import { CDA_PAYEE_ROLES, CDA_STATUSES, SETTLEMENT_TRANSACTION_STATUSES } from '@lantern/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, keyColumns, serialId, tz, updatedAt } from './columns.ts';
import { signingDocuments } from './mls-listings.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export const settlementTransactionStatus = pgEnum(
  'settlement_transaction_status',
  SETTLEMENT_TRANSACTION_STATUSES,
);
export const cdaStatus = pgEnum('cda_status', CDA_STATUSES);
export const cdaPayeeRole = pgEnum('cda_payee_role', CDA_PAYEE_ROLES);

/**
 * A sale a settlement (title or escrow) vendor closes on a property assigned to them (issue 24,
 * docs/decisions/049): the sale price and closing date, and the settlement statement's PDF once
 * uploaded. One open transaction per property at a time.
 */
export const settlementTransactions = pgTable(
  'settlement_transactions',
  {
    ...keyColumns(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    escrowNumber: text('escrow_number'),
    salePriceCents: bigint('sale_price_cents', { mode: 'number' }).notNull(),
    closingDate: calendarDate('closing_date').notNull(),
    status: settlementTransactionStatus('status').notNull().default('open'),
    statementKey: text('statement_key'),
    statementName: text('statement_name'),
    statementBytes: integer('statement_bytes'),
    statementSha256: text('statement_sha256'),
    statementUploadedAt: tz('statement_uploaded_at'),
    statementUploadedBy: integer('statement_uploaded_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('settlement_transactions_open_idx')
      .on(t.propertyId)
      .where(sql`${t.status} = 'open'`),
    index('settlement_transactions_created_idx').on(t.createdAt, t.id),
    check('settlement_transactions_sale_price', sql`${t.salePriceCents} > 0`),
  ],
);

/**
 * A transaction's commission disbursement authorisation: the commission and (in
 * settlement_cda_payees) who is paid what, adding up to it exactly. `revision` counts saves, so a
 * signature is refused if the figures changed while the PDF was made. Once approved, triggers
 * (migration 0037) refuse any change to the row and its payees.
 */
export const settlementCdas = pgTable(
  'settlement_cdas',
  {
    id: serialId(),
    transactionId: integer('transaction_id')
      .notNull()
      .unique()
      .references(() => settlementTransactions.id, { onDelete: 'restrict' }),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
    status: cdaStatus('status').notNull().default('draft'),
    revision: integer('revision').notNull().default(1),
    documentId: integer('document_id').references(() => signingDocuments.id, {
      onDelete: 'restrict',
    }),
    signedAt: tz('signed_at'),
    signedBy: integer('signed_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: tz('approved_at'),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    returnNote: text('return_note'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('settlement_cdas_status_idx').on(t.status, t.updatedAt),
    check('settlement_cdas_commission', sql`${t.commissionCents} > 0`),
    check(
      'settlement_cdas_signed_has_document',
      sql`${t.status} = 'draft' or (${t.documentId} is not null and ${t.signedAt} is not null)`,
    ),
    check(
      'settlement_cdas_approved_has_approver',
      sql`${t.status} <> 'approved' or ${t.approvedAt} is not null`,
    ),
  ],
);

/** One payee of a CDA, in the order shown. Amounts are cents above zero. */
export const settlementCdaPayees = pgTable(
  'settlement_cda_payees',
  {
    id: serialId(),
    cdaId: integer('cda_id')
      .notNull()
      .references(() => settlementCdas.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    role: cdaPayeeRole('role').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    instructions: text('instructions'),
  },
  (t) => [
    uniqueIndex('settlement_cda_payees_position_idx').on(t.cdaId, t.position),
    check('settlement_cda_payees_amount', sql`${t.amountCents} > 0`),
  ],
);

export type SettlementTransaction = typeof settlementTransactions.$inferSelect;
export type SettlementCda = typeof settlementCdas.$inferSelect;
export type SettlementCdaPayee = typeof settlementCdaPayees.$inferSelect;
