import {
  type TTwoFactorCode,
  type TTwoFactorStatus,
  TWO_FACTOR_PATHS,
  ZRecoveryCodesSchema,
  ZTwoFactorSetupSchema,
  ZTwoFactorStatusSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: ['two-factor'],
    queryFn: ({ signal }) =>
      api.get(TWO_FACTOR_PATHS.status, { schema: ZTwoFactorStatusSchema, signal }),
  });

export const useTwoFactorStatus = () => useQuery(twoFactorQueryOptions());

export const useStartTwoFactor = () =>
  useMutation({
    mutationFn: () => api.post(TWO_FACTOR_PATHS.setup, {}, { schema: ZTwoFactorSetupSchema }),
  });

export const useConfirmTwoFactor = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TTwoFactorCode) =>
      api.post(TWO_FACTOR_PATHS.confirm, body, { schema: ZRecoveryCodesSchema }),
    onSuccess: ({ recoveryCodes }) =>
      client.setQueryData<TTwoFactorStatus>(twoFactorQueryOptions().queryKey, {
        enabled: true,
        recoveryCodesLeft: recoveryCodes.length,
      }),
  });
};

export const useDisableTwoFactor = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TTwoFactorCode) =>
      api.post(TWO_FACTOR_PATHS.disable, body, { schema: ZTwoFactorStatusSchema }),
    onSuccess: (status) => client.setQueryData(twoFactorQueryOptions().queryKey, status),
  });
};
