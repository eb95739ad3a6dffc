import {
  MESSAGES,
  SUPPORT_TEXTS,
  streetAddressUnit,
  type TAdminTicketDetail,
  type TAdminTicketRow,
  type TAdminTicketsQuery,
  type TCreateTicketRequest,
  type TStaffReplyRequest,
  type TTicketDetail,
  type TTicketSummary,
  type TUpdateTicketRequest,
} from '@lantern/contracts';
import type { TSupportTicketState } from '@lantern/domain';
import { SUPPORT_PAGES } from '@lantern/domain';
import type { PageWindow } from '../../lib/keyset.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { type BrandData, supportCustomerReply, supportReply } from '../mail/templates.ts';
import type { MailRelay, RelayedReply, RelayHandled } from '../mail-relay/mail-relay.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { SupportTicketRepository } from './support-tickets.repository.ts';

type Found = NonNullable<Awaited<ReturnType<SupportTicketRepository['find']>>>;

function summary(r: Found): TTicketSummary {
  const t = r.ticket;
  return {
    hash: t.hash,
    subject: t.subject,
    state: t.state,
    property:
      r.propertyHash && r.street !== null
        ? {
            hash: r.propertyHash,
            address: `${streetAddressUnit(r.street, r.unit)}, ${r.city}, ${r.state}`,
          }
        : null,
    lastMessageAt: t.lastMessageAt.toISOString(),
    createdAt: t.createdAt.toISOString(),
  };
}

function adminRow(r: Found): TAdminTicketRow {
  return {
    ...summary(r),
    customer: { hash: r.customerHash, email: r.customerEmail },
    assignee:
      r.assigneeHash && r.assigneeEmail ? { hash: r.assigneeHash, email: r.assigneeEmail } : null,
  };
}

/** What the support tickets work with. */
type TicketDeps = {
  repo: SupportTicketRepository;
  mail: (mail: OutgoingMail) => Promise<unknown>;
  brand: BrandData;
  /** Reply-To addresses, so a customer can answer our answer by mail (decision 041). */
  relay: Pick<MailRelay, 'replyTo' | 'enabled'>;
};

/** A ticket's messages, oldest first, with who wrote each. */
async function messagesOf(deps: TicketDeps, r: Found) {
  const { repo, brand } = deps;
  return (await repo.messages(r.ticket.id)).map((m) => ({
    id: m.id,
    fromStaff: m.fromStaff,
    author: m.fromStaff ? brand.siteName : (m.authorName ?? m.authorEmail ?? 'Former customer'),
    body: m.body,
    at: m.at.toISOString(),
  }));
}

/** The staff member handling a ticket hears of the customer's message. */
async function tellHandler(deps: TicketDeps, found: Found, body: string) {
  const { brand } = deps;
  if (!found.assigneeEmail) return;
  await deps.mail({
    to: found.assigneeEmail,
    ...supportCustomerReply(brand, {
      subject: found.ticket.subject,
      customer: found.customerEmail,
      reply: body,
      ticketUrl: `${brand.publicUrl}${SUPPORT_PAGES.adminTicket(found.ticket.hash)}`,
    }),
  });
}

/** The customer's side: their tickets, opening one, writing on it (also by mail). */
function customerTickets(deps: TicketDeps) {
  const { repo } = deps;
  return {
    async list(userId: number): Promise<TTicketSummary[]> {
      return (await repo.ofUser(userId)).map(summary);
    },

    /** One page of them, read in the database (decision 086). */
    async pageOfUser(userId: number, window: PageWindow) {
      const { rows, nextCursor } = await repo.pageOfUser(userId, window);
      return { rows: rows.map(summary), nextCursor };
    },

    async detail(userId: number, hash: string): Promise<TTicketDetail | undefined> {
      const found = await repo.find(hash, userId);
      return found ? { ...summary(found), messages: await messagesOf(deps, found) } : undefined;
    },

    async create(userId: number, input: TCreateTicketRequest): Promise<Outcome<string>> {
      let propertyId: number | null = null;
      if (input.property) {
        const property = await repo.propertyOf(userId, input.property);
        if (!property)
          return refuse(422, SUPPORT_TEXTS.property, { property: [SUPPORT_TEXTS.property] });
        propertyId = property.id;
      }
      const ticket = await repo.create({
        userId,
        propertyId,
        subject: input.subject,
        body: input.body,
      });
      return ok(ticket.hash);
    },

    /** The customer writes on their ticket: it is open again, and its handler hears of it. */
    async customerReply(userId: number, hash: string, body: string): Promise<Outcome<null>> {
      const found = await repo.find(hash, userId);
      if (!found) return refuse(404, MESSAGES.notFound);
      await repo.reply(found.ticket.id, { authorId: userId, fromStaff: false, body }, 'open');
      await tellHandler(deps, found, body);
      return ok(null);
    },

    /**
     * The customer answered our mail by replying to it (the relay, decision 041): the same as
     * writing on the ticket. The same mail delivered twice counts once.
     */
    async mailed(
      reply: RelayedReply<{ thread: 'ticket'; id: number; side: 'customer' }>,
    ): Promise<RelayHandled> {
      const found = await repo.findById(reply.target.id);
      if (!found) return { ok: false, reason: 'thread gone' };
      const added = await repo.reply(
        found.ticket.id,
        {
          authorId: found.ticket.userId,
          fromStaff: false,
          body: reply.body,
          emailMessageId: reply.messageId,
        },
        'open',
      );
      if (!added) return { ok: true, duplicate: true };
      await tellHandler(deps, found, reply.body);
      return { ok: true, duplicate: false };
    },
  };
}

/** Staff's side: the queue, a ticket, answering it and changing its state or handler. */
function staffTickets(deps: TicketDeps) {
  const { repo, brand } = deps;
  const url = (path: string) => `${brand.publicUrl}${path}`;
  return {
    page: (q: TAdminTicketsQuery, staffId: number) => repo.page(q, staffId),

    adminRow,

    async adminDetail(hash: string): Promise<TAdminTicketDetail | undefined> {
      const found = await repo.find(hash);
      return found ? { ...adminRow(found), messages: await messagesOf(deps, found) } : undefined;
    },

    /** Staff answer: mailed to the customer; the ticket is left in the state chosen. */
    async staffReply(
      staffId: number,
      hash: string,
      input: TStaffReplyRequest,
    ): Promise<Outcome<{ before: TSupportTicketState; after: TSupportTicketState }>> {
      const found = await repo.find(hash);
      if (!found) return refuse(404, MESSAGES.notFound);
      const state = input.state ?? 'waiting';
      await repo.reply(
        found.ticket.id,
        { authorId: staffId, fromStaff: true, body: input.body },
        state,
      );
      await deps.mail({
        to: found.customerEmail,
        ...supportReply(brand, {
          subject: found.ticket.subject,
          reply: input.body,
          solved: state === 'solved',
          ticketUrl: url(SUPPORT_PAGES.ticket(hash)),
          byReply: deps.relay.enabled,
        }),
        ...deps.relay.replyTo({ thread: 'ticket', id: found.ticket.id, side: 'customer' }),
      });
      return ok({ before: found.ticket.state, after: state });
    },

    async update(staffId: number, hash: string, input: TUpdateTicketRequest) {
      const found = await repo.find(hash);
      if (!found) return refuse(404, MESSAGES.notFound);
      const patch: { state?: TSupportTicketState; assigneeId?: number | null } = {};
      if (input.state) patch.state = input.state;
      if (input.assignee !== undefined) patch.assigneeId = input.assignee === 'me' ? staffId : null;
      await repo.update(found.ticket.id, patch);
      return ok({
        before: { state: found.ticket.state, assignee: found.assigneeEmail },
        after: patch,
      });
    },
  };
}

/**
 * Support tickets (issue 23; docs/decisions/036-support-tickets.md). A customer opens a ticket
 * about their account or one of their properties and sees only their own (another's is a 404);
 * staff with "Answer customers" work the queue. Each staff answer is mailed to the customer; each
 * customer reply to the staff member handling the ticket. A customer's reply opens the ticket
 * again, whatever its state.
 */
export function createSupportTicketService(deps: TicketDeps) {
  return { ...customerTickets(deps), ...staffTickets(deps) };
}
export type SupportTicketService = ReturnType<typeof createSupportTicketService>;
