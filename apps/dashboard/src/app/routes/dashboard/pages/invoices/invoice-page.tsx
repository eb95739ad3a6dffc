import { DASHBOARD_API, dashboardHref } from '@lantern/domain';
import { Alert, buttonClassName } from '@lantern/ui';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageFrame } from '../../../../../components/page-frame.tsx';
import { useInvoice } from '../../../../../features/invoices/api/get-invoice.ts';
import { InvoiceDocument } from '../../../../../features/invoices/components/invoice-document.tsx';
import { PayButton } from '../../../../../features/invoices/components/pay-button.tsx';
import { useCurrentProperty } from '../../../../../features/properties/hooks/use-current-property.ts';
import { appConfig } from '../../../../../lib/app-config.ts';
import { invoiceHref } from './invoice-hrefs.ts';

/** /dashboard/invoices/{hash}: one invoice, with a way to print it. */
export function InvoicePage() {
  const { hash = '' } = useParams();
  const { hash: property } = useCurrentProperty();
  const invoice = useInvoice(hash);
  const data = invoice.data?.invoice;
  // Back from Stripe's page: the payment counts once Stripe confirms it (a moment later).
  const [search] = useSearchParams();
  const backFromCheckout = search.get('checkout') === 'done';
  return (
    <PageFrame title={data ? `Invoice ${data.number}` : 'Invoice'}>
      <p className="ds-no-print">
        <Link to={dashboardHref('invoices', property)}>Back to invoices</Link>
      </p>
      {invoice.isPending ? (
        <p role="status">Loading…</p>
      ) : !data ? (
        <Alert tone="danger">
          We could not find this invoice. It may belong to a property you are no longer part of.
        </Alert>
      ) : (
        <>
          {backFromCheckout && data.status === 'open' ? (
            <Alert tone="info">
              Thank you. We are waiting for Stripe to confirm your payment; this page updates by
              itself when it does.
            </Alert>
          ) : null}
          {data.cardPayments ? <PayButton invoice={data} /> : null}
          <InvoiceDocument invoice={data} siteName={appConfig.siteName} />
          <p className="ds-actions ds-no-print">
            <Link
              className={buttonClassName({ variant: 'secondary' })}
              to={invoiceHref(data.hash, property, true)}
              target="_blank"
            >
              Printable view
            </Link>
            {data.paidAt ? (
              // A plain download of the PDF receipt mailed when it was paid.
              <a
                className={buttonClassName({ variant: 'secondary' })}
                href={DASHBOARD_API.invoiceReceipt(data.hash)}
                download
              >
                Download the receipt (PDF)
              </a>
            ) : null}
          </p>
        </>
      )}
    </PageFrame>
  );
}
