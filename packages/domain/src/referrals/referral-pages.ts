/** The vendor kinds whose area holds "Your referrals" (decisions 035 and 051). */
export const REFERRER_VENDOR_KINDS = ['referrer', 'referral_agent'] as const;

export const REFERRAL_PAGES = {
  vendor: '/vendor/referrals',
  vendorFees: '/vendor/referrals/fees',
  /** Where the invitation mail leads: `${invitation}#token=…` (the token stays out of logs). */
  invitation: '/dashboard/referral',
} as const;
