import {
  type TCreateWebhookRequest,
  type TUpdateWebhookRequest,
  WEBHOOK_API,
  ZCreatedWebhookSchema,
  ZWebhookDeliveriesPageSchema,
  ZWebhookDeliveryDetailSchema,
  ZWebhookDeliveryRowSchema,
  ZWebhookEndpointListSchema,
  ZWebhookEndpointSchema,
  ZWebhookSecretSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Account Settings → Webhooks (issue 25): the person's endpoints and their deliveries. */
export const webhooksKey = ['account', 'webhooks'] as const;

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksKey,
    queryFn: ({ signal }) =>
      api.get(WEBHOOK_API.endpoints, { schema: ZWebhookEndpointListSchema, signal }),
  });

export const useWebhooks = () => useQuery(webhooksQueryOptions());

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateWebhookRequest) =>
      api.post(WEBHOOK_API.endpoints, body, { schema: ZCreatedWebhookSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ hash, body }: { hash: string; body: TUpdateWebhookRequest }) =>
      api.request('PATCH', WEBHOOK_API.endpoint(hash), { body, schema: ZWebhookEndpointSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hash: string) => api.request<void>('DELETE', WEBHOOK_API.endpoint(hash)),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** The signing secret, fetched only when its owner asks to see it. */
export function useRevealSecret() {
  return useMutation({
    mutationFn: (hash: string) =>
      api.get(WEBHOOK_API.secret(hash), { schema: ZWebhookSecretSchema }),
  });
}

export const deliveriesKey = (hash: string) => [...webhooksKey, hash, 'deliveries'] as const;

export const fetchDeliveriesPage = (hash: string) => (query: string, signal: AbortSignal) =>
  api.get(`${WEBHOOK_API.deliveries(hash)}?${query}`, {
    schema: ZWebhookDeliveriesPageSchema,
    signal,
  });

export const useDelivery = (hash: string, delivery: string | null) =>
  useQuery({
    queryKey: [...deliveriesKey(hash), 'one', delivery],
    enabled: delivery !== null,
    queryFn: ({ signal }) =>
      api.get(WEBHOOK_API.delivery(hash, delivery ?? ''), {
        schema: ZWebhookDeliveryDetailSchema,
        signal,
      }),
  });

export function useResendDelivery(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (delivery: string) =>
      api.post(WEBHOOK_API.resend(hash, delivery), {}, { schema: ZWebhookDeliveryRowSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: deliveriesKey(hash) }),
  });
}

/** "Send test event": a signed `webhook.test` now; the delivery after its first attempt. */
export function useSendTestEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hash: string) =>
      api.post(WEBHOOK_API.test(hash), {}, { schema: ZWebhookDeliveryRowSchema }),
    onSuccess: (_row, hash) => client.invalidateQueries({ queryKey: deliveriesKey(hash) }),
  });
}

/** "Rotate secret": the new secret, shown once; the previous one signs for 24 hours more. */
export function useRotateSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hash: string) =>
      api.post(WEBHOOK_API.rotateSecret(hash), {}, { schema: ZCreatedWebhookSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}
