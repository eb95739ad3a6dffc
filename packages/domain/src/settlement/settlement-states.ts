/** The settlement states and payee roles (decision 049), without zod: the database imports them. */

/** open: the sale is on its way to closing. closed: it closed (or fell through) — kept on file. */
export const SETTLEMENT_TRANSACTION_STATUSES = ['open', 'closed'] as const;
export type TSettlementTransactionStatus = (typeof SETTLEMENT_TRANSACTION_STATUSES)[number];

/**
 * draft: the settlement agent is filling it in. signed: signed by the agent, waiting for staff.
 * approved: staff approved it; it can never change again.
 */
export const CDA_STATUSES = ['draft', 'signed', 'approved'] as const;
export type TCdaStatus = (typeof CDA_STATUSES)[number];

export const CDA_PAYEE_ROLES = [
  'listing_brokerage',
  'buyer_brokerage',
  'referral',
  'transaction_fee',
  'other',
] as const;
export type TCdaPayeeRole = (typeof CDA_PAYEE_ROLES)[number];
