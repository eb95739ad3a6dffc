/**
 * A referral's states (issue 23; docs/decisions/035-referrals.md). No imports: the database schema
 * reads these for its enum. pending: recorded, the customer has not yet bought what earns the fee.
 * earned: the fee is owed. paid: staff recorded the payment (only to a referrer with a real
 * estate license on file for the property's state).
 */
export const REFERRAL_STATUSES = ['pending', 'earned', 'paid'] as const;
export type TReferralStatus = (typeof REFERRAL_STATUSES)[number];
