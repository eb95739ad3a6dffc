import {
  DOCUMENTS_API,
  SELLER_SETTLEMENT_API,
  type TYearBuiltRequest,
  ZChecklistSchema,
  ZSellerSettlementDocumentsSchema,
} from '@lantern/contracts';
import type { TTransactionKind } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const documentsKey = (property: string, kind: TTransactionKind) =>
  ['dashboard', 'documents', property, kind] as const;

export const useChecklist = (property: string, kind: TTransactionKind) =>
  useQuery({
    queryKey: documentsKey(property, kind),
    queryFn: ({ signal }) =>
      api.get(`${DOCUMENTS_API.checklist}?property=${encodeURIComponent(property)}&kind=${kind}`, {
        schema: ZChecklistSchema,
        signal,
      }),
  });

/** The sales of the property staff approved, with their closing documents (decision 066). */
export const useClosingDocuments = (property: string, enabled: boolean) =>
  useQuery({
    queryKey: ['dashboard', 'settlement-documents', property] as const,
    enabled,
    queryFn: ({ signal }) =>
      api.get(`${SELLER_SETTLEMENT_API.list}?property=${encodeURIComponent(property)}`, {
        schema: ZSellerSettlementDocumentsSchema,
        signal,
      }),
  });

export function useStateYearBuilt(property: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TYearBuiltRequest) => api.request('PUT', DOCUMENTS_API.yearBuilt, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard', 'documents', property] }),
  });
}

/** One file up as multipart/form-data; a refusal rejects with the server's words. */
async function uploadDocument(target: {
  property: string;
  kind: TTransactionKind;
  type: string;
  file: File;
}): Promise<void> {
  const form = new FormData();
  form.append('file', target.file, target.file.name);
  const q = new URLSearchParams({
    property: target.property,
    kind: target.kind,
    type: target.type,
  });
  await api.upload(`${DOCUMENTS_API.upload}?${q}`, form);
}

export function useUploadDocument(property: string, kind: TTransactionKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { type: string; file: File }) => uploadDocument({ property, kind, ...v }),
    onSettled: () => client.invalidateQueries({ queryKey: documentsKey(property, kind) }),
  });
}
