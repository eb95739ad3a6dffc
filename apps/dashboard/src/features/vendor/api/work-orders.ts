import {
  MESSAGES,
  type TVendorWorkOrderMoveRequest,
  WORK_ORDER_API,
  ZErrorResponseSchema,
  ZVendorWorkOrderDetailSchema,
  ZVendorWorkOrderSchema,
  ZVendorWorkOrdersPageSchema,
  ZWorkOrderPhotoUploadResponseSchema,
} from '@lantern/contracts';
import { ApiError } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { vendorKey } from './assignments.ts';

export const vendorWorkOrdersKey = [...vendorKey, 'work-orders'] as const;

export const fetchVendorWorkOrdersPage = (query: string, signal: AbortSignal) =>
  api.get(`${WORK_ORDER_API.vendorList}?${query}`, {
    schema: ZVendorWorkOrdersPageSchema,
    signal,
  });

/** The field vendor marks their own work order en route, done or failed. */
export function useVendorMoveWorkOrder(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TVendorWorkOrderMoveRequest) =>
      api.post(WORK_ORDER_API.vendorState(hash), body, { schema: ZVendorWorkOrderSchema }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: vendorWorkOrdersKey });
    },
  });
}

/** The vendor's own work order with its proof photos. */
export function useVendorWorkOrder(hash: string) {
  return useQuery({
    queryKey: [...vendorWorkOrdersKey, 'one', hash],
    queryFn: ({ signal }) =>
      api.get(WORK_ORDER_API.vendorOne(hash), { schema: ZVendorWorkOrderDetailSchema, signal }),
    // While a photo's sizes are being made, look again shortly.
    refetchInterval: (query) =>
      query.state.data?.photos.some((p) => p.status === 'processing') ? 1500 : false,
  });
}

/**
 * Proof photos up as multipart/form-data (one `files` part each); the answer says for each file
 * whether it was stored or why not. A refused request rejects with an ApiError in words.
 */
async function uploadProofPhotos(hash: string, files: readonly File[]) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  let res: Response;
  try {
    res = await fetch(WORK_ORDER_API.vendorPhotos(hash), {
      method: 'POST',
      body: form,
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new Error(MESSAGES.networkError);
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const parsed = ZWorkOrderPhotoUploadResponseSchema.safeParse(body);
    if (parsed.success) return parsed.data;
  }
  if (res.status === 401) window.location.assign('/account/login');
  const error = ZErrorResponseSchema.safeParse(body);
  throw new ApiError(res.status, error.success ? error.data : { message: MESSAGES.serverError });
}

export function useUploadProofPhotos(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly File[]) => uploadProofPhotos(hash, files),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: vendorWorkOrdersKey });
    },
  });
}
