import {
  INQUIRIES_TAB,
  INQUIRY_LIMITS,
  INQUIRY_TEXTS,
  LISTING_TOOLS_PAGES,
  listingPagePath,
  type TInquiryMessage,
  type TInquirySummary,
  withoutControlCharacters,
} from '@lantern/contracts';
import type { Listing, ListingInquiry } from '@lantern/db';
import EmailReplyParser from 'email-reply-parser';
import type {
  InquiryRepository,
  InquirySummaryRow,
  ListingOwner,
} from '../../repositories/inquiries.ts';
import type { OwnedListingContext } from '../listing-tools/owned-listing.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { type BrandData, inquiryAnswer, inquiryToSeller } from '../mail/templates.ts';
import {
  parseRelayAddress,
  type RelayParsed,
  type RelayTarget,
  relayAddress,
} from './relay-address.ts';

export type InquiryRefusal = { ok: false; status: 404 | 409; message: string };

/** A mail the inbound listener received for one of our relay addresses. */
export interface InboundMail {
  /** The relay address it was sent to. */
  to: string;
  /** The envelope sender's address (MAIL FROM), or '' for a bounce. */
  from: string;
  messageId: string | null;
  /** The plain text (mailparser makes one from HTML-only mail). */
  text: string;
  /** RFC 3834 Auto-Submitted, when present ("auto-replied", "auto-generated"…). */
  autoSubmitted: string | null;
}

export type InboundOutcome =
  | { ok: true; inquiryId: number; side: RelayTarget['side']; duplicate: boolean }
  | { ok: false; reason: string };

const ASKING = new Set<Listing['status']>(['active', 'pending']);

/** The reply a person wrote, without the quoted mail below it, in our length limit. */
export function visibleReply(text: string): string {
  const reply = new EmailReplyParser().parseReply(text.replace(/\r\n?/g, '\n'));
  const trimmed = withoutControlCharacters(reply, true).trim();
  return trimmed.length > INQUIRY_LIMITS.message
    ? `${trimmed.slice(0, INQUIRY_LIMITS.message - 1).trimEnd()}…`
    : trimmed;
}

const EXCERPT = 160;
const excerpt = (s: string) =>
  s.length > EXCERPT ? `${s.slice(0, EXCERPT - 1).trimEnd()}…` : s.replace(/\s+/g, ' ');

/**
 * Buyers' questions (issue 22, "Inquiries and email forwarding"; docs/decisions/041). A question
 * asked on a listing page is stored and mailed to the listing's owners with a relay reply address;
 * the owners answer by replying or from the dashboard, and the answer reaches the buyer the same
 * way. Neither side is ever sent the other's address, unless an owner chooses to share theirs.
 */
export function createInquiryService(deps: {
  repo: InquiryRepository;
  mail: (mail: OutgoingMail) => Promise<unknown>;
  brand: BrandData;
  /** Keys the relay addresses (SESSION_SECRET). */
  secret: string;
  /** MAIL_REPLY_DOMAIN, or undefined: mails carry no relay address and say where to answer. */
  replyDomain: string | undefined;
}) {
  const { repo, brand, replyDomain } = deps;
  const url = (path: string) => `${brand.publicUrl}${path}`;
  const replyTo = (target: RelayTarget) =>
    replyDomain ? { replyTo: relayAddress(deps.secret, replyDomain, target) } : {};

  async function toOwners(
    listing: Listing,
    inquiry: ListingInquiry,
    owners: ListingOwner[],
    message: string,
    followUp: boolean,
  ) {
    for (const owner of owners) {
      const inboxUrl = url(LISTING_TOOLS_PAGES.tab(INQUIRIES_TAB, owner.propertyHash));
      await deps.mail({
        to: owner.email,
        ...inquiryToSeller(brand, {
          address: listing.streetAddress,
          buyer: inquiry.buyerName,
          message,
          followUp,
          byReply: !!replyDomain,
          inboxUrl,
        }),
        ...replyTo({ inquiryId: inquiry.id, side: 'seller' }),
      });
    }
  }

  async function toBuyer(
    listing: Listing,
    inquiry: ListingInquiry,
    answer: string,
    sellerEmail: string | null,
  ) {
    await deps.mail({
      to: inquiry.buyerEmail,
      ...inquiryAnswer(brand, {
        address: listing.streetAddress,
        answer,
        sellerEmail,
        byReply: !!replyDomain,
        listingUrl: url(listing.slug ? listingPagePath(listing.slug) : '/current-listings'),
      }),
      ...replyTo({ inquiryId: inquiry.id, side: 'buyer' }),
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
      await toOwners(listing, inquiry, await repo.owners(listing), input.message, false);
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
      const thread: TInquiryMessage[] = (await repo.thread(row.inquiry.id)).map((m) => ({
        side: m.message.side === 'seller' ? 'seller' : 'buyer',
        via: m.message.via as TInquiryMessage['via'],
        author:
          m.message.side === 'buyer'
            ? row.inquiry.buyerName
            : (m.authorName ?? m.authorEmail ?? 'The seller'),
        body: m.message.body,
        at: m.message.createdAt.toISOString(),
      }));
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
      await toBuyer(ctx.listing, row.inquiry, input.body, input.shareEmail ? author.email : null);
      return true;
    },

    /** Whether the listener should take mail for this address (RCPT TO). */
    recipient: (address: string, now = new Date()): RelayParsed =>
      replyDomain
        ? parseRelayAddress(deps.secret, replyDomain, address, now)
        : { ok: false, reason: 'not-ours' },

    /**
     * A reply that came to a relay address: stored on its thread and passed to the other side.
     * Dropped (with the reason, for the log): a bad or expired address, an automatic reply or
     * bounce (RFC 3834; relaying those would loop), a thread gone, nothing written above the
     * quote. The same Message-ID twice on a thread is stored and relayed once.
     */
    async receive(mail: InboundMail): Promise<InboundOutcome> {
      const target = this.recipient(mail.to);
      if (!target.ok) return { ok: false, reason: target.reason };
      if (!mail.from) return { ok: false, reason: 'bounce' };
      if (mail.autoSubmitted && mail.autoSubmitted.toLowerCase() !== 'no') {
        return { ok: false, reason: 'automatic reply' };
      }
      const found = await repo.withListing(target.inquiryId);
      if (!found) return { ok: false, reason: 'thread gone' };
      const body = visibleReply(mail.text);
      if (!body) return { ok: false, reason: 'empty reply' };
      const { inquiry, listing } = found;
      const owners = target.side === 'seller' ? await repo.owners(listing) : [];
      const author =
        owners.find((o) => o.email.toLowerCase() === mail.from.toLowerCase())?.userId ?? null;
      const stored = await repo.addMessage(inquiry.id, {
        side: target.side,
        via: 'email',
        body,
        authorId: author,
        emailMessageId: mail.messageId,
      });
      if (!stored) {
        return { ok: true, inquiryId: inquiry.id, side: target.side, duplicate: true };
      }
      if (target.side === 'seller') await toBuyer(listing, inquiry, body, null);
      else await toOwners(listing, inquiry, await repo.owners(listing), body, true);
      return { ok: true, inquiryId: inquiry.id, side: target.side, duplicate: false };
    },
  };
}
export type InquiryService = ReturnType<typeof createInquiryService>;
