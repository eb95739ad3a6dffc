import { formatCents, type TInvoiceSummary } from '@lantern/contracts';
import { Link } from 'react-router';
import { formatDay } from './dates.ts';
import { InvoiceStatus } from './invoice-status.tsx';

/** The invoices as a table; each number opens the invoice. */
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
            {showProperty ? <th scope="col">Property</th> : null}
            <th scope="col">Service</th>
            <th scope="col">Due</th>
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
              </th>
              {showProperty ? <td>{invoice.streetAddress}</td> : null}
              <td>{invoice.description}</td>
              <td>{formatDay(invoice.dueDate)}</td>
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
