import { INVOICE_LINE_TEXTS, PAYMENT_METHOD_LABELS, type TInvoiceDetail } from '@lantern/contracts';
import { formatCents, formatTaxRate } from '@lantern/domain';
import { formatDay, formatInstant } from './dates.ts';
import { InvoiceStatus } from './invoice-status.tsx';

/**
 * One invoice as a document: who, what, how much, by when. The same on screen and on paper; on
 * a phone quantity and unit price read under the service, so nothing needs a sideways scroll.
 */
export function InvoiceDocument({
  invoice,
  siteName,
}: {
  invoice: TInvoiceDetail;
  siteName: string;
}) {
  const a = invoice.address;
  return (
    <article className="ds-invoice" aria-label={`Invoice ${invoice.number}`}>
      <header className="ds-invoice__head">
        <div>
          <p className="ds-invoice__from">{siteName}</p>
          <p>
            Invoice <strong>{invoice.number}</strong> <InvoiceStatus status={invoice.status} />
          </p>
        </div>
        <dl className="ds-invoice__facts">
          <dt>Issued</dt>
          <dd>{formatInstant(invoice.issuedAt)}</dd>
          <dt>Due</dt>
          <dd>{formatDay(invoice.dueDate)}</dd>
          {invoice.paidAt ? (
            <>
              <dt>Paid</dt>
              <dd>{formatInstant(invoice.paidAt)}</dd>
            </>
          ) : null}
          <dt>Billed to</dt>
          <dd>{invoice.billedTo}</dd>
          <dt>Property</dt>
          <dd>
            {a.street}
            {a.unit ? ` ${a.unit}` : ''}, {a.city}, {a.state} {a.zipCode}
          </dd>
        </dl>
      </header>
      <table className="ds-table ds-invoice__lines">
        <caption className="ln-visually-hidden">What this invoice is for</caption>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col" className="ds-num ds-wide-only">
              Quantity
            </th>
            <th scope="col" className="ds-num ds-wide-only">
              Unit price
            </th>
            <th scope="col" className="ds-num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.description}>
              <td>
                {line.description}
                {line.taxable ? null : (
                  <>
                    {' '}
                    <span className="ds-invoice-row__sub">{INVOICE_LINE_TEXTS.notTaxed}</span>
                  </>
                )}
                <span className="ds-narrow-only ds-invoice-row__sub">
                  {line.quantity} × {formatCents(line.unitPriceCents)}
                </span>
              </td>
              <td className="ds-num ds-wide-only">{line.quantity}</td>
              <td className="ds-num ds-wide-only">{formatCents(line.unitPriceCents)}</td>
              <td className="ds-num">{formatCents(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Subtotal
            </th>
            <td className="ds-num">{formatCents(invoice.subtotalCents)}</td>
          </tr>
          {invoice.couponCode ? (
            <tr>
              <th scope="row" colSpan={3}>
                Coupon {invoice.couponCode}
              </th>
              <td className="ds-num">{formatCents(-invoice.discountCents)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={3}>
              Tax
              {invoice.taxRateBasisPoints ? ` (${formatTaxRate(invoice.taxRateBasisPoints)})` : ''}
            </th>
            <td className="ds-num">{formatCents(invoice.taxCents)}</td>
          </tr>
          <tr className="ds-invoice__total">
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="ds-num">{formatCents(invoice.totalCents)}</td>
          </tr>
          {invoice.paidCents > 0 ? (
            <tr>
              <th scope="row" colSpan={3}>
                Paid
              </th>
              <td className="ds-num">{formatCents(-invoice.paidCents)}</td>
            </tr>
          ) : null}
          {invoice.refundedCents > 0 ? (
            <tr>
              <th scope="row" colSpan={3}>
                Refunded
              </th>
              <td className="ds-num">{formatCents(invoice.refundedCents)}</td>
            </tr>
          ) : null}
          {invoice.status === 'open' ? (
            <tr className="ds-invoice__total">
              <th scope="row" colSpan={3}>
                Balance due
              </th>
              <td className="ds-num">{formatCents(invoice.balanceCents)}</td>
            </tr>
          ) : null}
        </tfoot>
      </table>
      {invoice.payments.length > 0 ? (
        <table className="ds-table ds-invoice__money">
          <caption>Payments</caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">How</th>
              <th scope="col">Reference</th>
              <th scope="col" className="ds-num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.payments.map((p) => (
              <tr key={p.hash}>
                <td>{formatDay(p.receivedOn)}</td>
                <td>{PAYMENT_METHOD_LABELS[p.method]}</td>
                <td>{p.reference}</td>
                <td className="ds-num">{formatCents(p.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {invoice.refunds.length > 0 ? (
        <table className="ds-table ds-invoice__money">
          <caption>Refunds</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Reason</th>
              <th scope="col" className="ds-num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.refunds.map((r) => (
              <tr key={r.hash}>
                <td>{formatInstant(r.createdAt)}</td>
                <td className="ds-invoice__reason">{r.reason}</td>
                <td className="ds-num">{formatCents(r.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {invoice.paymentInstructions ? (
        <section className="ds-invoice__pay" aria-labelledby="pay-by-check">
          <h2 id="pay-by-check">How to pay</h2>
          <p className="ds-invoice__instructions">{invoice.paymentInstructions}</p>
          <p>
            Quote invoice <strong>{invoice.number}</strong> with your payment. We mark the invoice
            paid when the money arrives.
          </p>
        </section>
      ) : null}
    </article>
  );
}
