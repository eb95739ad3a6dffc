import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz } from './columns.ts';
import { jobs } from './jobs.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * What we pushed to the CRM (issue 20; docs/decisions/027-crm-sync.md): one row per customer
 * (a HubSpot contact) or order (a HubSpot deal), holding the CRM's id once it has one, the job
 * pushing it now, and HubSpot's answer to the last push that failed.
 */
export const crmRecords = pgTable(
  'crm_records',
  {
    id: serialId(),
    /** The customer this contact stands for; null on a deal's row. */
    userId: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order this deal stands for; null on a contact's row. */
    orderId: integer('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The CRM's own id (HubSpot's record id), once a push made or found the record. */
    crmId: text('crm_id'),
    syncedAt: tz('synced_at'),
    /**
     * Held while one push creates the deal at HubSpot, so a second push on another instance
     * waits instead of creating it twice (HubSpot has no idempotency key for creates).
     */
    creatingUntil: tz('creating_until'),
    /** The latest `crm.sync` job for this record; its status says whether the push failed. */
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, {
      onDelete: 'set null',
    }),
    /** HubSpot's HTTP status for the last failed push; null when it could not be reached. */
    lastErrorStatus: smallint('last_error_status'),
    lastErrorMessage: text('last_error_message'),
    lastErrorAt: tz('last_error_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('crm_records_one_subject', sql`(${t.userId} is null) <> (${t.orderId} is null)`),
    index('crm_records_job_idx').on(t.jobId),
  ],
);

export type CrmRecord = typeof crmRecords.$inferSelect;
