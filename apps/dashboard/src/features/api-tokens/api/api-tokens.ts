import {
  type TApiTokenCreate,
  ZApiTokenCreatedSchema,
  ZApiTokenListSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

/** Account Settings → API tokens (issue 25; docs/decisions/052-public-api-and-tokens.md). */
export const API_TOKENS_PATH = '/api/account/api-tokens';
const key = ['account', 'api-tokens'] as const;

export const useApiTokens = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get(API_TOKENS_PATH, { schema: ZApiTokenListSchema, signal }),
  });

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TApiTokenCreate) =>
      api.post(API_TOKENS_PATH, body, { schema: ZApiTokenCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.request('DELETE', `${API_TOKENS_PATH}/${id}`, {
        schema: z.object({ message: z.string() }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
