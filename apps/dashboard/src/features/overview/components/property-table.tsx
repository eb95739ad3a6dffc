import { PROPERTY_STATUS_LABELS, type TOverviewProperty } from '@lantern/contracts';
import { dashboardHref } from '@lantern/domain';
import { RoleBadge } from '@lantern/ui';
import { Link } from 'react-router';

/** The one thing to do next for a property, as a link where there is somewhere to go. */
function NextStep({
  property,
  invoiceHref,
}: {
  property: TOverviewProperty;
  invoiceHref: (hash: string) => string;
}) {
  switch (property.status) {
    case 'payment_due':
      return property.dueInvoice ? (
        <Link to={invoiceHref(property.dueInvoice)}>See the invoice due</Link>
      ) : null;
    case 'quote_requested':
      return <span>We are pricing what you asked for; your quote will follow.</span>;
    case 'in_progress':
      return <Link to={dashboardHref('overview', property.hash)}>See what is under way</Link>;
    case 'new':
      return <Link to={dashboardHref('overview', property.hash)}>Choose your first service</Link>;
  }
}

/** Every property with its role, where it stands and what to do next. */
export function PropertyTable({
  properties,
  invoiceHref,
}: {
  properties: TOverviewProperty[];
  invoiceHref: (hash: string) => string;
}) {
  return (
    <div className="ds-table-wrap">
      <table className="ds-table">
        <caption className="ln-visually-hidden">Your properties</caption>
        <thead>
          <tr>
            <th scope="col">Property</th>
            <th scope="col">Your role</th>
            <th scope="col">Status</th>
            <th scope="col">Next step</th>
          </tr>
        </thead>
        <tbody>
          {properties.map((p) => (
            <tr key={p.hash}>
              <th scope="row">
                <Link to={dashboardHref('overview', p.hash)}>{p.streetAddress}</Link>
                {p.visible ? null : <span className="ds-muted"> (hidden)</span>}
              </th>
              <td>
                <RoleBadge propertyRole={p.role} />
              </td>
              <td>{PROPERTY_STATUS_LABELS[p.status]}</td>
              <td>
                <NextStep property={p} invoiceHref={invoiceHref} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
