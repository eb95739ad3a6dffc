import {
  MESSAGES_API,
  ZMessageSchema,
  ZThreadResponseSchema,
  ZThreadsResponseSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Customers read their own threads; staff (the admin area) read and answer any thread. */
export type Audience = 'customer' | 'staff';

const endpoints = (audience: Audience) =>
  audience === 'staff'
    ? {
        threads: MESSAGES_API.adminThreads,
        thread: MESSAGES_API.adminThread,
        read: MESSAGES_API.adminRead,
      }
    : { threads: MESSAGES_API.threads, thread: MESSAGES_API.thread, read: MESSAGES_API.read };

/** Every messages query sits under this key, so one invalidation refreshes them all. */
export const messagesKey = ['messages'] as const;

export const threadsQueryOptions = (audience: Audience) =>
  queryOptions({
    queryKey: [...messagesKey, audience, 'threads'],
    queryFn: ({ signal }) =>
      api.get(endpoints(audience).threads, { schema: ZThreadsResponseSchema, signal }),
  });

export const useThreads = (audience: Audience) => useQuery(threadsQueryOptions(audience));

export const threadQueryOptions = (audience: Audience, property: string) =>
  queryOptions({
    queryKey: [...messagesKey, audience, 'thread', property],
    queryFn: ({ signal }) =>
      api.get(`${endpoints(audience).thread}?property=${encodeURIComponent(property)}`, {
        schema: ZThreadResponseSchema,
        signal,
      }),
  });

export const useThread = (audience: Audience, property: string) =>
  useQuery(threadQueryOptions(audience, property));

export function useSendMessage(audience: Audience, property: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post(endpoints(audience).thread, { property, body }, { schema: ZMessageSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}

export function useMarkRead(audience: Audience, property: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => api.post(endpoints(audience).read, { property, upTo }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...messagesKey, audience, 'threads'] }),
  });
}
