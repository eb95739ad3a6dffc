import {
  type TRecordPaymentRequest,
  type TRefundRequest,
  ZAdminInvoiceDetailSchema,
  ZAdminInvoicesPageSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const invoicesKey = ['admin', 'invoices'] as const;

export const fetchInvoicesPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.invoices}?${query}`, { schema: ZAdminInvoicesPageSchema, signal });

export const adminInvoiceQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: [...invoicesKey, 'one', hash],
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.invoice(hash), { schema: ZAdminInvoiceDetailSchema, signal }),
    retry: false,
  });
export const useAdminInvoice = (hash: string) => useQuery(adminInvoiceQueryOptions(hash));

/** Every money action answers the invoice as it is now. */
function useInvoiceChange<V>(hash: string, call: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (data) => {
      client.setQueryData(
        adminInvoiceQueryOptions(hash).queryKey,
        ZAdminInvoiceDetailSchema.parse(data),
      );
      await client.invalidateQueries({ queryKey: invoicesKey });
    },
  });
}

export const useRecordPayment = (hash: string) =>
  useInvoiceChange(hash, (body: TRecordPaymentRequest) =>
    api.post(ADMIN_API.invoicePayments(hash), body, { schema: ZAdminInvoiceDetailSchema }),
  );

export const useRefund = (hash: string) =>
  useInvoiceChange(hash, (body: TRefundRequest) =>
    api.post(ADMIN_API.invoiceRefunds(hash), body, { schema: ZAdminInvoiceDetailSchema }),
  );

export const useVoidInvoice = (hash: string) =>
  useInvoiceChange(hash, () =>
    api.post(ADMIN_API.invoiceVoid(hash), {}, { schema: ZAdminInvoiceDetailSchema }),
  );
