import {
  SALES_IMPORT_FINISHED,
  type TSalesImportQuery,
  ZSalesImportSchema,
  ZSalesImportsResponseSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api.ts';

const salesKey = ['admin', 'sales-imports'] as const;

/** The latest imports and the store's sales by source. */
export const useSalesImports = () =>
  useQuery({
    queryKey: salesKey,
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.salesImports, { schema: ZSalesImportsResponseSchema, signal }),
  });

/**
 * One import, polled every second until it has ended (the job checks, then stores); then the
 * list and the store's counts are read again.
 */
export function useSalesImport(hash: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...salesKey, hash],
    enabled: hash !== null,
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.salesImport(hash ?? ''), { schema: ZSalesImportSchema, signal }),
    refetchInterval: (query) =>
      query.state.data && SALES_IMPORT_FINISHED.includes(query.state.data.status) ? false : 1000,
  });
  const ended = !!query.data && SALES_IMPORT_FINISHED.includes(query.data.status);
  useEffect(() => {
    if (ended) void client.invalidateQueries({ queryKey: salesKey, exact: true });
  }, [ended, client]);
  return query;
}

/** The file as multipart/form-data, the choices in the query; a refusal rejects in words. */
function uploadSales(choices: TSalesImportQuery, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const q = new URLSearchParams({
    attribution: choices.attribution,
    priceDisplay: choices.priceDisplay,
    ...(choices.name ? { name: choices.name } : {}),
  });
  return api.upload(`${ADMIN_API.salesImports}?${q}`, form, { schema: ZSalesImportSchema });
}

export function useUploadSales() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { choices: TSalesImportQuery; file: File }) => uploadSales(v.choices, v.file),
    onSettled: () => client.invalidateQueries({ queryKey: salesKey }),
  });
}
