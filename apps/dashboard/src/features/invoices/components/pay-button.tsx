import type { TInvoiceDetail } from '@lantern/contracts';
import { formatCents } from '@lantern/domain';
import { Alert, Button } from '@lantern/ui';
import { usePayInvoice } from '../api/pay-invoice.ts';

/** The card payment of an open invoice, on Stripe's hosted page. */
export function PayButton({ invoice }: { invoice: TInvoiceDetail }) {
  const pay = usePayInvoice(invoice.hash);
  return (
    <div className="ds-invoice__card ds-no-print">
      <Button
        loading={pay.isPending || pay.isSuccess}
        onClick={() => pay.mutate()}
        aria-describedby="pay-by-card-note"
      >
        Pay {formatCents(invoice.balanceCents)} by card
      </Button>
      <p id="pay-by-card-note" className="ds-muted">
        You enter your card on Stripe’s secure page; we never see the card number.
      </p>
      {pay.error ? <Alert tone="danger">{pay.error.message}</Alert> : null}
    </div>
  );
}
