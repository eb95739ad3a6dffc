import {
  MESSAGES,
  SALES_IMPORT_FINISHED,
  type TSalesImportQuery,
  ZErrorResponseSchema,
  ZSalesImportSchema,
  ZSalesImportsResponseSchema,
} from '@lantern/contracts';
import { ADMIN_API, ApiError } from '@lantern/domain';
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
async function uploadSales(choices: TSalesImportQuery, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const q = new URLSearchParams({
    attribution: choices.attribution,
    priceDisplay: choices.priceDisplay,
    ...(choices.name ? { name: choices.name } : {}),
  });
  let res: Response;
  try {
    res = await fetch(`${ADMIN_API.salesImports}?${q}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    });
  } catch {
    throw new Error(MESSAGES.networkError);
  }
  const json = await res.json().catch(() => null);
  if (res.ok) return ZSalesImportSchema.parse(json);
  if (res.status === 401) window.location.assign('/account/login');
  const error = ZErrorResponseSchema.safeParse(json);
  throw new ApiError(res.status, error.success ? error.data : { message: MESSAGES.serverError });
}

export function useUploadSales() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { choices: TSalesImportQuery; file: File }) => uploadSales(v.choices, v.file),
    onSettled: () => client.invalidateQueries({ queryKey: salesKey }),
  });
}
