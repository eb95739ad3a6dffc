import {
  INQUIRY_TEXTS,
  LISTING_TOOLS_PAGES,
  listingPagePath,
  type TInquiryMessage,
  type TInquirySummary,
} from '@lantern/contracts';
import type { Listing, ListingInquiry } from '@lantern/db';
import { INQUIRIES_TAB } from '@lantern/domain';
import type { OutgoingMail } from '../../mail/index.ts';
import { type BrandData, inquiryAnswer, inquiryToSeller } from '../../mail/templates.ts';
import type { MailRelay, RelayedReply, RelayHandled } from '../../mail-relay/mail-relay.ts';
import type {
  InquiryRepository,
  InquirySummaryRow,
  ListingOwner,
} from '../inquiries.repository.ts';
import type { OwnedListingContext } from '../owned-listing.ts';

export type InquiryRefusal = { ok: false; status: 404 | 409; message: string };

const ASKING = new Set<Listing['status']>(['active', 'pending']);

const EXCERPT = 160;
const excerpt = (s: string) =>
  s.length > EXCERPT ? `${s.slice(0, EXCERPT - 1).trimEnd()}…` : s.replace(/\s+/g, ' ');

/** What the inquiry service needs. */
interface InquiryDeps {
  repo: InquiryRepository;
  mail: (mail: OutgoingMail) => Promise<unknown>;
  brand: BrandData;
  /** Reply-To addresses; without a reply domain mails say where to answer instead. */
  relay: Pick<MailRelay, 'replyTo' | 'enabled'>;
  /** Listing analytics: each new question counts (InquiryCount); replies do not. */
  analytics: { count(listingId: number, metric: 'InquiryCount'): Promise<void> };
}

/** The question (or a follow-up) mailed to each owner, with a relay reply address. */
async function toOwners(
  deps: InquiryDeps,
  listing: Listing,
  inquiry: ListingInquiry,
  owners: ListingOwner[],
  message: string,
  followUp: boolean,
) {
  const { brand, relay } = deps;
  for (const owner of owners) {
    const inboxUrl = `${brand.publicUrl}${LISTING_TOOLS_PAGES.tab(INQUIRIES_TAB, owner.propertyHash)}`;
    await deps.mail({
      to: owner.email,
      ...inquiryToSeller(brand, {
        address: listing.streetAddress,
        buyer: inquiry.buyerName,
        message,
        followUp,
        byReply: relay.enabled,
        inboxUrl,
      }),
      ...relay.replyTo({ thread: 'inquiry', id: inquiry.id, side: 'seller' }),
    });
  }
}

/** An owner's answer mailed to the buyer, with a relay reply address. */
async function toBuyer(
  deps: InquiryDeps,
  listing: Listing,
  inquiry: ListingInquiry,
  answer: string,
  sellerEmail: string | null,
) {
  const { brand, relay } = deps;
  const listingPath = listing.slug ? listingPagePath(listing.slug) : '/current-listings';
  await deps.mail({
    to: inquiry.buyerEmail,
    ...inquiryAnswer(brand, {
      address: listing.streetAddress,
      answer,
      sellerEmail,
      byReply: relay.enabled,
      listingUrl: `${brand.publicUrl}${listingPath}`,
    }),
    ...relay.replyTo({ thread: 'inquiry', id: inquiry.id, side: 'buyer' }),
  });
}

const summary = (row: InquirySummaryRow): TInquirySummary => ({
  hash: row.inquiry.hash,
  buyerName: row.inquiry.buyerName,
  excerpt: excerpt(row.latest ?? ''),
  messages: row.messages,
  lastMessageAt: row.inquiry.lastMessageAt.toISOString(),
  createdAt: row.inquiry.createdAt.toISOString(),
  unread: row.unread,
});

/** A thread's message as the owners read it (never the buyer's address). */
const threadMessage =
  (buyerName: string) =>
  (m: Awaited<ReturnType<InquiryRepository['thread']>>[number]): TInquiryMessage => ({
    side: m.message.side === 'seller' ? 'seller' : 'buyer',
    via: m.message.via as TInquiryMessage['via'],
    author:
      m.message.side === 'buyer' ? buyerName : (m.authorName ?? m.authorEmail ?? 'The seller'),
    body: m.message.body,
    at: m.message.createdAt.toISOString(),
  });

/**
 * Buyers' questions (issue 22, "Inquiries and email forwarding"; docs/decisions/041). A question
 * asked on a listing page is stored and mailed to the listing's owners with a relay reply address;
 * the owners answer by replying or from the dashboard, and the answer reaches the buyer the same
 * way. Neither side is ever sent the other's address, unless an owner chooses to share theirs.
 */
export function createInquiryService(deps: InquiryDeps) {
  const { repo } = deps;
  return {
    /**
     * A visitor's question on a published listing's page. Only a home for sale (active or
     * pending) takes questions; the owners are mailed one each.
     */
    async ask(
      listing: Listing,
      input: { name: string; email: string; phone?: string | undefined; message: string },
    ): Promise<{ ok: true; inquiry: ListingInquiry } | InquiryRefusal> {
      if (!listing.publishedAt) return { ok: false, status: 404, message: 'Not found.' };
      if (!ASKING.has(listing.status)) {
        return { ok: false, status: 409, message: INQUIRY_TEXTS.notAsking };
      }
      const inquiry = await repo.create(listing.id, {
        buyerName: input.name,
        buyerEmail: input.email,
        buyerPhone: input.phone?.trim() || null,
        body: input.message,
      });
      await deps.analytics.count(listing.id, 'InquiryCount');
      await toOwners(deps, listing, inquiry, await repo.owners(listing), input.message, false);
      return { ok: true, inquiry };
    },

    /** The listing's questions for its owners (never the buyer's address). */
    async list(ctx: OwnedListingContext): Promise<TInquirySummary[]> {
      return (await repo.listForListing(ctx.listing.id)).map(summary);
    },

    /** One thread, marked read; another listing's question is a 404. */
    async open(ctx: OwnedListingContext, hash: string) {
      const row = await repo.findForListing(ctx.listing.id, hash);
      if (!row) return null;
      await repo.markRead(row.inquiry.id);
      const thread: TInquiryMessage[] = (await repo.thread(row.inquiry.id)).map(
        threadMessage(row.inquiry.buyerName),
      );
      return { ...summary({ ...row, unread: false }), thread };
    },

    /** An owner answers from the dashboard; the answer is mailed to the buyer. */
    async answer(
      ctx: OwnedListingContext,
      hash: string,
      input: { body: string; shareEmail: boolean },
      author: { userId: number; email: string },
    ): Promise<boolean> {
      const row = await repo.findForListing(ctx.listing.id, hash);
      if (!row) return false;
      await repo.addMessage(row.inquiry.id, {
        side: 'seller',
        via: 'dashboard',
        body: input.body,
        authorId: author.userId,
      });
      await toBuyer(
        deps,
        ctx.listing,
        row.inquiry,
        input.body,
        input.shareEmail ? author.email : null,
      );
      return true;
    },

    /**
     * A reply by mail to a relay address of a question: stored on its thread and passed to the
     * other side. The same Message-ID twice on a thread is stored and relayed once.
     */
    async mailed(
      reply: RelayedReply<{ thread: 'inquiry'; id: number; side: 'buyer' | 'seller' }>,
    ): Promise<RelayHandled> {
      const found = await repo.withListing(reply.target.id);
      if (!found) return { ok: false, reason: 'thread gone' };
      const { inquiry, listing } = found;
      const side = reply.target.side;
      const owners = await repo.owners(listing);
      const author =
        side === 'seller'
          ? (owners.find((o) => o.email.toLowerCase() === reply.from.toLowerCase())?.userId ?? null)
          : null;
      const stored = await repo.addMessage(inquiry.id, {
        side,
        via: 'email',
        body: reply.body,
        authorId: author,
        emailMessageId: reply.messageId,
      });
      if (!stored) return { ok: true, duplicate: true };
      if (side === 'seller') await toBuyer(deps, listing, inquiry, reply.body, null);
      else await toOwners(deps, listing, inquiry, owners, reply.body, true);
      return { ok: true, duplicate: false };
    },
  };
}
export type InquiryService = ReturnType<typeof createInquiryService>;
