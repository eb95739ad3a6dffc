import {
  type TReviewRatingRequest,
  type TStateNoticeRequest,
  ZReviewRatingSchema,
  ZSiteTrustAdminSchema,
  ZStateNoticeSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const trustKey = ['admin', 'site-trust'] as const;

/** The state notices, review ratings and homes-listed count the public footer shows. */
export function useSiteTrust() {
  return useQuery({
    queryKey: trustKey,
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.siteTrust, { schema: ZSiteTrustAdminSchema, signal }),
  });
}

/** Add a notice (id null) or change one. */
export function useSaveNotice(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TStateNoticeRequest) =>
      id === null
        ? api.request('POST', ADMIN_API.siteTrustNotices, { body, schema: ZStateNoticeSchema })
        : api.request('PUT', ADMIN_API.siteTrustNotice(id), { body, schema: ZStateNoticeSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: trustKey }),
  });
}

/** Add a review rating (id null) or change one. */
export function useSaveReview(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TReviewRatingRequest) =>
      id === null
        ? api.request('POST', ADMIN_API.siteTrustReviews, { body, schema: ZReviewRatingSchema })
        : api.request('PUT', ADMIN_API.siteTrustReview(id), { body, schema: ZReviewRatingSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: trustKey }),
  });
}

/** Remove a notice or a review rating. */
export function useRemoveTrustEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'notice' | 'review'; id: number }) =>
      api.request(
        'DELETE',
        kind === 'notice' ? ADMIN_API.siteTrustNotice(id) : ADMIN_API.siteTrustReview(id),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: trustKey }),
  });
}
