import {
  type TResoClientCreate,
  ZResoClientCreatedSchema,
  ZResoClientRequestsSchema,
  ZResoClientSchema,
  ZResoClientsSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const clientsKey = ['admin', 'reso-clients'] as const;

/** Partners' RESO Web API clients and the addresses they use (issue 49). */
export function useResoClients() {
  return useQuery({
    queryKey: clientsKey,
    queryFn: ({ signal }) => api.get(ADMIN_API.resoClients, { schema: ZResoClientsSchema, signal }),
  });
}

/** Add a partner: the answer holds its secret, once. */
export function useCreateResoClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TResoClientCreate) =>
      api.request('POST', ADMIN_API.resoClients, { body, schema: ZResoClientCreatedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: clientsKey }),
  });
}

export function useRevokeResoClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hash: string) =>
      api.request('DELETE', ADMIN_API.resoClient(hash), { schema: ZResoClientSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: clientsKey }),
  });
}

/** A partner's newest requests, fetched when its log is opened. */
export function useResoClientRequests(hash: string | null) {
  return useQuery({
    queryKey: [...clientsKey, hash, 'requests'],
    enabled: hash !== null,
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.resoClientRequests(hash ?? ''), {
        schema: ZResoClientRequestsSchema,
        signal,
      }),
  });
}
