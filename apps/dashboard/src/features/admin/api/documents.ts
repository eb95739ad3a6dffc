import {
  DOCUMENTS_API,
  type TDocumentReviewRequest,
  ZAdminDocumentRowSchema,
  ZAdminDocumentsPageSchema,
} from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
