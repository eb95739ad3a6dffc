import type { TInvoiceSummary } from '@lantern/contracts';
import { formatCents } from '@lantern/domain';
import { Link } from 'react-router';
import { formatDay } from './dates.ts';
import { InvoiceStatus } from './invoice-status.tsx';

/**
 * The invoices as a table; each number opens the invoice. On a phone the table keeps three
 * columns (invoice, status, total) and the rest reads under the number, so the total is on
 * screen without scrolling sideways (issue 14, item 7).
 */
export function InvoiceList({
  invoices,
  showProperty,
  hrefFor,
}: {
  invoices: TInvoiceSummary[];
  showProperty: boolean;
  hrefFor: (invoice: TInvoiceSummary) => string;
}) {
  return (
    <div className="ds-table-wrap">
      <table className="ds-table">
        <caption className="ln-visually-hidden">Your invoices, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            {showProperty ? (
              <th scope="col" className="ds-wide-only">
                Property
              </th>
            ) : null}
            <th scope="col" className="ds-wide-only">
              Service
            </th>
            <th scope="col" className="ds-wide-only">
              Due
            </th>
            <th scope="col">Status</th>
            <th scope="col" className="ds-num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.hash}>
              <th scope="row">
                <Link to={hrefFor(invoice)}>{invoice.number}</Link>
                <span className="ds-narrow-only ds-invoice-row__sub">
                  {showProperty ? <span>{invoice.streetAddress}</span> : null}
                  <span>{invoice.description}</span>
                  <span>Due {formatDay(invoice.dueDate)}</span>
                </span>
              </th>
              {showProperty ? <td className="ds-wide-only">{invoice.streetAddress}</td> : null}
              <td className="ds-wide-only">{invoice.description}</td>
              <td className="ds-wide-only">{formatDay(invoice.dueDate)}</td>
              <td>
                <InvoiceStatus status={invoice.status} />
              </td>
              <td className="ds-num">{formatCents(invoice.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
