import {
  DOCUMENTS_API,
  type TDocumentReviewRequest,
  ZAdminDocumentRowSchema,
  ZAdminDocumentsPageSchema,
  ZRejectReasonListSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const documentsKey = ['admin', 'documents'] as const;

export const fetchDocumentsPage = (query: string, signal: AbortSignal) =>
  api.get(`${DOCUMENTS_API.adminDocuments}?${query}`, {
    schema: ZAdminDocumentsPageSchema,
    signal,
  });

/** Approve, send back or mark not needed; the queue is loaded again. */
export function useReviewDocument(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TDocumentReviewRequest) =>
      api.request('POST', DOCUMENTS_API.adminReview(hash), {
        body,
        schema: ZAdminDocumentRowSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: documentsKey }),
  });
}

const reasonsKey = ['admin', 'document-reasons'] as const;

export const useRejectReasons = () =>
  useQuery({
    queryKey: reasonsKey,
    queryFn: ({ signal }) =>
      api.get(DOCUMENTS_API.adminReasons, { schema: ZRejectReasonListSchema, signal }),
  });

export function useAddRejectReason() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (label: string) =>
      api.request('POST', DOCUMENTS_API.adminReasons, {
        body: { label },
        schema: ZRejectReasonListSchema,
      }),
    onSuccess: (list) => client.setQueryData(reasonsKey, list),
  });
}

export function useRetireRejectReason() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { key: string; retired: boolean }) =>
      api.request('PUT', DOCUMENTS_API.adminReason(v.key), {
        body: { retired: v.retired },
        schema: ZRejectReasonListSchema,
      }),
    onSuccess: (list) => client.setQueryData(reasonsKey, list),
  });
}
