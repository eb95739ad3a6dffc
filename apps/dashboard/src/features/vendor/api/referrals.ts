import {
  type TReferralInviteRequest,
  VENDOR_REFERRAL_API,
  ZReferralInvitationSchema,
  ZReferralInvitationsPageSchema,
  ZVendorReferralFeesPageSchema,
  ZVendorReferralSummarySchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { vendorKey } from './assignments.ts';

export const vendorReferralsKey = [...vendorKey, 'referrals'] as const;
export const referralInvitationsKey = [...vendorReferralsKey, 'invitations'] as const;
export const referralFeesKey = [...vendorReferralsKey, 'fees'] as const;

export const fetchReferralInvitationsPage = (query: string, signal: AbortSignal) =>
  api.get(`${VENDOR_REFERRAL_API.invitations}?${query}`, {
    schema: ZReferralInvitationsPageSchema,
    signal,
  });

export const fetchReferralFeesPage = (query: string, signal: AbortSignal) =>
  api.get(`${VENDOR_REFERRAL_API.fees}?${query}`, {
    schema: ZVendorReferralFeesPageSchema,
    signal,
  });

/** The referrer's fee sums and licenses on file. */
export const useReferralSummary = () =>
  useQuery({
    queryKey: [...vendorReferralsKey, 'summary'],
    queryFn: ({ signal }) =>
      api.get(VENDOR_REFERRAL_API.summary, { schema: ZVendorReferralSummarySchema, signal }),
  });

/** "Refer a customer": mails the invitation. */
export function useInviteReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TReferralInviteRequest) =>
      api.post(VENDOR_REFERRAL_API.invitations, body, { schema: ZReferralInvitationSchema }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: referralInvitationsKey });
    },
  });
}

/** Withdraw an invitation nobody took up. */
export function useWithdrawReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hash: string) => api.request('DELETE', VENDOR_REFERRAL_API.invitation(hash)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: referralInvitationsKey });
    },
  });
}
