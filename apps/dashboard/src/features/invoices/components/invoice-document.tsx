import { formatCents, formatTaxRate, type TInvoiceDetail } from '@lantern/contracts';
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
        </tfoot>
      </table>
    </article>
  );
}
