import {
  SUPPORT_API,
  type TStaffReplyRequest,
  type TUpdateTicketRequest,
  ZAdminTicketDetailSchema,
  ZAdminTicketsPageSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const ticketsKey = ['admin', 'support-tickets'] as const;

export const fetchTicketsPage = (query: string, signal: AbortSignal) =>
  api.get(`${SUPPORT_API.adminTickets}?${query}`, { schema: ZAdminTicketsPageSchema, signal });

export const useAdminTicket = (hash: string) =>
  useQuery({
    queryKey: [...ticketsKey, 'one', hash],
    queryFn: ({ signal }) =>
      api.get(SUPPORT_API.adminTicket(hash), { schema: ZAdminTicketDetailSchema, signal }),
  });

/** A change to a ticket answers the ticket as it is now; the queue is loaded again. */
function useTicketChange<V>(hash: string, call: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: V) => ZAdminTicketDetailSchema.parse(await call(v)),
    onSuccess: (ticket) => {
      client.setQueryData([...ticketsKey, 'one', hash], ticket);
      return client.invalidateQueries({ queryKey: ticketsKey });
    },
  });
}

export const useStaffReply = (hash: string) =>
  useTicketChange(hash, (body: TStaffReplyRequest) =>
    api.request('POST', SUPPORT_API.adminReplies(hash), { body }),
  );

export const useUpdateTicket = (hash: string) =>
  useTicketChange(hash, (body: TUpdateTicketRequest) =>
    api.request('PUT', SUPPORT_API.adminTicket(hash), { body }),
  );
