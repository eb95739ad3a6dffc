import {
  ZOwnerTransactionAccessListSchema,
  ZOwnerTransactionAccessResponseSchema,
} from '@lantern/contracts';
import { TRANSACTION_ACCESS_API, type TTransactionAccessShare } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const accessKey = (property: string) =>
  ['dashboard', 'listing', property, 'transaction-access'] as const;

/** The listing's transaction access requests with their visits (its owners only). */
export const useTransactionAccess = (property: string) =>
  useQuery({
    queryKey: accessKey(property),
    queryFn: ({ signal }) =>
      api.get(`${TRANSACTION_ACCESS_API.owner}?property=${encodeURIComponent(property)}`, {
        schema: ZOwnerTransactionAccessListSchema,
        signal,
      }),
  });

export type AccessDecision =
  | { action: 'approve'; request: string; days: number; shares: TTransactionAccessShare[] }
  | { action: 'refuse' | 'revoke'; request: string };

/** Approve, refuse or revoke; the list is refreshed after. */
export function useDecideTransactionAccess(property: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: AccessDecision) =>
      api.request('POST', TRANSACTION_ACCESS_API[d.action](d.request), {
        body: d.action === 'approve' ? { property, days: d.days, shares: d.shares } : { property },
        schema: ZOwnerTransactionAccessResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: accessKey(property) }),
  });
}
