import {
  type TOptOutCreate,
  ZOptOutRowSchema,
  ZOptOutsPageSchema,
  ZTextSettingsSchema,
  ZTextsPageSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const textsKey = ['admin', 'texts', 'list'] as const;
export const optOutsKey = ['admin', 'texts', 'opt-outs'] as const;

/** Both lists have one order (newest or oldest first); the table's sort name is not sent. */
const withoutSort = (query: string) => {
  const q = new URLSearchParams(query);
  q.delete('sort');
  return q;
};

export const fetchTextsPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.texts}?${withoutSort(query)}`, { schema: ZTextsPageSchema, signal });

export const fetchOptOutsPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.textOptOuts}?${withoutSort(query)}`, {
    schema: ZOptOutsPageSchema,
    signal,
  });

/** Whether texts go through Twilio, from which number, and the webhook addresses. */
export const useTextSettings = () =>
  useQuery({
    queryKey: ['admin', 'texts', 'settings'],
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.textSettings, { schema: ZTextSettingsSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Staff record an opt-out someone asked for by phone, mail or in person. */
export function useRecordOptOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TOptOutCreate) =>
      api.post(ADMIN_API.textOptOuts, body, { schema: ZOptOutRowSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'texts'] }),
  });
}

/** Undo an opt-out staff recorded by mistake. */
export function useRemoveOptOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request<void>('DELETE', ADMIN_API.textOptOut(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'texts'] }),
  });
}
