import { DOCUMENT_STATE_KEYS, DOCUMENT_TYPE_KEYS, TRANSACTION_KIND_KEYS } from '@lantern/domain';
import { index, integer, pgEnum, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, keyColumns, serialId, tz, updatedAt } from './columns.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export const transactionKind = pgEnum('transaction_kind', TRANSACTION_KIND_KEYS);
export const documentType = pgEnum('document_type', DOCUMENT_TYPE_KEYS);
export const documentState = pgEnum('document_state', DOCUMENT_STATE_KEYS);

/**
 * Why staff send a document back (issue 23): a list staff edit. A reason is retired rather than
 * deleted, so the documents sent back for it keep their words; migration 0028 seeds the first ones.
 */
export const documentRejectReasons = pgTable('document_reject_reasons', {
  id: serialId(),
  key: text('key').notNull().unique(),
  label: text('label').notNull().unique(),
  retiredAt: tz('retired_at'),
  createdAt: createdAt(),
});

/**
 * Documents sent for a property's transaction (issue 23, "Documents"). One row per file: a
 * resubmission is a new row with the next version of the same property, kind and type, linked to
 * the row it replaces; the latest version is the one the checklist and staff's queue show. The
 * state moves only by `documentTransition` (contracts), under the row's lock.
 */
export const propertyDocuments = pgTable(
  'property_documents',
  {
    ...keyColumns(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: transactionKind('kind').notNull(),
    type: documentType('type').notNull(),
    version: integer('version').notNull(),
    replacesId: integer('replaces_id'),
    state: documentState('state').notNull().default('submitted'),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: tz('uploaded_at').notNull().defaultNow(),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: tz('reviewed_at'),
    reasonId: integer('reason_id').references(() => documentRejectReasons.id),
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('property_documents_version_idx').on(t.propertyId, t.kind, t.type, t.version),
    index('property_documents_state_idx').on(t.state, t.uploadedAt),
  ],
);
export type PropertyDocument = typeof propertyDocuments.$inferSelect;

/**
 * The year a home was built as its customer stated it on the documents checklist, used only when
 * neither an MLS nor an FSBO listing of the property says (the lead-based paint rule).
 */
export const propertyBuiltYears = pgTable('property_built_years', {
  propertyId: integer('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  yearBuilt: smallint('year_built').notNull(),
  statedBy: integer('stated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
