import {
  AGENT_API,
  type TLogHoursRequest,
  type TMoveOfferRequest,
  type TRecordOfferRequest,
  ZAgentHoursSchema,
  ZAgentPropertiesPageSchema,
  ZAgentPropertySchema,
  ZChecklistSchema,
  ZMessageSchema,
  ZOfferSchema,
  ZOffersSchema,
  ZThreadResponseSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { vendorKey } from './assignments.ts';

const agentKey = (hash: string) => [...vendorKey, 'agent', hash] as const;

export const fetchAgentPropertiesPage = (query: string, signal: AbortSignal) => {
  const q = new URLSearchParams(query);
  q.delete('sort');
  return api.get(`${AGENT_API.properties}?${q}`, { schema: ZAgentPropertiesPageSchema, signal });
};

export const useAgentProperty = (hash: string) =>
  useQuery({
    queryKey: [...agentKey(hash), 'detail'],
    queryFn: ({ signal }) =>
      api.get(AGENT_API.property(hash), { schema: ZAgentPropertySchema, signal }),
  });

export const useAgentDocuments = (hash: string) =>
  useQuery({
    queryKey: [...agentKey(hash), 'documents'],
    queryFn: ({ signal }) =>
      api.get(AGENT_API.documents(hash), { schema: ZChecklistSchema, signal }),
  });

export const useAgentThread = (hash: string) =>
  useQuery({
    queryKey: [...agentKey(hash), 'messages'],
    queryFn: ({ signal }) =>
      api.get(AGENT_API.messages(hash), { schema: ZThreadResponseSchema, signal }),
  });

export function useAgentSendMessage(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post(AGENT_API.messages(hash), { body }, { schema: ZMessageSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...agentKey(hash), 'messages'] }),
  });
}

export const useAgentHours = (hash: string) =>
  useQuery({
    queryKey: [...agentKey(hash), 'hours'],
    queryFn: ({ signal }) => api.get(AGENT_API.hours(hash), { schema: ZAgentHoursSchema, signal }),
  });

export function useLogHours(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TLogHoursRequest) =>
      api.post(AGENT_API.hours(hash), body, { schema: ZAgentHoursSchema }),
    onSuccess: (hours) => client.setQueryData([...agentKey(hash), 'hours'], hours),
  });
}

export function useRemoveHours(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entry: string) =>
      api.request('DELETE', AGENT_API.hour(hash, entry), { schema: ZAgentHoursSchema }),
    onSuccess: (hours) => client.setQueryData([...agentKey(hash), 'hours'], hours),
  });
}

export const useAgentOffers = (hash: string) =>
  useQuery({
    queryKey: [...agentKey(hash), 'offers'],
    queryFn: ({ signal }) => api.get(AGENT_API.offers(hash), { schema: ZOffersSchema, signal }),
  });

export function useRecordOffer(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TRecordOfferRequest) =>
      api.post(AGENT_API.offers(hash), body, { schema: ZOfferSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...agentKey(hash), 'offers'] }),
  });
}

export function useMoveOffer(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ offer, body }: { offer: string; body: TMoveOfferRequest }) =>
      api.post(AGENT_API.offerStatus(hash, offer), body, { schema: ZOfferSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...agentKey(hash), 'offers'] }),
  });
}
