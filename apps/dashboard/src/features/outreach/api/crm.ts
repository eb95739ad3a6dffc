import { ZCrmErrorRowSchema, ZCrmErrorsPageSchema, ZCrmStatusSchema } from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const crmErrorsKey = ['admin', 'crm', 'errors'] as const;

/** Whether customers and orders are pushed to the CRM at all (HUBSPOT_TOKEN on the server). */
export const useCrmStatus = () =>
  useQuery({
    queryKey: ['admin', 'crm', 'status'],
    queryFn: ({ signal }) => api.get(ADMIN_API.crm, { schema: ZCrmStatusSchema, signal }),
  });

export const fetchCrmErrorsPage = (query: string, signal: AbortSignal) => {
  const q = new URLSearchParams(query);
  // The list is always by time of failure; the table's sort names only the direction.
  q.delete('sort');
  return api.get(`${ADMIN_API.crmErrors}?${q}`, { schema: ZCrmErrorsPageSchema, signal });
};

export function useRetryCrmPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(ADMIN_API.crmRetry(id), {}, { schema: ZCrmErrorRowSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
