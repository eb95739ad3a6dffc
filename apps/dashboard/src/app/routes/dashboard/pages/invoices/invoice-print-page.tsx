import { Button } from '@lantern/ui';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useInvoice } from '../../../../../features/invoices/api/get-invoice.ts';
import { InvoiceDocument } from '../../../../../features/invoices/components/invoice-document.tsx';
import { appConfig } from '../../../../../lib/app-config.ts';

/**
 * /dashboard/invoices/{hash}/print: the invoice alone on a white page, outside the dashboard
 * shell, for printing or saving as PDF. Signed-out visitors go to the login page (the API client).
 */
export function InvoicePrintPage() {
  const { hash = '' } = useParams();
  const invoice = useInvoice(hash);
  const data = invoice.data?.invoice;
  useEffect(() => {
    document.title = data
      ? `Invoice ${data.number} | ${appConfig.siteName}`
      : `Invoice | ${appConfig.siteName}`;
  }, [data]);
  return (
    <main className="ds-print">
      {invoice.isPending ? (
        <p role="status">Loading…</p>
      ) : !data ? (
        <p role="alert">We could not find this invoice.</p>
      ) : (
        <>
          <h1 className="ln-visually-hidden">Invoice {data.number}</h1>
          <p className="ds-no-print">
            <Button onClick={() => window.print()}>Print this invoice</Button>
          </p>
          <InvoiceDocument invoice={data} siteName={appConfig.siteName} />
        </>
      )}
    </main>
  );
}
