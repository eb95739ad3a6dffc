import { ZCheckoutResponseSchema, ZMlsListingPaymentResponseSchema } from '@lantern/contracts';
import { DASHBOARD_API, MLS_LISTING_API } from '@lantern/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const paymentKey = (property: string) =>
  ['dashboard', 'mls-listing', 'payment', property] as const;

export const paymentQueryOptions = (property: string) =>
  queryOptions({
    queryKey: paymentKey(property),
    queryFn: ({ signal }) =>
      api.get(`${MLS_LISTING_API.payment}?property=${encodeURIComponent(property)}`, {
        schema: ZMlsListingPaymentResponseSchema,
        signal,
      }),
  });

/** The listing's invoice (and any upgrade billed on its own) and whether all are paid. */
export const useListingPayment = (property: string) => useQuery(paymentQueryOptions(property));

/**
 * "Pay": the same hosted Stripe Checkout the invoice page uses (issue 17), asked for through this
 * feature's own hook because features do not import each other.
 */
export function usePayListingInvoice(invoice: string) {
  return useMutation({
    mutationFn: () =>
      api.post(DASHBOARD_API.invoiceCheckout(invoice), {}, { schema: ZCheckoutResponseSchema }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
