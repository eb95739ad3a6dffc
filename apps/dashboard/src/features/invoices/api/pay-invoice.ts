import { ZCheckoutResponseSchema } from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * "Pay": ask for a hosted Stripe Checkout session and go there (issue 17). The card is entered
 * on Stripe's page, never ours; the invoice turns paid when Stripe's webhook says so.
 */
export function usePayInvoice(hash: string) {
  return useMutation({
    mutationFn: () =>
      api.post(DASHBOARD_API.invoiceCheckout(hash), {}, { schema: ZCheckoutResponseSchema }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
