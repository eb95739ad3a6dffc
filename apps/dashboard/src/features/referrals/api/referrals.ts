import {
  type TCreateReferralRequest,
  type TLicense,
  type TPutLicenseRequest,
  ZLicensesResponseSchema,
  ZReferralRowSchema,
  ZReferralsPageSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const referralsKey = ['admin', 'referrals'] as const;

export const fetchReferralsPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.referrals}?${query}`, { schema: ZReferralsPageSchema, signal });

/** Every referral change answers the referral as it is now; the list is loaded again. */
function useReferralChange<V, R>(call: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: referralsKey }),
  });
}

export const useRecordReferral = () =>
  useReferralChange((input: TCreateReferralRequest) =>
    api.request('POST', ADMIN_API.referrals, { body: input, schema: ZReferralRowSchema }),
  );

export const useMarkEarned = () =>
  useReferralChange((hash: string) =>
    api.request('POST', ADMIN_API.referralEarned(hash), { schema: ZReferralRowSchema }),
  );

export const useMarkPaid = () =>
  useReferralChange(({ hash, reference }: { hash: string; reference: string }) =>
    api.request('POST', ADMIN_API.referralPaid(hash), {
      body: { reference },
      schema: ZReferralRowSchema,
    }),
  );

export const useDeleteReferral = () =>
  useReferralChange((hash: string) => api.request<void>('DELETE', ADMIN_API.referral(hash)));

const licensesKey = (hash: string) => ['admin', 'licenses', hash] as const;

export const useLicenses = (hash: string) =>
  useQuery({
    queryKey: licensesKey(hash),
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.userLicenses(hash), { schema: ZLicensesResponseSchema, signal }),
  });

/** A license change answers the person's licenses as they are now. */
function useLicenseChange<V>(hash: string, call: (v: V) => Promise<{ licenses: TLicense[] }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      client.setQueryData(licensesKey(hash), data);
      return client.invalidateQueries({ queryKey: referralsKey });
    },
  });
}

export const usePutLicense = (hash: string) =>
  useLicenseChange(hash, (input: TPutLicenseRequest) =>
    api.request('PUT', ADMIN_API.userLicenses(hash), {
      body: input,
      schema: ZLicensesResponseSchema,
    }),
  );

export const useRemoveLicense = (hash: string) =>
  useLicenseChange(hash, (state: string) =>
    api.request('DELETE', ADMIN_API.userLicense(hash, state), {
      schema: ZLicensesResponseSchema,
    }),
  );
