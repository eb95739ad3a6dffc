import { INVOICE_STATUS_LABELS, type TMlsListingInvoice } from '@lantern/contracts';
import { dashboardHref, formatCents, MLS_LISTING_TEXTS } from '@lantern/domain';
import { Alert, Button } from '@lantern/ui';
import { Link } from 'react-router';
import {
  useListingPayment,
  usePayListingInvoice,
} from '../../../../../features/mls-listing/api/payment.ts';
import { useListingInvoiceEvents } from '../../../../../features/mls-listing/hooks/use-listing-invoice-events.ts';
import { stepHref } from '../../../../../features/mls-listing/steps.ts';
import { invoiceHref } from '../invoices/invoice-hrefs.ts';
import { StepFrame } from './step-frame.tsx';

/** Step 5: the listing's invoice with its upgrades, its status, and Pay. */
export function PaymentPage() {
  return (
    <StepFrame step="payment">{(_, property) => <PaymentStep property={property} />}</StepFrame>
  );
}

function PaymentStep({ property }: { property: string }) {
  const payment = useListingPayment(property);
  useListingInvoiceEvents(property);
  if (payment.isPending) return <p role="status">Loading…</p>;
  if (payment.isError)
    return (
      <Alert tone="danger">We could not load the invoice. Reload the page to try again.</Alert>
    );
  const { invoice, otherInvoices, paid, cardPayments, invoiceHidden } = payment.data;
  return (
    <>
      <p>{MLS_LISTING_TEXTS.paymentIntro}</p>
      {paid ? (
        <>
          <Alert tone="success">{MLS_LISTING_TEXTS.paid}</Alert>
          <p>
            <Link to={stepHref('sign', property)}>Go to the Sign step</Link>
          </p>
        </>
      ) : (
        <p>
          <strong>{MLS_LISTING_TEXTS.unpaid}</strong>
        </p>
      )}
      {invoiceHidden ? (
        <p>{MLS_LISTING_TEXTS.invoiceHidden}</p>
      ) : !invoice && otherInvoices.length === 0 ? (
        <p>{MLS_LISTING_TEXTS.noInvoice}</p>
      ) : null}
      {[invoice, ...otherInvoices].map((inv) =>
        inv ? (
          <ListingInvoice
            key={inv.hash}
            invoice={inv}
            property={property}
            cardPayments={cardPayments}
          />
        ) : null,
      )}
      <p>
        <Link to={dashboardHref('invoices', property)}>All invoices for this property</Link>
      </p>
    </>
  );
}

function ListingInvoice({
  invoice,
  property,
  cardPayments,
}: {
  invoice: TMlsListingInvoice;
  property: string;
  cardPayments: boolean;
}) {
  const pay = usePayListingInvoice(invoice.hash);
  const open = invoice.status === 'open';
  return (
    <section className="ds-invoice" aria-label={`Invoice ${invoice.number}`}>
      <h2>
        Invoice {invoice.number}: {INVOICE_STATUS_LABELS[invoice.status]}
      </h2>
      <table className="ds-table ds-invoice__lines">
        <caption className="ln-visually-hidden">What invoice {invoice.number} is for</caption>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col" className="ds-num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <LineRow key={line.description} line={line} />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Subtotal</th>
            <td className="ds-num">{formatCents(invoice.subtotalCents)}</td>
          </tr>
          {invoice.couponCode ? (
            <tr>
              <th scope="row">Coupon {invoice.couponCode}</th>
              <td className="ds-num">{formatCents(-invoice.discountCents)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">Tax</th>
            <td className="ds-num">{formatCents(invoice.taxCents)}</td>
          </tr>
          <tr className="ds-invoice__total">
            <th scope="row">Total</th>
            <td className="ds-num">{formatCents(invoice.totalCents)}</td>
          </tr>
          {invoice.paidCents > 0 ? (
            <tr>
              <th scope="row">Paid</th>
              <td className="ds-num">{formatCents(-invoice.paidCents)}</td>
            </tr>
          ) : null}
          {open ? (
            <tr className="ds-invoice__total">
              <th scope="row">Balance due</th>
              <td className="ds-num">{formatCents(invoice.balanceCents)}</td>
            </tr>
          ) : null}
        </tfoot>
      </table>
      <p className="ds-actions">
        {open && cardPayments ? (
          <Button loading={pay.isPending || pay.isSuccess} onClick={() => pay.mutate()}>
            Pay {formatCents(invoice.balanceCents)} by card
          </Button>
        ) : null}
        <Link to={invoiceHref(invoice.hash, property)}>
          {open ? 'Open the invoice (other ways to pay)' : 'Open the invoice'}
        </Link>
      </p>
      {pay.error ? <Alert tone="danger">{pay.error.message}</Alert> : null}
    </section>
  );
}

/** One service on the invoice; a quantity over one says its unit price. */
function LineRow({ line }: { line: TMlsListingInvoice['lines'][number] }) {
  const each = line.quantity > 1 ? ` (${line.quantity} × ${formatCents(line.unitPriceCents)})` : '';
  return (
    <tr>
      <td>
        {line.description}
        {each}
      </td>
      <td className="ds-num">{formatCents(line.amountCents)}</td>
    </tr>
  );
}
