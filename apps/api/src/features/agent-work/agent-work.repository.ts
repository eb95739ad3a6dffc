import {
  HOURLY_REPRESENTATION_SLUGS,
  hoursAmountCents,
  INVOICE_DUE_DAYS,
  INVOICE_LINE_TEXTS,
  type TOfferStatus,
} from '@lantern/contracts';
import {
  agentHours,
  type Db,
  fsboListings,
  invoiceLines,
  invoices,
  listings,
  mlsListings,
  newHash,
  orders,
  products,
  properties,
  propertyOffers,
  propertyParticipants,
  taxRates,
  users,
  userVendorKinds,
  vendorAssignments,
} from '@lantern/db';
import type { TPropertyRole } from '@lantern/domain';
import { and, asc, desc, eq, inArray, isNull, like, ne, sql } from 'drizzle-orm';
import { dueDate, priceOrder } from '../../rules/pricing.ts';
import { lockOrderWithProduct } from '../orders/order-lock.repository.ts';
import { propertyRefColumns } from '../properties/properties.repository.ts';

const hourly = [...HOURLY_REPRESENTATION_SLUGS];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AgentPropertyRef {
  id: number;
  hash: string;
  street: string;
  unit: string | null;
  city: string;
  state: string;
  zip: string;
}

export interface AgentHourRow {
  hash: string;
  workDay: string;
  minutes: number;
  note: string;
  agentId: number | null;
  agentName: string | null;
  agentEmail: string | null;
  invoiceNumber: number | null;
  createdAt: Date;
}

export interface OfferRow {
  id: number;
  hash: string;
  priceCents: number;
  buyerAgent: string;
  expiresAt: Date;
  status: TOfferStatus;
  note: string;
  recordedByName: string | null;
  recordedByEmail: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What billing an order's hours answers (decision 050). */
export type BillOutcome =
  | { ok: false; refusal: 'not_found' | 'not_hourly' | 'cancelled' | 'nothing' }
  | {
      ok: true;
      orderId: number;
      invoice: { hash: string; number: number; totalCents: number; propertyHash: string };
      entries: number;
      minutes: number;
    };

/** The hours' invoice, one line a day's entry, taxed at the property's state's rate. */
async function insertHoursInvoice(
  tx: Tx,
  order: { id: number; propertyId: number },
  facts: { userId: number; state: string },
  entries: { workDay: string; minutes: number; note: string }[],
  now: Date,
) {
  const [rate] = await tx
    .select({ bps: taxRates.rateBasisPoints })
    .from(taxRates)
    .where(eq(taxRates.state, facts.state.toUpperCase()));
  const rateBps = rate?.bps ?? 0;
  const lines = entries.map((e) => ({
    description: INVOICE_LINE_TEXTS.agentHoursLine(e.workDay, e.minutes, e.note),
    quantity: 1,
    unitPriceCents: hoursAmountCents(e.minutes),
    amountCents: hoursAmountCents(e.minutes),
    taxable: true,
  }));
  const subtotal = lines.reduce((n, l) => n + l.amountCents, 0);
  const price = priceOrder(subtotal, null, rateBps);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      hash: newHash(),
      orderId: order.id,
      kind: 'agent_hours',
      propertyId: order.propertyId,
      userId: facts.userId,
      status: 'open',
      ...price,
      couponCode: null,
      taxRateBasisPoints: rateBps,
      dueDate: dueDate(now, INVOICE_DUE_DAYS),
      issuedAt: now,
    })
    .returning({
      id: invoices.id,
      hash: invoices.hash,
      number: invoices.number,
      totalCents: invoices.totalCents,
    });
  if (!invoice) throw new Error('agent hours invoice insert returned nothing');
  await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId: invoice.id })));
  return invoice;
}

const offerColumns = {
  id: propertyOffers.id,
  hash: propertyOffers.hash,
  priceCents: propertyOffers.priceCents,
  buyerAgent: propertyOffers.buyerAgent,
  expiresAt: propertyOffers.expiresAt,
  status: propertyOffers.status,
  note: propertyOffers.note,
  recordedByName: users.name,
  recordedByEmail: users.email,
  createdAt: propertyOffers.createdAt,
  updatedAt: propertyOffers.updatedAt,
};

/** The properties an agent works on and what the agent reads beside them. */
function agentProperties(db: Db) {
  return {
    /**
     * The property, only when this agent is assigned to it (to the property or one of its
     * orders) and still holds the agent kind: the per-record check every agent route makes.
     */
    async propertyForAgent(userId: number, hash: string): Promise<AgentPropertyRef | undefined> {
      const [row] = await db
        .select(propertyRefColumns)
        .from(properties)
        .where(
          and(
            eq(properties.hash, hash),
            sql`exists (select 1 from ${vendorAssignments} va
              join ${userVendorKinds} vk on vk.user_id = va.user_id and vk.kind = va.kind
              where va.property_id = ${properties.id} and va.user_id = ${userId} and va.kind = 'agent')`,
          ),
        );
      return row;
    },

    /** The customers (participants) of these properties, by property hash. */
    async customersOf(propertyHashes: string[]) {
      if (!propertyHashes.length) return [];
      return db
        .select({
          propertyHash: properties.hash,
          name: users.name,
          email: users.email,
          role: propertyParticipants.role,
        })
        .from(propertyParticipants)
        .innerJoin(properties, eq(properties.id, propertyParticipants.propertyId))
        .innerJoin(users, eq(users.id, propertyParticipants.userId))
        .where(inArray(properties.hash, propertyHashes))
        .orderBy(asc(propertyParticipants.id)) as Promise<
        Array<{ propertyHash: string; name: string | null; email: string; role: TPropertyRole }>
      >;
    },

    /** The property's representation orders (seller or buyer, any terms), oldest first. */
    async representationOrders(propertyId: number) {
      return db
        .select({
          id: orders.id,
          hash: orders.hash,
          product: products.name,
          slug: products.slug,
          status: orders.status,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(and(eq(orders.propertyId, propertyId), like(products.slug, '%-representation')))
        .orderBy(asc(orders.id));
    },

    /** The property's listings: its MLS and FSBO listings with their public pages, if any. */
    async listingsOf(propertyId: number) {
      const mls = await db
        .select({
          status: mlsListings.status,
          mlsNumber: mlsListings.mlsNumber,
          fieldsPrice: sql<unknown>`${mlsListings.fields}->'ListPrice'`,
          price: listings.price,
          slug: listings.slug,
          publishedAt: listings.publishedAt,
        })
        .from(mlsListings)
        .leftJoin(listings, eq(listings.mlsListingId, mlsListings.id))
        .where(eq(mlsListings.propertyId, propertyId))
        .orderBy(asc(mlsListings.id));
      const fsbo = await db
        .select({
          publishedAt: fsboListings.publishedAt,
          price: listings.price,
          slug: listings.slug,
          listingStatus: listings.status,
          listedAt: listings.publishedAt,
        })
        .from(fsboListings)
        .leftJoin(listings, eq(listings.fsboListingId, fsboListings.id))
        .where(eq(fsboListings.propertyId, propertyId))
        .orderBy(asc(fsboListings.id));
      return { mls, fsbo };
    },
  };
}

/** The hourly order and the hours logged on it. */
function agentHoursLog(db: Db) {
  return {
    /** The hourly representation order hours are logged on: the newest one not cancelled. */
    async hourlyOrder(propertyId: number) {
      const [row] = await db
        .select({
          id: orders.id,
          hash: orders.hash,
          product: products.name,
          slug: products.slug,
          // Who placed it: the hours are billed to them, so they hear of each entry.
          customerEmail: users.email,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            eq(orders.propertyId, propertyId),
            inArray(products.slug, hourly),
            ne(orders.status, 'cancelled'),
          ),
        )
        .orderBy(desc(orders.id))
        .limit(1);
      return row;
    },

    /** Every hour entry of the property, newest day first. */
    async hours(propertyId: number): Promise<AgentHourRow[]> {
      return db
        .select({
          hash: agentHours.hash,
          workDay: agentHours.workDay,
          minutes: agentHours.minutes,
          note: agentHours.note,
          agentId: agentHours.agentId,
          agentName: users.name,
          agentEmail: users.email,
          invoiceNumber: invoices.number,
          createdAt: agentHours.createdAt,
        })
        .from(agentHours)
        .leftJoin(users, eq(users.id, agentHours.agentId))
        .leftJoin(invoices, eq(invoices.id, agentHours.invoiceId))
        .where(eq(agentHours.propertyId, propertyId))
        .orderBy(desc(agentHours.workDay), desc(agentHours.id));
    },

    async logHours(input: {
      propertyId: number;
      orderId: number;
      agentId: number;
      workDay: string;
      minutes: number;
      note: string;
    }): Promise<string> {
      const hash = newHash();
      await db.insert(agentHours).values({ ...input, hash });
      return hash;
    },

    /**
     * Remove an unbilled entry the agent logged. Answers what stood in the way otherwise:
     * not found, billed, or someone else's.
     */
    async removeHours(
      propertyId: number,
      hash: string,
      agentId: number,
    ): Promise<'removed' | 'not_found' | 'billed' | 'not_yours'> {
      const [gone] = await db
        .delete(agentHours)
        .where(
          and(
            eq(agentHours.propertyId, propertyId),
            eq(agentHours.hash, hash),
            eq(agentHours.agentId, agentId),
            isNull(agentHours.invoiceId),
          ),
        )
        .returning({ id: agentHours.id });
      if (gone) return 'removed';
      const [row] = await db
        .select({ invoiceId: agentHours.invoiceId, agentId: agentHours.agentId })
        .from(agentHours)
        .where(and(eq(agentHours.propertyId, propertyId), eq(agentHours.hash, hash)));
      if (!row) return 'not_found';
      return row.invoiceId !== null ? 'billed' : 'not_yours';
    },
  };
}

/** Offers received on a property. */
function agentOffers(db: Db) {
  return {
    async offers(propertyId: number): Promise<OfferRow[]> {
      return db
        .select(offerColumns)
        .from(propertyOffers)
        .leftJoin(users, eq(users.id, propertyOffers.recordedBy))
        .where(eq(propertyOffers.propertyId, propertyId))
        .orderBy(desc(propertyOffers.createdAt), desc(propertyOffers.id));
    },

    async offer(propertyId: number, hash: string): Promise<OfferRow | undefined> {
      const [row] = await db
        .select(offerColumns)
        .from(propertyOffers)
        .leftJoin(users, eq(users.id, propertyOffers.recordedBy))
        .where(and(eq(propertyOffers.propertyId, propertyId), eq(propertyOffers.hash, hash)));
      return row;
    },

    async recordOffer(input: {
      propertyId: number;
      recordedBy: number;
      priceCents: number;
      buyerAgent: string;
      expiresAt: Date;
      note: string;
    }): Promise<string> {
      const hash = newHash();
      await db.insert(propertyOffers).values({ ...input, hash });
      return hash;
    },

    /**
     * Move an offer under its row lock: `decide` sees it as it is now and answers the change or
     * a refusal. Two agents at once: the second waits and decides on the first's result.
     */
    async moveOffer<R>(
      propertyId: number,
      hash: string,
      decide: (offer: {
        status: TOfferStatus;
        expiresAt: Date;
        note: string;
      }) => { ok: true; set: { status: TOfferStatus; expiresAt: Date; note: string } } | R,
    ) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            id: propertyOffers.id,
            status: propertyOffers.status,
            expiresAt: propertyOffers.expiresAt,
            note: propertyOffers.note,
          })
          .from(propertyOffers)
          .where(and(eq(propertyOffers.propertyId, propertyId), eq(propertyOffers.hash, hash)))
          .for('update');
        if (!before) return undefined;
        const verdict = decide(before);
        if (!(typeof verdict === 'object' && verdict && 'set' in verdict)) return verdict;
        await tx
          .update(propertyOffers)
          .set({ ...verdict.set, updatedAt: new Date() })
          .where(eq(propertyOffers.id, before.id));
        return { ok: true as const, before, after: verdict.set };
      });
    },
  };
}

/** Billing an hourly order's logged hours, once. */
function agentHoursBilling(db: Db) {
  return {
    /**
     * An hourly representation order's hours logged and not billed yet, one row per entry (staff's
     * order page shows what "Bill hours" would invoice); undefined for any other order.
     */
    async unbilledOf(orderHash: string) {
      const [order] = await db
        .select({ id: orders.id, slug: products.slug })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(eq(orders.hash, orderHash));
      if (!order || !hourly.includes(order.slug as (typeof hourly)[number])) return undefined;
      return db
        .select({ minutes: agentHours.minutes })
        .from(agentHours)
        .where(and(eq(agentHours.orderId, order.id), isNull(agentHours.invoiceId)));
    },

    /**
     * Bill an hourly order's unbilled hours (decision 050): under the order's row lock, the
     * unbilled entries locked too, one invoice of kind `agent_hours` with a line per entry at
     * AGENT_HOURLY_RATE_CENTS an hour, taxed at the property's state rate, billed to who placed
     * the order, and each entry marked with it — only where it is still unbilled, so an hour is
     * never billed twice (a second caller waits on the lock and finds nothing left).
     */
    async billHours(orderHash: string, now: Date): Promise<BillOutcome> {
      return db.transaction(async (tx) => {
        const order = await lockOrderWithProduct(tx, orderHash);
        if (!order) return { ok: false, refusal: 'not_found' } as const;
        if (!hourly.includes(order.slug as (typeof hourly)[number]))
          return { ok: false, refusal: 'not_hourly' } as const;
        if (order.status === 'cancelled') return { ok: false, refusal: 'cancelled' } as const;
        const entries = await tx
          .select({
            id: agentHours.id,
            workDay: agentHours.workDay,
            minutes: agentHours.minutes,
            note: agentHours.note,
          })
          .from(agentHours)
          .where(and(eq(agentHours.orderId, order.id), isNull(agentHours.invoiceId)))
          .orderBy(asc(agentHours.workDay), asc(agentHours.id))
          .for('update');
        if (!entries.length) return { ok: false, refusal: 'nothing' } as const;
        const [facts] = await tx
          .select({ userId: orders.userId, state: properties.state, propertyHash: properties.hash })
          .from(orders)
          .innerJoin(properties, eq(properties.id, orders.propertyId))
          .where(eq(orders.id, order.id));
        if (!facts) throw new Error('order without its property');
        const invoice = await insertHoursInvoice(tx, order, facts, entries, now);
        const ids = entries.map((e) => e.id);
        const marked = await tx
          .update(agentHours)
          .set({ invoiceId: invoice.id })
          .where(and(inArray(agentHours.id, ids), isNull(agentHours.invoiceId)))
          .returning({ id: agentHours.id });
        // The lock above makes this hold; if it ever did not, nothing is billed at all.
        if (marked.length !== ids.length) throw new Error('agent hours billed concurrently');
        return {
          ok: true,
          orderId: order.id,
          invoice: {
            hash: invoice.hash,
            number: invoice.number,
            totalCents: invoice.totalCents,
            propertyHash: facts.propertyHash,
          },
          entries: entries.length,
          minutes: entries.reduce((n, e) => n + e.minutes, 0),
        } as const;
      });
    },
  };
}

/**
 * The agent's vendor page (issue 24; docs/decisions/050): which properties an agent may see,
 * their hours for hourly representation, offers received, and billing hours once.
 */
export function createAgentWorkRepository(db: Db) {
  return {
    ...agentProperties(db),
    ...agentHoursLog(db),
    ...agentOffers(db),
    ...agentHoursBilling(db),
  };
}
export type AgentWorkRepository = ReturnType<typeof createAgentWorkRepository>;
