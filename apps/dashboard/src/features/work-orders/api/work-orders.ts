import {
  PHOTO_SHOOT_API,
  type TAssignWorkOrderRequest,
  type TCreateWorkOrderRequest,
  type TPhotoShootReviewRequest,
  type TReviewWorkOrderRequest,
  type TScheduleWorkOrderRequest,
  type TWorkOrderMoveRequest,
  WORK_ORDER_API,
  ZPhotoShootResponseSchema,
  ZWorkOrderAssigneesSchema,
  ZWorkOrderDetailSchema,
  ZWorkOrderOrdersSchema,
  ZWorkOrderSchema,
  ZWorkOrdersPageSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Every work order query starts with this key: any change refreshes the table and choices. */
export const workOrdersKey = ['admin', 'work-orders'] as const;
export const workOrderListKey = [...workOrdersKey, 'list'] as const;

export const fetchWorkOrdersPage = (query: string, signal: AbortSignal) =>
  api.get(`${WORK_ORDER_API.list}?${query}`, { schema: ZWorkOrdersPageSchema, signal });

/** Orders that may need a trip, for the create form (searched by address or customer). */
export function useTripOrders(search: string) {
  return useQuery({
    queryKey: [...workOrdersKey, 'orders', search],
    queryFn: ({ signal }) =>
      api.get(`${WORK_ORDER_API.orders}?search=${encodeURIComponent(search)}`, {
        schema: ZWorkOrderOrdersSchema,
        signal,
      }),
  });
}

/** Staff and field vendors, for the assign form and the table's filter. */
export function useWorkOrderAssignees() {
  return useQuery({
    queryKey: [...workOrdersKey, 'assignees'],
    queryFn: ({ signal }) =>
      api.get(WORK_ORDER_API.assignees, { schema: ZWorkOrderAssigneesSchema, signal }),
  });
}

export function useWorkOrder(hash: string) {
  return useQuery({
    queryKey: [...workOrdersKey, 'one', hash],
    queryFn: ({ signal }) =>
      api.get(WORK_ORDER_API.one(hash), { schema: ZWorkOrderDetailSchema, signal }),
    refetchInterval: (query) =>
      query.state.data?.photos.some((p) => p.status === 'processing') ? 1500 : false,
  });
}

function useWorkOrderMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: workOrdersKey });
    },
  });
}

export const useCreateWorkOrder = () =>
  useWorkOrderMutation((body: TCreateWorkOrderRequest) =>
    api.post(WORK_ORDER_API.list, body, { schema: ZWorkOrderSchema }),
  );

export const useScheduleWorkOrder = (hash: string) =>
  useWorkOrderMutation((body: TScheduleWorkOrderRequest) =>
    api.post(WORK_ORDER_API.schedule(hash), body, { schema: ZWorkOrderDetailSchema }),
  );

export const useAssignWorkOrder = (hash: string) =>
  useWorkOrderMutation((body: TAssignWorkOrderRequest) =>
    api.post(WORK_ORDER_API.assign(hash), body, { schema: ZWorkOrderDetailSchema }),
  );

export const useMoveWorkOrder = (hash: string) =>
  useWorkOrderMutation((body: TWorkOrderMoveRequest) =>
    api.post(WORK_ORDER_API.state(hash), body, { schema: ZWorkOrderDetailSchema }),
  );

/** Bill the trip charge of a failed trip (decision 046). */
export const useAddTripCharge = (hash: string) =>
  useWorkOrderMutation(() =>
    api.post(WORK_ORDER_API.tripCharge(hash), {}, { schema: ZWorkOrderDetailSchema }),
  );

export const useReviewWorkOrder = (hash: string) =>
  useWorkOrderMutation((body: TReviewWorkOrderRequest) =>
    api.post(WORK_ORDER_API.review(hash), body, { schema: ZWorkOrderDetailSchema }),
  );

/** A photography work order's shoot, for staff's review (issue 39). */
export function useWorkOrderShoot(hash: string) {
  return useQuery({
    queryKey: [...workOrdersKey, 'shoot', hash],
    queryFn: ({ signal }) =>
      api.get(PHOTO_SHOOT_API.admin(hash), { schema: ZPhotoShootResponseSchema, signal }),
  });
}

export const useReviewShoot = (hash: string) =>
  useWorkOrderMutation((body: TPhotoShootReviewRequest) =>
    api.post(PHOTO_SHOOT_API.adminReview(hash), body, { schema: ZPhotoShootResponseSchema }),
  );
