import type { TWebhookDeliveriesQuery } from '@lantern/contracts';
import {
  type Db,
  jobs,
  newHash,
  properties,
  propertyParticipants,
  type WebhookEndpoint,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '@lantern/db';
import { and, arrayContains, asc, desc, eq, exists, or, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { propertyRefColumns } from '../properties/properties.repository.ts';

const deliveryColumns = {
  delivery: webhookDeliveries,
  lastStatusCode: sql<
    number | null
  >`(select ${webhookAttempts.statusCode} from ${webhookAttempts} where ${webhookAttempts.deliveryId} = ${webhookDeliveries.id} order by ${webhookAttempts.id} desc limit 1)`,
  lastError: sql<
    string | null
  >`(select ${webhookAttempts.error} from ${webhookAttempts} where ${webhookAttempts.deliveryId} = ${webhookDeliveries.id} order by ${webhookAttempts.id} desc limit 1)`,
  nextAttemptAt:
    sql<Date | null>`case when ${jobs.status} = 'pending' then ${jobs.runAt} end`.mapWith(
      jobs.runAt,
    ),
};

/** A user's endpoints and their changes. */
function ownedEndpoints(db: Db) {
  return {
    async listOwned(userId: number): Promise<WebhookEndpoint[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(asc(webhookEndpoints.id));
    },

    async countOwned(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId));
      return row?.n ?? 0;
    },

    /** The endpoint, when `userId` owns it. */
    async findOwned(userId: number, hash: string): Promise<WebhookEndpoint | undefined> {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.hash, hash), eq(webhookEndpoints.userId, userId)));
      return row;
    },

    async create(input: {
      userId: number;
      url: string;
      description: string;
      events: string[];
      scope: 'own' | 'all';
      secretEncrypted: string;
    }): Promise<WebhookEndpoint> {
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ ...input, hash: newHash() })
        .returning();
      if (!row) throw new Error('webhook endpoint insert returned nothing');
      return row;
    },

    async update(
      id: number,
      change: Partial<
        Pick<
          WebhookEndpoint,
          | 'enabled'
          | 'events'
          | 'description'
          | 'disabledReason'
          | 'disabledAt'
          | 'failingSince'
          | 'secretEncrypted'
          | 'previousSecretEncrypted'
          | 'previousSecretExpiresAt'
        >
      >,
    ): Promise<WebhookEndpoint | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        .set(change)
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return row;
    },

    /**
     * A new sealed secret, when the endpoint still has `expected` (two rotations at once: the
     * second finds the first's secret and is refused, so no secret handed out is lost).
     */
    async rotateSecret(
      id: number,
      expected: string,
      change: Pick<
        WebhookEndpoint,
        'secretEncrypted' | 'previousSecretEncrypted' | 'previousSecretExpiresAt'
      >,
    ): Promise<WebhookEndpoint | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        .set(change)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.secretEncrypted, expected)))
        .returning();
      return row;
    },

    async remove(id: number): Promise<void> {
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    },
  };
}

/** Who an event goes to, and the property it is about. */
function webhookSubscribers(db: Db) {
  return {
    /**
     * Enabled endpoints subscribed to `type` that may hear about the property: their owner takes
     * part in it, or they are `all`-scoped (the service checks the owner still may).
     */
    async subscribers(type: string, propertyId: number) {
      return db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.enabled, true),
            arrayContains(webhookEndpoints.events, [type]),
            or(
              eq(webhookEndpoints.scope, 'all'),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(propertyParticipants)
                  .where(
                    and(
                      eq(propertyParticipants.propertyId, propertyId),
                      eq(propertyParticipants.userId, webhookEndpoints.userId),
                    ),
                  ),
              ),
            ),
          ),
        )
        .orderBy(asc(webhookEndpoints.id));
    },

    async isParticipant(userId: number, propertyId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: propertyParticipants.id })
        .from(propertyParticipants)
        .where(
          and(
            eq(propertyParticipants.userId, userId),
            eq(propertyParticipants.propertyId, propertyId),
          ),
        );
      return Boolean(row);
    },

    /** The property's public reference for an event's data. */
    async property(propertyId: number) {
      const [row] = await db
        .select(propertyRefColumns)
        .from(properties)
        .where(eq(properties.id, propertyId));
      return row;
    },

    async propertyByHash(hash: string) {
      const [row] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(eq(properties.hash, hash));
      return row;
    },
  };
}

/** Deliveries and their attempts, as the runner records them. */
function deliveryRecords(db: Db) {
  return {
    async byId(id: number): Promise<WebhookEndpoint | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row;
    },

    async createDelivery(input: {
      endpointId: number;
      eventId: string;
      eventType: string;
      body: string;
    }) {
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ ...input, hash: newHash() })
        .returning();
      if (!row) throw new Error('webhook delivery insert returned nothing');
      return row;
    },

    async setDeliveryJob(id: number, jobId: number, resetStatus = false) {
      await db
        .update(webhookDeliveries)
        .set(resetStatus ? { jobId, status: 'pending' } : { jobId })
        .where(eq(webhookDeliveries.id, id));
    },

    async deliveryById(id: number) {
      const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      return row;
    },

    /** An attempt's outcome, and the delivery's new status. */
    async recordAttempt(
      deliveryId: number,
      attempt: {
        statusCode: number | null;
        responseBody: string;
        error: string | null;
        durationMs: number;
      },
      status: 'pending' | 'succeeded' | 'failed',
    ) {
      await db.transaction(async (tx) => {
        await tx.insert(webhookAttempts).values({ deliveryId, ...attempt });
        await tx
          .update(webhookDeliveries)
          .set({
            status,
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            lastAttemptAt: sql`now()`,
          })
          .where(eq(webhookDeliveries.id, deliveryId));
      });
    },

    async setDeliveryStatus(id: number, status: 'pending' | 'succeeded' | 'failed') {
      await db.update(webhookDeliveries).set({ status }).where(eq(webhookDeliveries.id, id));
    },
  };
}

/** An endpoint failing, answering again, or disabled. */
function webhookHealth(db: Db) {
  return {
    /**
     * A failed attempt: the endpoint fails since its first failure after the last success.
     * Returns that instant (the database's clock).
     */
    async markFailing(endpointId: number): Promise<Date | null> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
        .where(eq(webhookEndpoints.id, endpointId))
        .returning({ failingSince: webhookEndpoints.failingSince });
      return row?.failingSince ?? null;
    },

    async markAnswering(endpointId: number) {
      await db
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, endpointId));
    },

    /**
     * Turn the endpoint off for failing since before `cutoffSeconds` ago, once (true for the call
     * that did it, so only one mail is sent).
     */
    async disableIfFailingSince(endpointId: number, cutoffSeconds: number): Promise<boolean> {
      const rows = await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: 'failing', disabledAt: sql`now()` })
        .where(
          and(
            eq(webhookEndpoints.id, endpointId),
            eq(webhookEndpoints.enabled, true),
            sql`${webhookEndpoints.failingSince} <= now() - make_interval(secs => ${cutoffSeconds})`,
          ),
        )
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** Deliveries still being tried when the endpoint goes off: they stop (failed). */
    async failPending(endpointId: number) {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed' })
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            eq(webhookDeliveries.status, 'pending'),
          ),
        );
    },
  };
}

/** An endpoint's deliveries as its owner reads them. */
function webhookDeliveryReads(db: Db) {
  return {
    async deliveries(endpointId: number, q: TWebhookDeliveriesQuery) {
      const sort: KeysetSort = {
        expr: webhookDeliveries.createdAt,
        type: 'timestamptz',
        dir: q.dir,
      };
      const term = q.search ? q.search : undefined;
      const rows = await db
        .select({
          ...deliveryColumns,
          sortKey: sortText(sort),
          keyId: sql<number>`${webhookDeliveries.id}`,
        })
        .from(webhookDeliveries)
        .leftJoin(jobs, eq(jobs.id, webhookDeliveries.jobId))
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            q.status === 'all' ? undefined : eq(webhookDeliveries.status, q.status),
            term
              ? or(
                  eq(webhookDeliveries.eventId, term),
                  eq(webhookDeliveries.eventType, term),
                  eq(webhookDeliveries.hash, term),
                )
              : undefined,
            afterCursor(sort, webhookDeliveries.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, webhookDeliveries.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },

    async delivery(endpointId: number, hash: string) {
      const [row] = await db
        .select(deliveryColumns)
        .from(webhookDeliveries)
        .leftJoin(jobs, eq(jobs.id, webhookDeliveries.jobId))
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.hash, hash)));
      if (!row) return undefined;
      const tries = await db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, row.delivery.id))
        .orderBy(desc(webhookAttempts.id));
      return { ...row, tries };
    },
  };
}

/**
 * Outbound webhooks' records (issue 25; docs/decisions/053-outbound-webhooks.md): endpoints,
 * deliveries (one event to one endpoint) and their attempts. The rules are in services/webhooks.
 */
export function createWebhookRepository(db: Db) {
  return {
    ...ownedEndpoints(db),
    ...webhookSubscribers(db),
    ...deliveryRecords(db),
    ...webhookHealth(db),
    ...webhookDeliveryReads(db),
  };
}
export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
