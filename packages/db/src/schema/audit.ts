import { bigserial, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * The activity log (issue 15; docs/decisions/018-audit-log.md): one row per change of data by a
 * person. Append-only: a trigger (migration 0007) refuses UPDATE, TRUNCATE and any DELETE of a
 * row younger than the two-year retention. No foreign keys: an entry outlives its actor and its
 * record, so the actor's email is copied in.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    /** staff, vendor, customer or visitor (not signed in). */
    actorKind: text('actor_kind').notNull(),
    actorId: integer('actor_id'),
    actorHash: text('actor_hash'),
    actorEmail: text('actor_email'),
    /** The staff role key at the time, for staff. */
    actorRole: text('actor_role'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    method: text('method').notNull(),
    /** The path as requested, with secret-bearing segments and query values redacted. */
    url: text('url').notNull(),
    action: text('action').notNull(),
    recordType: text('record_type'),
    recordId: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    status: smallint('status').notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_record_idx').on(t.recordType, t.recordId, t.id),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
export type NewAuditEntry = typeof auditLog.$inferInsert;
