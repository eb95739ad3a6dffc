import {
  PHONE_PATHS,
  type TPhoneCode,
  type TPhoneStart,
  ZMessageAnswerSchema,
  ZPhoneStatusSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const phoneQueryOptions = () =>
  queryOptions({
    queryKey: ['phone'],
    queryFn: ({ signal }) => api.get(PHONE_PATHS.phone, { schema: ZPhoneStatusSchema, signal }),
  });

export const usePhoneStatus = () => useQuery(phoneQueryOptions());

export const useSendPhoneCode = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPhoneStart) =>
      api.post(PHONE_PATHS.phone, body, { schema: ZMessageAnswerSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: phoneQueryOptions().queryKey }),
  });
};

export const useVerifyPhone = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPhoneCode) =>
      api.post(PHONE_PATHS.verify, body, { schema: ZPhoneStatusSchema }),
    onSuccess: (status) => client.setQueryData(phoneQueryOptions().queryKey, status),
  });
};
