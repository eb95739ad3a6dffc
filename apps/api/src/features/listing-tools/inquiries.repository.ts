import { LISTING_OWNER_ROLES } from '@lantern/contracts';
import {
  type Db,
  fsboListings,
  type InquiryMessage,
  inquiryMessages,
  type Listing,
  type ListingInquiry,
  listingInquiries,
  listings,
  mlsListings,
  newHash,
  properties,
  propertyParticipants,
  users,
} from '@lantern/db';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

export interface NewInquiry {
  buyerName: string;
  buyerEmail: string;
  buyerPhone: string | null;
  body: string;
}

export interface NewInquiryMessage {
  side: 'buyer' | 'seller';
  via: 'form' | 'email' | 'dashboard';
  body: string;
  authorId?: number | null;
  emailMessageId?: string | null;
}

/** The owners a listing's mail goes to: its property's participants on the listing's side. */
export interface ListingOwner {
  userId: number;
  email: string;
  name: string | null;
  /** The property's public id (the owners' dashboard links). */
  propertyHash: string;
}

// Correlated subqueries name their columns through the tables: drizzle writes a bare column
// name in a single-table select, which inside a subquery would mean the inner table's.
const M = sql`${inquiryMessages}`;
const Q = sql`${listingInquiries}`;
const latest = sql<string>`(select ${M}.body from ${M} where ${M}.inquiry_id = ${Q}.id order by ${M}.created_at desc, ${M}.id desc limit 1)`;
const messageCount = sql<number>`(select count(*)::int from ${M} where ${M}.inquiry_id = ${Q}.id)`;
/** A buyer's message after the owners last opened the thread. */
const unread = sql<boolean>`exists (select 1 from ${M} where ${M}.inquiry_id = ${Q}.id and ${M}.side = 'buyer' and (${Q}.seller_read_at is null or ${M}.created_at > ${Q}.seller_read_at))`;

export interface InquirySummaryRow {
  inquiry: ListingInquiry;
  latest: string;
  messages: number;
  unread: boolean;
}

/** New inquiries, their messages, and reading them. */
function inquiryWrites(db: Db) {
  return {
    /** A new question and its first message, in one transaction. */
    async create(listingId: number, input: NewInquiry): Promise<ListingInquiry> {
      return db.transaction(async (tx) => {
        const [inquiry] = await tx
          .insert(listingInquiries)
          .values({
            hash: newHash(),
            listingId,
            buyerName: input.buyerName,
            buyerEmail: input.buyerEmail,
            buyerPhone: input.buyerPhone,
          })
          .returning();
        if (!inquiry) throw new Error('inquiry insert returned nothing');
        await tx
          .insert(inquiryMessages)
          .values({ inquiryId: inquiry.id, side: 'buyer', via: 'form', body: input.body });
        return inquiry;
      });
    },

    /**
     * One more message on a thread. A mail's Message-ID already stored for this thread adds
     * nothing (a mail delivered twice): null then.
     */
    async addMessage(inquiryId: number, m: NewInquiryMessage): Promise<InquiryMessage | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(inquiryMessages)
          .values({
            inquiryId,
            side: m.side,
            via: m.via,
            body: m.body,
            authorId: m.authorId ?? null,
            emailMessageId: m.emailMessageId ?? null,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) return null;
        await tx
          .update(listingInquiries)
          .set({
            lastMessageAt: row.createdAt,
            // The owners' own message means they have read what came before it.
            ...(m.side === 'seller' ? { sellerReadAt: row.createdAt } : {}),
          })
          .where(eq(listingInquiries.id, inquiryId));
        return row;
      });
    },

    markRead: (inquiryId: number, at = new Date()) =>
      db
        .update(listingInquiries)
        .set({ sellerReadAt: at })
        .where(eq(listingInquiries.id, inquiryId)),
  };
}

/** A listing's inquiries and threads, and the listing's owners. */
function inquiryReads(db: Db) {
  return {
    /** A listing's questions, latest activity first. */
    listForListing: (listingId: number, limit = 200): Promise<InquirySummaryRow[]> =>
      db
        .select({ inquiry: listingInquiries, latest, messages: messageCount, unread })
        .from(listingInquiries)
        .where(eq(listingInquiries.listingId, listingId))
        .orderBy(desc(listingInquiries.lastMessageAt), desc(listingInquiries.id))
        .limit(limit),

    /** One question of a listing, by its public id, with its summary figures. */
    async findForListing(listingId: number, hash: string): Promise<InquirySummaryRow | undefined> {
      const [row] = await db
        .select({ inquiry: listingInquiries, latest, messages: messageCount, unread })
        .from(listingInquiries)
        .where(and(eq(listingInquiries.listingId, listingId), eq(listingInquiries.hash, hash)));
      return row;
    },

    /** A thread's messages, oldest first, with the name or email of the owner who wrote each. */
    thread: (inquiryId: number) =>
      db
        .select({ message: inquiryMessages, authorName: users.name, authorEmail: users.email })
        .from(inquiryMessages)
        .leftJoin(users, eq(users.id, inquiryMessages.authorId))
        .where(eq(inquiryMessages.inquiryId, inquiryId))
        .orderBy(asc(inquiryMessages.createdAt), asc(inquiryMessages.id)),

    /** A question with its listing (the relay, which knows only the id). */
    async withListing(
      inquiryId: number,
    ): Promise<{ inquiry: ListingInquiry; listing: Listing } | undefined> {
      const [row] = await db
        .select({ inquiry: listingInquiries, listing: listings })
        .from(listingInquiries)
        .innerJoin(listings, eq(listings.id, listingInquiries.listingId))
        .where(eq(listingInquiries.id, inquiryId));
      return row;
    },

    /** Where a listing's questions go: its property's owners (seller, landlord, their agents). */
    async owners(listing: Listing): Promise<ListingOwner[]> {
      const propertyId = listing.mlsListingId
        ? db
            .select({ id: mlsListings.propertyId })
            .from(mlsListings)
            .where(eq(mlsListings.id, listing.mlsListingId))
        : db
            .select({ id: fsboListings.propertyId })
            .from(fsboListings)
            .where(eq(fsboListings.id, listing.fsboListingId ?? -1));
      return db
        .select({
          userId: users.id,
          email: users.email,
          name: users.name,
          propertyHash: properties.hash,
        })
        .from(propertyParticipants)
        .innerJoin(users, eq(users.id, propertyParticipants.userId))
        .innerJoin(properties, eq(properties.id, propertyParticipants.propertyId))
        .where(
          and(
            inArray(propertyParticipants.propertyId, propertyId),
            inArray(propertyParticipants.role, [...LISTING_OWNER_ROLES]),
          ),
        )
        .orderBy(asc(propertyParticipants.id));
    },
  };
}

/** Buyers' questions about public listings and their threads (issue 22). */
export function createInquiryRepository(db: Db) {
  return { ...inquiryWrites(db), ...inquiryReads(db) };
}
export type InquiryRepository = ReturnType<typeof createInquiryRepository>;
