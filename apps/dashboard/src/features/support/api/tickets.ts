import {
  SUPPORT_API,
  type TCreateTicketRequest,
  ZTicketDetailSchema,
  ZTicketListSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const ticketsKey = ['dashboard', 'support-tickets'] as const;

export const useTickets = () =>
  useQuery({
    queryKey: ticketsKey,
    queryFn: ({ signal }) => api.get(SUPPORT_API.tickets, { schema: ZTicketListSchema, signal }),
  });

export const useTicket = (hash: string) =>
  useQuery({
    queryKey: [...ticketsKey, hash],
    queryFn: ({ signal }) =>
      api.get(SUPPORT_API.ticket(hash), { schema: ZTicketDetailSchema, signal }),
  });

export function useOpenTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateTicketRequest) =>
      api.request('POST', SUPPORT_API.tickets, { body, schema: ZTicketDetailSchema }),
    onSuccess: (ticket) => {
      client.setQueryData([...ticketsKey, ticket.hash], ticket);
      return client.invalidateQueries({ queryKey: ticketsKey, exact: true });
    },
  });
}

export function useReplyToTicket(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.request('POST', SUPPORT_API.replies(hash), {
        body: { body },
        schema: ZTicketDetailSchema,
      }),
    onSuccess: (ticket) => {
      client.setQueryData([...ticketsKey, hash], ticket);
      return client.invalidateQueries({ queryKey: ticketsKey, exact: true });
    },
  });
}
