import { LISTING_OWNER_ROLES } from '@lantern/contracts';
import {
  type Db,
  fsboListings,
  type Listing,
  listings,
  mlsListings,
  newHash,
  properties,
  propertyDocuments,
  propertyParticipants,
  showingRequests,
  type TransactionAccessRequest,
  transactionAccessRequests,
  transactionAccessViews,
  users,
} from '@lantern/db';
import { and, asc, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

/** The property a public listing row shows (its MLS or FSBO listing's). */
const propertyIdOf = sql<number>`coalesce(${mlsListings.propertyId}, ${fsboListings.propertyId})`;
const newer = alias(propertyDocuments, 'newer');
const isLatest = sql`not exists (select 1 from ${propertyDocuments} as newer where ${newer.propertyId} = ${propertyDocuments.propertyId} and ${newer.kind} = ${propertyDocuments.kind} and ${newer.type} = ${propertyDocuments.type} and ${newer.version} > ${propertyDocuments.version})`;
/** The listing's side of the deal: the buyer's own documents are never shared from here. */
const LISTING_SIDE_KINDS = ['sale_seller', 'lease_landlord'] as const;

export interface NewTransactionAccessRequest {
  propertyId: number;
  listingId: number;
  name: string;
  company: string;
  role: TransactionAccessRequest['role'];
  email: string;
  message: string;
  confirmTokenHash: string;
  confirmExpiresAt: Date;
}

/** A request with who decided it, as the owners' list shows it. */
export interface TransactionAccessRow {
  request: TransactionAccessRequest;
  decidedBy: string | null;
}

/** What the service decides under a request's row lock: the change, or why not. */
export type TransactionAccessChange =
  | { ok: true; set: Partial<TransactionAccessRequest> }
  | { ok: false; status: 404 | 409; message: string };

/** Requests for a listing's transaction: made and found. */
function accessRequests(db: Db) {
  return {
    /** A published listing for sale (active or pending) by its public id, with its property. */
    async openListing(hash: string): Promise<{ listing: Listing; propertyId: number } | undefined> {
      const [row] = await db
        .select({ listing: listings, propertyId: propertyIdOf })
        .from(listings)
        .leftJoin(mlsListings, eq(mlsListings.id, listings.mlsListingId))
        .leftJoin(fsboListings, eq(fsboListings.id, listings.fsboListingId))
        .where(
          and(
            eq(listings.hash, hash),
            isNotNull(listings.publishedAt),
            inArray(listings.status, ['active', 'pending']),
          ),
        );
      return row && row.propertyId !== null ? row : undefined;
    },

    async create(input: NewTransactionAccessRequest): Promise<TransactionAccessRequest> {
      const [made] = await db
        .insert(transactionAccessRequests)
        .values({ hash: newHash(), ...input })
        .returning();
      if (!made) throw new Error('transaction access insert returned nothing');
      return made;
    },

    async byConfirmToken(tokenHash: string): Promise<TransactionAccessRequest | undefined> {
      const [row] = await db
        .select()
        .from(transactionAccessRequests)
        .where(eq(transactionAccessRequests.confirmTokenHash, tokenHash));
      return row;
    },

    async byAccessToken(tokenHash: string): Promise<TransactionAccessRequest | undefined> {
      const [row] = await db
        .select()
        .from(transactionAccessRequests)
        .where(eq(transactionAccessRequests.accessTokenHash, tokenHash));
      return row;
    },

    async propertyHash(id: number): Promise<string | undefined> {
      const [row] = await db
        .select({ hash: properties.hash })
        .from(properties)
        .where(eq(properties.id, id));
      return row?.hash;
    },

    async listing(id: number): Promise<Listing | undefined> {
      const [row] = await db.select().from(listings).where(eq(listings.id, id));
      return row;
    },

    /** Requests the owners may see (confirmed ones), newest first. */
    async forProperty(propertyId: number, hash?: string): Promise<TransactionAccessRow[]> {
      return db
        .select({
          request: transactionAccessRequests,
          decidedBy: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`,
        })
        .from(transactionAccessRequests)
        .leftJoin(users, eq(users.id, transactionAccessRequests.decidedBy))
        .where(
          and(
            eq(transactionAccessRequests.propertyId, propertyId),
            ne(transactionAccessRequests.status, 'unconfirmed'),
            hash ? eq(transactionAccessRequests.hash, hash) : undefined,
          ),
        )
        .orderBy(desc(transactionAccessRequests.createdAt), desc(transactionAccessRequests.id));
    },
  };
}

/** Views of a granted request, and the owners' decisions. */
function accessDecisions(db: Db) {
  return {
    /** The view log of each request, newest first (at most `limit` each). */
    async views(requestIds: number[], limit = 100) {
      const out = new Map<number, { at: Date; ip: string; what: string }[]>();
      if (!requestIds.length) return out;
      const rows = await db
        .select()
        .from(transactionAccessViews)
        .where(inArray(transactionAccessViews.requestId, requestIds))
        .orderBy(desc(transactionAccessViews.viewedAt), desc(transactionAccessViews.id));
      for (const row of rows) {
        const list = out.get(row.requestId) ?? [];
        if (list.length < limit) list.push({ at: row.viewedAt, ip: row.ip, what: row.what });
        out.set(row.requestId, list);
      }
      return out;
    },

    async logView(entry: { requestId: number; ip: string; what: string; userAgent: string }) {
      await db.insert(transactionAccessViews).values(entry);
    },

    /**
     * Change a request under its row lock. `propertyId` narrows it to one property (the owner's
     * dashboard); the confirmation link finds it by its token hash instead.
     */
    async change(
      where: { hash: string; propertyId: number } | { confirmTokenHash: string },
      decide: (r: TransactionAccessRequest) => TransactionAccessChange,
    ): Promise<
      | { ok: true; before: TransactionAccessRequest; after: TransactionAccessRequest }
      | Extract<TransactionAccessChange, { ok: false }>
      | undefined
    > {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(transactionAccessRequests)
          .where(
            'hash' in where
              ? and(
                  eq(transactionAccessRequests.hash, where.hash),
                  eq(transactionAccessRequests.propertyId, where.propertyId),
                )
              : eq(transactionAccessRequests.confirmTokenHash, where.confirmTokenHash),
          )
          .for('update');
        if (!before) return undefined;
        const verdict = decide(before);
        if (!verdict.ok) return verdict;
        const [after] = await tx
          .update(transactionAccessRequests)
          .set({ ...verdict.set, updatedAt: new Date() })
          .where(eq(transactionAccessRequests.id, before.id))
          .returning();
        if (!after) throw new Error('transaction access update returned nothing');
        return { ok: true as const, before, after };
      });
    },
  };
}

/** What a granted request shows: owners, documents, showings. */
function accessProperty(db: Db) {
  return {
    /** The listing's side of a property (seller, landlord or their agents). */
    async owners(propertyId: number): Promise<{ id: number; email: string }[]> {
      return db
        .select({ id: users.id, email: users.email })
        .from(propertyParticipants)
        .innerJoin(users, eq(users.id, propertyParticipants.userId))
        .where(
          and(
            eq(propertyParticipants.propertyId, propertyId),
            inArray(propertyParticipants.role, [...LISTING_OWNER_ROLES]),
          ),
        )
        .orderBy(asc(propertyParticipants.id));
    },

    /** The latest file of each document of the listing's side, sent-back ones left out. */
    async documents(propertyId: number) {
      return db
        .select()
        .from(propertyDocuments)
        .where(
          and(
            eq(propertyDocuments.propertyId, propertyId),
            inArray(propertyDocuments.kind, [...LISTING_SIDE_KINDS]),
            ne(propertyDocuments.state, 'rejected'),
            isLatest,
          ),
        )
        .orderBy(asc(propertyDocuments.kind), asc(propertyDocuments.type));
    },

    /** Confirmed showings of the property's listing rows that have not ended yet. */
    async showings(propertyId: number, now: Date) {
      return db
        .select({
          start: showingRequests.startAt,
          minutes: showingRequests.durationMinutes,
          status: showingRequests.status,
        })
        .from(showingRequests)
        .innerJoin(listings, eq(listings.id, showingRequests.listingId))
        .leftJoin(mlsListings, eq(mlsListings.id, listings.mlsListingId))
        .leftJoin(fsboListings, eq(fsboListings.id, listings.fsboListingId))
        .where(
          and(
            sql`${propertyIdOf} = ${propertyId}`,
            eq(showingRequests.status, 'Confirmed'),
            gt(
              sql`${showingRequests.startAt} + make_interval(mins => ${showingRequests.durationMinutes})`,
              now,
            ),
          ),
        )
        .orderBy(asc(showingRequests.startAt));
    },
  };
}

/**
 * Transaction access requests and their view log (issue 24). Decisions (approve, refuse, revoke,
 * confirm) lock the request's row first, so two owners answering at once take turns and the
 * second sees the first's outcome.
 */
export function createTransactionAccessRepository(db: Db) {
  return { ...accessRequests(db), ...accessDecisions(db), ...accessProperty(db) };
}
export type TransactionAccessRepository = ReturnType<typeof createTransactionAccessRepository>;
