import { LISTING_OWNER_ROLES } from '@lantern/contracts';
import {
  type Db,
  fsboListings,
  type Listing,
  type ListingLeadTextOptIn,
  type ListingTextLead,
  listingLeadTextOptIns,
  listings,
  listingTextCodes,
  listingTextLeads,
  mlsListings,
  propertyParticipants,
  userPhones,
} from '@lantern/db';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';

/** An owner who gets a listing's leads by text, on the number they agreed to. */
export interface LeadTextRecipient {
  userId: number;
  phone: string;
}

/** A listing's text code, and the leads it brings. */
function textCodes(db: Db) {
  return {
    async codeOf(listingId: number): Promise<string | null> {
      const [row] = await db
        .select({ code: listingTextCodes.code })
        .from(listingTextCodes)
        .where(eq(listingTextCodes.listingId, listingId));
      return row?.code ?? null;
    },

    /**
     * Give the listing `code` unless it has one or another listing holds that code; answers the
     * listing's code after the attempt (null: the code was taken, try another).
     */
    async assignCode(listingId: number, code: string): Promise<string | null> {
      await db.insert(listingTextCodes).values({ listingId, code }).onConflictDoNothing();
      return this.codeOf(listingId);
    },

    /** The listing holding `code`, published or not. */
    async listingByCode(code: string): Promise<Listing | undefined> {
      const [row] = await db
        .select({ listing: listings })
        .from(listingTextCodes)
        .innerJoin(listings, eq(listings.id, listingTextCodes.listingId))
        .where(eq(listingTextCodes.code, code));
      return row?.listing;
    },

    /**
     * One more text from `phone` with the listing's code: a new lead (`isNew`), or the same
     * buyer again (counted, latest time moved).
     */
    async recordLead(
      listingId: number,
      phone: string,
      textId: number,
    ): Promise<{ lead: ListingTextLead; isNew: boolean }> {
      const [created] = await db
        .insert(listingTextLeads)
        .values({ listingId, phone, firstTextId: textId })
        .onConflictDoNothing()
        .returning();
      if (created) return { lead: created, isNew: true };
      const [again] = await db
        .update(listingTextLeads)
        .set({ textCount: sql`${listingTextLeads.textCount} + 1`, lastAt: sql`now()` })
        .where(and(eq(listingTextLeads.listingId, listingId), eq(listingTextLeads.phone, phone)))
        .returning();
      if (!again) throw new Error('text lead vanished');
      return { lead: again, isNew: false };
    },

    /** The latest leads of a listing, newest first. */
    async leads(listingId: number, limit: number): Promise<ListingTextLead[]> {
      return db
        .select()
        .from(listingTextLeads)
        .where(eq(listingTextLeads.listingId, listingId))
        .orderBy(desc(listingTextLeads.lastAt), desc(listingTextLeads.id))
        .limit(limit);
    },
  };
}

/** Who opted in to texts about a listing. */
function textOptIns(db: Db) {
  return {
    async optInOf(listingId: number, userId: number): Promise<ListingLeadTextOptIn | undefined> {
      const [row] = await db
        .select()
        .from(listingLeadTextOptIns)
        .where(
          and(
            eq(listingLeadTextOptIns.listingId, listingId),
            eq(listingLeadTextOptIns.userId, userId),
          ),
        );
      return row;
    },

    /** A new consent (a second one replaces the first: when, how, on which number, what words). */
    async optIn(input: {
      listingId: number;
      userId: number;
      phone: string;
      via: string;
      consentText: string;
    }): Promise<ListingLeadTextOptIn> {
      const values = {
        phone: input.phone,
        onVia: input.via,
        consentText: input.consentText,
        onAt: sql`now()`,
        offAt: null,
        offVia: null,
      };
      const [row] = await db
        .insert(listingLeadTextOptIns)
        .values({ listingId: input.listingId, userId: input.userId, ...values })
        .onConflictDoUpdate({
          target: [listingLeadTextOptIns.listingId, listingLeadTextOptIns.userId],
          set: values,
        })
        .returning();
      if (!row) throw new Error('consent not stored');
      return row;
    },

    /** Turn an owner's lead texts off (the consent stays on record, with when and how it ended). */
    async optOut(listingId: number, userId: number, via: string): Promise<void> {
      await db
        .update(listingLeadTextOptIns)
        .set({ offAt: sql`now()`, offVia: via })
        .where(
          and(
            eq(listingLeadTextOptIns.listingId, listingId),
            eq(listingLeadTextOptIns.userId, userId),
            isNull(listingLeadTextOptIns.offAt),
          ),
        );
    },

    /**
     * The owners who get this listing's leads by text now: consent on, still on the listing's
     * side of its property, and the number they agreed to still their verified phone.
     */
    async leadTextRecipients(listingId: number): Promise<LeadTextRecipient[]> {
      return db
        .select({ userId: listingLeadTextOptIns.userId, phone: listingLeadTextOptIns.phone })
        .from(listingLeadTextOptIns)
        .innerJoin(listings, eq(listings.id, listingLeadTextOptIns.listingId))
        .leftJoin(mlsListings, eq(mlsListings.id, listings.mlsListingId))
        .leftJoin(fsboListings, eq(fsboListings.id, listings.fsboListingId))
        .innerJoin(
          propertyParticipants,
          and(
            eq(propertyParticipants.userId, listingLeadTextOptIns.userId),
            sql`${propertyParticipants.propertyId} = coalesce(${mlsListings.propertyId}, ${fsboListings.propertyId})`,
            inArray(propertyParticipants.role, [...LISTING_OWNER_ROLES]),
          ),
        )
        .innerJoin(
          userPhones,
          and(
            eq(userPhones.userId, listingLeadTextOptIns.userId),
            eq(userPhones.phone, listingLeadTextOptIns.phone),
            isNotNull(userPhones.verifiedAt),
          ),
        )
        .where(
          and(eq(listingLeadTextOptIns.listingId, listingId), isNull(listingLeadTextOptIns.offAt)),
        )
        .orderBy(listingLeadTextOptIns.id);
    },
  };
}

/**
 * Text for info's records (issue 22; docs/decisions/044-text-for-info.md): listing codes, the
 * buyers who texted one, and the owners' consent to get those leads by text. The rules are in
 * features/listing-tools/text-for-info.ts.
 */
export function createTextForInfoRepository(db: Db) {
  return { ...textCodes(db), ...textOptIns(db) };
}
export type TextForInfoRepository = ReturnType<typeof createTextForInfoRepository>;
