import {
  type TMailTemplateKey,
  ZMailOutboxPageSchema,
  ZMailPreviewSchema,
  ZMailRowSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const outboxKey = ['admin', 'email', 'outbox'] as const;

export const fetchOutboxPage = (query: string, signal: AbortSignal) => {
  const q = new URLSearchParams(query);
  // The outbox has one order (newest or oldest first); the table's sort name is not sent.
  q.delete('sort');
  return api.get(`${ADMIN_API.emailOutbox}?${q}`, { schema: ZMailOutboxPageSchema, signal });
};

export const mailPreviewQueryOptions = (key: TMailTemplateKey) =>
  queryOptions({
    queryKey: ['admin', 'email', 'template', key],
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.emailTemplate(key), { schema: ZMailPreviewSchema, signal }),
    // A preview changes only with a release.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** One template rendered by the server on sample values. */
export const useMailPreview = (key: TMailTemplateKey) => useQuery(mailPreviewQueryOptions(key));

export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(ADMIN_API.emailRetry(id), {}, { schema: ZMailRowSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: outboxKey }),
  });
}
