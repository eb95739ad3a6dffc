import {
  type TVendorWorkOrderMoveRequest,
  WORK_ORDER_API,
  ZVendorWorkOrderDetailSchema,
  ZVendorWorkOrderSchema,
  ZVendorWorkOrdersPageSchema,
  ZWorkOrderPhotoUploadResponseSchema,
} from '@lantern/contracts';
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
function uploadProofPhotos(hash: string, files: readonly File[]) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return api.upload(WORK_ORDER_API.vendorPhotos(hash), form, {
    schema: ZWorkOrderPhotoUploadResponseSchema,
  });
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
