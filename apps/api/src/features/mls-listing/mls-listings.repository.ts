import type { TListingSyndication } from '@lantern/contracts';
import {
  type Db,
  type Invoice,
  invoiceLines,
  invoices,
  isUniqueViolation,
  listingEvents,
  listingPhotos,
  type MlsBoard,
  type MlsListing,
  mlsBoards,
  mlsListings,
  newHash,
  type Order,
  orders,
  type Product,
  products,
  users,
} from '@lantern/db';
import type { TListingEventKind, TMlsListingStep } from '@lantern/domain';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { priceInvoice } from '../../rules/pricing.ts';
import { countyKey } from '../catalogue/products.repository.ts';
import { releaseCoupon } from '../orders/coupons.repository.ts';
import { invoiceOfOrder, ownInvoiceOf } from '../payments/invoice-join.repository.ts';
import {
  conciergeEmails,
  goesToConcierge,
  isConciergeListing,
} from './concierge-assignment.repository.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The products an MLS listing is built for (decision 004: state-wide and local). */
export const MLS_LISTING_PRODUCTS = ['mls-listing-state', 'mls-listing-local'];
const ACTIVE = ['pending_payment', 'quote_requested', 'confirmed'] as const;

export interface ListingRow {
  listing: MlsListing;
  order: Order;
  productName: string;
}

export type UpgradeOutcome =
  | { ok: true; orderId: number }
  | { ok: false; reason: 'duplicate' | 'invoiceNotOpen' | 'locked' };

/** An upgrade's order on the property, with where it is billed. */
export interface UpgradeOrder {
  order: Order;
  slug: string;
  /** Billed on a line of this invoice (the listing's), else null. */
  lineInvoiceId: number | null;
  /** Its own invoice, when it has one. */
  ownInvoice: Pick<Invoice, 'id' | 'hash' | 'status' | 'paidCents'> | null;
}

/** An invoice with its lines, as the payment step shows it. */
export async function invoiceWithLines(db: Db | Tx, invoiceId: number) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return undefined;
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.id));
  return { invoice, lines };
}

/** The invoice's sums recomputed from its lines, under its row lock (the caller holds it). */
async function reprice(tx: Tx, invoice: Invoice) {
  const lines = await tx
    .select({ amountCents: invoiceLines.amountCents, taxable: invoiceLines.taxable })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id));
  const price = priceInvoice(lines, invoice.discountCents, invoice.taxRateBasisPoints);
  await tx.update(invoices).set(price).where(eq(invoices.id, invoice.id));
}

async function lockInvoice(tx: Tx, invoiceId: number) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for('update', { of: invoices });
  return row;
}

/** Something can still be added to or taken off: open, and nothing paid on it yet. */
const changeable = (invoice: Invoice | undefined) =>
  !!invoice && invoice.status === 'open' && invoice.paidCents === 0;

/**
 * The MLS listings of issue 16 (docs/decisions/031-mls-listing-builder.md): the listing row, the
 * MLS boards of its county, and the upgrades billed on its invoice.
 */
/**
 * A submission or a staff decision, with the MLS it concerned (the submissions report's rows);
 * written inside the transaction that makes the change.
 */
export async function addListingEvent(
  tx: Tx,
  e: {
    listingId: number;
    kind: TListingEventKind;
    boardId: number | null;
    staffUserId?: number;
    step?: TMlsListingStep;
  },
): Promise<void> {
  await tx
    .insert(listingEvents)
    .values({ ...e, staffUserId: e.staffUserId ?? null, step: e.step ?? null });
}

/**
 * The last owner signed (inside the signing transaction): where the listing went, to staff
 * (`submitted`) or to the property's concierge first (decision 048); null when it was neither a
 * draft nor sent back (nothing changes).
 */
async function submitTo(tx: Tx, id: number): Promise<'submitted' | 'concierge' | null> {
  const status = (await goesToConcierge(tx, id)) ? 'concierge' : 'submitted';
  const rows = await tx
    .update(mlsListings)
    .set({ status, submittedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(mlsListings.id, id), inArray(mlsListings.status, ['draft', 'returned'])))
    .returning({ id: mlsListings.id, boardId: mlsListings.boardId });
  const [row] = rows;
  if (!row) return null;
  await addListingEvent(tx, { listingId: id, kind: 'submitted', boardId: row.boardId });
  return status;
}

/**
 * The listing as it stands, in the shape the owners' review of the concierge's changes compares
 * (decision 065): location, the form and the ready photos in order.
 */
export interface ListingSnapshot {
  propertyType: string | null;
  propertySubType: string | null;
  board: string | null;
  fields: Record<string, unknown>;
  photos: { hash: string; fileName: string }[];
}

export async function listingSnapshot(q: Db | Tx, listing: MlsListing): Promise<ListingSnapshot> {
  const [board] = listing.boardId
    ? await q
        .select({ name: mlsBoards.name })
        .from(mlsBoards)
        .where(eq(mlsBoards.id, listing.boardId))
    : [];
  const photos = await q
    .select({ hash: listingPhotos.hash, fileName: listingPhotos.fileName })
    .from(listingPhotos)
    .where(and(eq(listingPhotos.listingId, listing.id), eq(listingPhotos.status, 'ready')))
    .orderBy(asc(listingPhotos.position), asc(listingPhotos.id));
  const fields =
    listing.fields && typeof listing.fields === 'object' && !Array.isArray(listing.fields)
      ? (listing.fields as Record<string, unknown>)
      : {};
  return {
    propertyType: listing.propertyType,
    propertySubType: listing.propertySubType,
    board: board?.name ?? null,
    fields,
    photos,
  };
}

/** A listing with its order, for reads. */
function mlsListingQueries(db: Db) {
  const withOrder = () =>
    db
      .select({ listing: mlsListings, order: orders, productName: products.name })
      .from(mlsListings)
      .innerJoin(orders, eq(orders.id, mlsListings.orderId))
      .innerJoin(products, eq(products.id, orders.productId));

  return { withOrder };
}

/** The property's listings, its order's state, and its ready photos. */
function mlsListingState(db: Db) {
  const { withOrder } = mlsListingQueries(db);
  return {
    /**
     * The property's listing: the newest one whose order is not cancelled; else one made now
     * for its newest active MLS listing order; undefined when it has no such order. A listing
     * staff found cannot be listed (its order cancelled with the refund, issue 18) is still the
     * property's listing, so its owners read why, until the MLS listing is ordered again.
     */
    async forProperty(propertyId: number): Promise<ListingRow | undefined> {
      const [existing] = await withOrder()
        .where(
          and(
            eq(mlsListings.propertyId, propertyId),
            or(ne(orders.status, 'cancelled'), eq(mlsListings.status, 'rejected')),
          ),
        )
        .orderBy(desc(mlsListings.id))
        .limit(1);
      if (existing && existing.listing.status !== 'rejected') return existing;
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(
          and(
            eq(orders.propertyId, propertyId),
            inArray(products.slug, MLS_LISTING_PRODUCTS),
            inArray(orders.status, [...ACTIVE]),
          ),
        )
        .orderBy(desc(orders.id))
        .limit(1);
      if (!order || order.id === existing?.order.id) return existing;
      // Two first reads at once make one listing: the order is unique on mls_listings.
      await db
        .insert(mlsListings)
        .values({ hash: newHash(), propertyId, orderId: order.id })
        .onConflictDoNothing({ target: mlsListings.orderId });
      const [made] = await withOrder().where(eq(mlsListings.orderId, order.id));
      return made;
    },

    /**
     * Whether the property has an MLS listing to show, read without making one: `open` when an
     * MLS listing order is active or a listing stands (its order not cancelled, or refused by
     * staff, whose owners read why); else `cancelled` when its last such order was; else `none`.
     */
    async orderState(propertyId: number): Promise<'open' | 'cancelled' | 'none'> {
      const mlsOrders = await db
        .select({ id: orders.id, status: orders.status, listing: mlsListings.status })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .leftJoin(mlsListings, eq(mlsListings.orderId, orders.id))
        .where(and(eq(orders.propertyId, propertyId), inArray(products.slug, MLS_LISTING_PRODUCTS)))
        .orderBy(desc(orders.id));
      const shown = mlsOrders.some(
        (o) =>
          (ACTIVE as readonly string[]).includes(o.status) ||
          (o.listing !== null && (o.status !== 'cancelled' || o.listing === 'rejected')),
      );
      if (shown) return 'open';
      return mlsOrders.some((o) => o.status === 'cancelled') ? 'cancelled' : 'none';
    },

    /** Photos processed and shown (the photos step is done while there is one). */
    async readyPhotoCount(listingId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(listingPhotos)
        .where(and(eq(listingPhotos.listingId, listingId), eq(listingPhotos.status, 'ready')));
      return row?.n ?? 0;
    },
  };
}

/** Boards, a person's name, the concierge's emails and the listing's invoice. */
function mlsListingLookups(db: Db) {
  return {
    /** MLS boards listing this state and county, compared as decision 028 does; by name. */
    async boardsFor(state: string, county: string | null): Promise<MlsBoard[]> {
      if (!county?.trim()) return [];
      return db
        .select()
        .from(mlsBoards)
        .where(
          and(
            sql`${state.trim().toUpperCase()} = any(${mlsBoards.states})`,
            sql`exists (select 1 from unnest(${mlsBoards.counties}) as c(name) where ${countyKey(sql`c.name`)} = ${countyKey(county)})`,
          ),
        )
        .orderBy(asc(mlsBoards.name));
    },

    async boardById(id: number): Promise<MlsBoard | undefined> {
      const [row] = await db.select().from(mlsBoards).where(eq(mlsBoards.id, id));
      return row;
    },

    /** How the owners' pages name a person (the concierge holding their draft). */
    async personName(userId: number): Promise<string> {
      const [row] = await db
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      return row?.name?.trim() || row?.email || 'Your concierge';
    },

    /** Who to tell that a signed listing waits for its concierge (decision 048). */
    conciergeEmails: (listingId: number) => conciergeEmails(db, listingId),

    /** The invoice of the listing's own order, if it has one (a quoted order has none yet). */
    async listingInvoice(orderId: number) {
      const [row] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(ownInvoiceOf(orderId));
      return row ? invoiceWithLines(db, row.id) : undefined;
    },

    invoiceWithLines: (invoiceId: number) => invoiceWithLines(db, invoiceId),
  };
}

/** Editing, submitting and stepping a listing. */
function mlsListingWrites(db: Db) {
  return {
    /**
     * A step saved by an owner or by the concierge holding the draft (decision 065), with its
     * history row in the same transaction (an owner's only on a concierge listing). Refused (false) when the listing is no longer a draft
     * or the hold changed since it was read: an owner writes only while nobody holds it, the
     * concierge only while they do.
     */
    async update(
      id: number,
      patch: Partial<
        Pick<
          MlsListing,
          'completedSteps' | 'boardId' | 'propertyType' | 'propertySubType' | 'fields'
        >
      >,
      editor: { userId: number; concierge: boolean; step: TMlsListingStep },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const held = editor.concierge
          ? eq(mlsListings.conciergeHolderId, editor.userId)
          : isNull(mlsListings.conciergeHolderId);
        const [row] = await tx
          .update(mlsListings)
          .set({ ...patch, updatedAt: new Date() })
          .where(
            and(eq(mlsListings.id, id), inArray(mlsListings.status, ['draft', 'returned']), held),
          )
          .returning({ boardId: mlsListings.boardId });
        if (!row) return false;
        // The owners' edits are history where a concierge works on the draft with them.
        if (!editor.concierge && !(await isConciergeListing(tx, id))) return true;
        await addListingEvent(tx, {
          listingId: id,
          kind: editor.concierge ? 'concierge_edited' : 'owner_edited',
          boardId: row.boardId,
          staffUserId: editor.userId,
          step: editor.step,
        });
        return true;
      });
    },

    snapshot: (listing: MlsListing) => listingSnapshot(db, listing),

    /**
     * The last owner signed (inside the signing transaction): a draft or sent-back listing goes
     * to staff, or first to the property's concierge when it has a paid concierge order and an
     * assigned concierge (decision 048). False when it was neither (nothing changes).
     */
    async submit(tx: Tx, id: number): Promise<boolean> {
      return (await submitTo(tx, id)) !== null;
    },

    submitTo,

    /**
     * The owners' choices of where the listing may appear beyond our site (issue 49): on a draft
     * nobody holds (the agreement is made with them) or on a live listing. False when the
     * listing is no longer in that state.
     */
    async setSyndication(
      id: number,
      syndication: TListingSyndication,
      on: 'draft' | 'live',
    ): Promise<boolean> {
      const state =
        on === 'live'
          ? eq(mlsListings.status, 'live')
          : and(
              inArray(mlsListings.status, ['draft', 'returned']),
              isNull(mlsListings.conciergeHolderId),
            );
      const rows = await db
        .update(mlsListings)
        .set({ syndication, updatedAt: new Date() })
        .where(and(eq(mlsListings.id, id), state))
        .returning({ id: mlsListings.id });
      return rows.length > 0;
    },

    async setSteps(id: number, steps: TMlsListingStep[]): Promise<void> {
      await db
        .update(mlsListings)
        .set({ completedSteps: steps, updatedAt: new Date() })
        .where(eq(mlsListings.id, id));
    },
  };
}

/** Taking the concierge's changes into the draft. */
function mlsListingConcierge(db: Db) {
  return {
    /**
     * The owners accept the changes the concierge handed back (decision 065): the review is
     * cleared and the draft is theirs to edit and sign. False when none wait (or it is held).
     */
    async acceptConciergeChanges(
      id: number,
      userId: number,
    ): Promise<{ ok: true; before: MlsListing; after: MlsListing } | { ok: false }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(mlsListings)
          .where(eq(mlsListings.id, id))
          .for('update', { of: mlsListings });
        if (
          !row ||
          row.conciergeHolderId !== null ||
          row.conciergeBefore === null ||
          row.conciergeHandedAt === null
        )
          return { ok: false };
        const [after] = await tx
          .update(mlsListings)
          .set({ conciergeBefore: null, conciergeHandedAt: null, updatedAt: new Date() })
          .where(eq(mlsListings.id, id))
          .returning();
        if (!after) throw new Error('listing update returned nothing');
        await addListingEvent(tx, {
          listingId: id,
          kind: 'owner_accepted',
          boardId: row.boardId,
          staffUserId: userId,
        });
        return { ok: true, before: row, after };
      });
    },
  };
}

/** Upgrade products and orders, and taking an upgrade back. */
function mlsListingUpgrades(db: Db) {
  return {
    /** Products by slug, in no particular order. */
    async productsBySlug(slugs: string[]): Promise<Product[]> {
      if (slugs.length === 0) return [];
      return db.select().from(products).where(inArray(products.slug, slugs));
    },

    /** The property's active orders of these products, with where each is billed. */
    async upgradeOrders(propertyId: number, slugs: string[]): Promise<UpgradeOrder[]> {
      if (slugs.length === 0) return [];
      const rows = await db
        .select({
          order: orders,
          slug: products.slug,
          ownInvoice: {
            id: invoices.id,
            hash: invoices.hash,
            status: invoices.status,
            paidCents: invoices.paidCents,
          },
          lineInvoiceId: sql<
            number | null
          >`(select ${invoiceLines.invoiceId} from ${invoiceLines} where ${invoiceLines.orderId} = ${orders.id} limit 1)`,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .leftJoin(invoices, invoiceOfOrder)
        .where(
          and(
            eq(orders.propertyId, propertyId),
            inArray(products.slug, slugs),
            inArray(orders.status, [...ACTIVE]),
          ),
        );
      return rows.map((r) => ({
        order: r.order,
        slug: r.slug,
        lineInvoiceId: r.lineInvoiceId,
        ownInvoice: r.ownInvoice?.id ? r.ownInvoice : null,
      }));
    },

    /**
     * Takes an upgrade off: billed on the listing's invoice, its lines go and the sums are
     * recomputed under the invoice's lock; on an invoice of its own, that invoice is void. Either
     * way only while nothing is paid on the invoice, and the order is cancelled.
     */
    async removeUpgrade(upgrade: UpgradeOrder): Promise<UpgradeOutcome> {
      return db.transaction(async (tx) => {
        const invoiceId = upgrade.lineInvoiceId ?? upgrade.ownInvoice?.id ?? null;
        if (invoiceId === null) {
          // A quote not yet priced: nothing billed, only the order to cancel.
          if (upgrade.order.status !== 'quote_requested') return { ok: false, reason: 'locked' };
        } else {
          const invoice = await lockInvoice(tx, invoiceId);
          if (!changeable(invoice) || !invoice) return { ok: false, reason: 'locked' };
          if (upgrade.lineInvoiceId !== null) {
            await tx.delete(invoiceLines).where(eq(invoiceLines.orderId, upgrade.order.id));
            await reprice(tx, invoice);
          } else {
            await tx.update(invoices).set({ status: 'void' }).where(eq(invoices.id, invoice.id));
          }
          await releaseCoupon(tx, upgrade.order.id);
        }
        const [cancelled] = await tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(and(eq(orders.id, upgrade.order.id), inArray(orders.status, [...ACTIVE])))
          .returning({ id: orders.id });
        if (!cancelled) return { ok: false, reason: 'locked' };
        return { ok: true, orderId: cancelled.id };
      });
    },
  };
}

/** Adding an upgrade to the listing's unpaid invoice. */
function mlsListingUpgradeBilling(db: Db) {
  return {
    /**
     * An upgrade's order billed on the listing's invoice, while nothing is paid on it: the order,
     * its lines (the service and any deposit, each carrying the order), and the invoice's sums
     * recomputed, in one transaction under the invoice's row lock.
     */
    async addToInvoice(input: {
      invoiceId: number;
      propertyId: number;
      userId: number;
      product: Product;
      depositText: string;
    }): Promise<UpgradeOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const invoice = await lockInvoice(tx, input.invoiceId);
          if (!changeable(invoice) || !invoice) return { ok: false, reason: 'invoiceNotOpen' };
          const price = input.product.priceCents ?? 0;
          const deposit = input.product.depositCents ?? 0;
          const [order] = await tx
            .insert(orders)
            .values({
              hash: newHash(),
              propertyId: input.propertyId,
              productId: input.product.id,
              userId: input.userId,
              priceCents: input.product.priceCents,
              status: 'pending_payment',
            })
            .returning();
          if (!order) throw new Error('order insert returned nothing');
          await tx.insert(invoiceLines).values([
            {
              invoiceId: invoice.id,
              orderId: order.id,
              description: input.product.name,
              quantity: 1,
              unitPriceCents: price,
              amountCents: price,
              taxable: true,
            },
            ...(deposit > 0
              ? [
                  {
                    invoiceId: invoice.id,
                    orderId: order.id,
                    description: input.depositText,
                    quantity: 1,
                    unitPriceCents: deposit,
                    amountCents: deposit,
                    taxable: false,
                  },
                ]
              : []),
          ]);
          await reprice(tx, invoice);
          return { ok: true, orderId: order.id };
        });
      } catch (err) {
        if (isUniqueViolation(err)) return { ok: false, reason: 'duplicate' };
        throw err;
      }
    },
  };
}

export function createMlsListingRepository(db: Db) {
  return {
    ...mlsListingState(db),
    ...mlsListingLookups(db),
    ...mlsListingWrites(db),
    ...mlsListingConcierge(db),
    ...mlsListingUpgrades(db),
    ...mlsListingUpgradeBilling(db),
  };
}
export type MlsListingRepository = ReturnType<typeof createMlsListingRepository>;
