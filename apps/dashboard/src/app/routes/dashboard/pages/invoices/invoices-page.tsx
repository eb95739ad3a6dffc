import { dashboardHref } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { Link } from 'react-router';
import { PageFrame } from '../../../../../components/page-frame.tsx';
import { useInvoices } from '../../../../../features/invoices/api/get-invoices.ts';
import { InvoiceList } from '../../../../../features/invoices/components/invoice-list.tsx';
import { useCurrentProperty } from '../../../../../features/properties/hooks/use-current-property.ts';
import { PropertyContext } from '../property-context.tsx';
import { invoiceHref } from './invoice-hrefs.ts';

/** /dashboard/invoices: the current property's invoices, or all of yours without one. */
export function InvoicesPage() {
  const { hash, entry } = useCurrentProperty();
  const invoices = useInvoices(hash);
  const list = invoices.data?.invoices ?? [];
  return (
    <PageFrame title="Invoices">
      <PropertyContext entry={entry} />
      <p>
        {hash
          ? 'The invoices for services ordered for this property.'
          : 'The invoices for services ordered for all of your properties.'}
      </p>
      {invoices.isPending ? (
        <p role="status">Loading…</p>
      ) : invoices.isError ? (
        <Alert tone="danger">We could not load your invoices. Reload the page to try again.</Alert>
      ) : list.length === 0 ? (
        <p>
          No invoices yet. When you order a service, its invoice appears here.{' '}
          <Link to={dashboardHref('overview', hash)}>See the services available</Link>.
        </p>
      ) : (
        <InvoiceList
          invoices={list}
          showProperty={!hash}
          hrefFor={(invoice) => invoiceHref(invoice.hash, hash)}
        />
      )}
    </PageFrame>
  );
}
