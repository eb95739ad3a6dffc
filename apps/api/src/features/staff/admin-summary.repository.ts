import {
  crmRecords,
  type Db,
  invoices,
  jobs,
  listingChangeRequests,
  messages,
  mlsListings,
  orders,
  properties,
  propertyDocuments,
  supportTickets,
  users,
  workOrders,
} from '@lantern/db';
import { sql } from 'drizzle-orm';

/** Counts for the admin home (issue 15); each is asked for only when the role may see it. */
export function createAdminSummaryRepository(db: Db) {
  /** Midnight of today in the business time zone, as a timestamptz expression. */
  const dayStart = (zone: string) =>
    sql`(date_trunc('day', now() at time zone ${zone}) at time zone ${zone})`;
  const one = async (query: ReturnType<typeof sql>): Promise<number> => {
    const result = await db.execute<{ n: number | string | null }>(query);
    const rows =
      (result as unknown as { rows?: Array<{ n: number | string | null }> }).rows ??
      (result as unknown as Array<{ n: number | string | null }>);
    return Number(rows[0]?.n ?? 0);
  };
  return {
    async today(zone: string): Promise<string> {
      const result = await db.execute<{ d: string }>(
        sql`select to_char(now() at time zone ${zone}, 'YYYY-MM-DD') as d`,
      );
      const rows =
        (result as unknown as { rows?: Array<{ d: string }> }).rows ??
        (result as unknown as Array<{ d: string }>);
      return rows[0]?.d ?? '';
    },
    newUsers: (zone: string) =>
      one(
        sql`select count(*)::int as n from ${users} where ${users.createdAt} >= ${dayStart(zone)}`,
      ),
    newProperties: (zone: string) =>
      one(
        sql`select count(*)::int as n from ${properties} where ${properties.createdAt} >= ${dayStart(zone)}`,
      ),
    newOrders: (zone: string) =>
      one(
        sql`select count(*)::int as n from ${orders} where ${orders.createdAt} >= ${dayStart(zone)}`,
      ),
    /** Integer cents of invoices paid today. */
    revenueCents: (zone: string) =>
      one(
        sql`select coalesce(sum(${invoices.totalCents}), 0)::bigint as n from ${invoices} where ${invoices.status} = 'paid' and ${invoices.paidAt} >= ${dayStart(zone)}`,
      ),
    quotesWaiting: () =>
      one(sql`select count(*)::int as n from ${orders} where ${orders.status} = 'quote_requested'`),
    /** Conversations whose newest message is a customer's: nobody from the company answered yet. */
    unansweredThreads: () =>
      one(sql`select count(*)::int as n from (
        select distinct on (${messages.propertyId}) ${messages.fromStaff} as from_staff
        from ${messages} order by ${messages.propertyId}, ${messages.id} desc
      ) latest where not latest.from_staff`),
    failedJobs: () =>
      one(sql`select count(*)::int as n from ${jobs} where ${jobs.status} = 'failed'`),
    /** MLS listings submitted and not yet reviewed (issue 47), each read from its state's index. */
    listingsToReview: () =>
      one(
        sql`select count(*)::int as n from ${mlsListings} where ${mlsListings.status} = 'submitted'`,
      ),
    changesToDo: () =>
      one(
        sql`select count(*)::int as n from ${listingChangeRequests} where ${listingChangeRequests.status} = 'pending'`,
      ),
    workOrdersToSchedule: () =>
      one(
        sql`select count(*)::int as n from ${workOrders} where ${workOrders.state} = 'requested'`,
      ),
    documentsToReview: () =>
      one(
        sql`select count(*)::int as n from ${propertyDocuments} where ${propertyDocuments.state} = 'submitted'`,
      ),
    ticketsOpen: () =>
      one(
        sql`select count(*)::int as n from ${supportTickets} where ${supportTickets.state} = 'open'`,
      ),
    /** CRM records whose latest push failed on every try, as Admin → CRM sync lists them. */
    failedCrmPushes: () =>
      one(
        sql`select count(*)::int as n from ${crmRecords} join ${jobs} on ${jobs.id} = ${crmRecords.jobId} where ${jobs.status} = 'failed'`,
      ),
  };
}
export type AdminSummaryRepository = ReturnType<typeof createAdminSummaryRepository>;
