/**
 * A support ticket's states (issue 23; docs/decisions/036-support-tickets.md). No imports: the
 * database schema reads these for its enum. open: waiting for us. waiting: we answered and wait
 * for the customer. solved: done (a reply from the customer opens it again).
 */
export const SUPPORT_TICKET_STATES = ['open', 'waiting', 'solved'] as const;
export type TSupportTicketState = (typeof SUPPORT_TICKET_STATES)[number];
