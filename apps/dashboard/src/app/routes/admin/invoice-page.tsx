import { PAYMENT_METHOD_LABELS, type TAdminInvoiceDetail } from '@lantern/contracts';
import { ADMIN_PAGES, formatCents } from '@lantern/domain';
import { Alert, Button } from '@lantern/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatWhen } from '../../../components/data-table/format.ts';
import { useAdminInvoice, useVoidInvoice } from '../../../features/invoices/api/admin-invoices.ts';
import { formatDay } from '../../../features/invoices/components/dates.ts';
import { InvoiceStatus } from '../../../features/invoices/components/invoice-status.tsx';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { RecordPayment, RefundForm } from './invoice-money-forms.tsx';
import { Requires } from './requires.tsx';

/** Issue 17: one invoice for staff, where checks and transfers are recorded and refunds made. */
export function InvoicePage() {
  return (
    <Requires permission="orders.view">
      <InvoiceDetail />
    </Requires>
  );
}

function InvoiceDetail() {
  const { hash = '' } = useParams();
  const invoice = useAdminInvoice(hash);
  const access = useStaffAccess();
  const canRecord = grants(access.data?.permissions, 'payments.record');
  if (invoice.isPending) return <p role="status">Loading…</p>;
  if (invoice.isError) return <Alert tone="danger">{invoice.error.message}</Alert>;
  const inv = invoice.data;
  return (
    <section className="ds-page" aria-labelledby="invoice-title">
      <p>
        <Link to={ADMIN_PAGES.invoices}>Invoices</Link>
      </p>
      <h1 id="invoice-title" className="adm-title">
        {inv.number} <InvoiceStatus status={inv.status} />
      </h1>
      <p className="ds-muted">
        {inv.description} · {inv.streetAddress}, {inv.address.city}, {inv.address.state} · billed to{' '}
        {inv.billedTo} · due {formatDay(inv.dueDate)} · order {inv.orderStatus.replace('_', ' ')}
      </p>
      <dl className="adm-figures">
        {(
          [
            ['Total', inv.totalCents],
            ['Paid', inv.paidCents],
            ['Refunded', inv.refundedCents],
            ['Balance due', inv.balanceCents],
          ] as const
        ).map(([label, cents]) => (
          <div key={label} className="adm-figure">
            <dt>{label}</dt>
            <dd>{formatCents(cents)}</dd>
          </div>
        ))}
      </dl>
      {inv.alerts.length ? (
        <Alert tone="danger" title="Card payments that need you">
          <ul>
            {inv.alerts.map((a) => (
              <li key={`${a.createdAt}-${a.detail}`}>
                {formatWhen(a.createdAt)}: {a.detail}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Payments invoice={inv} canRefund={canRecord} />
      <Refunds invoice={inv} />
      {canRecord && inv.status === 'open' ? <RecordPayment invoice={inv} /> : null}
      {canRecord && inv.status === 'open' && inv.paidCents === 0 ? (
        <VoidInvoice invoice={inv} />
      ) : null}
    </section>
  );
}

function Payments({ invoice, canRefund }: { invoice: TAdminInvoiceDetail; canRefund: boolean }) {
  const [refunding, setRefunding] = useState<string | null>(null);
  const refundable = invoice.status === 'paid' || invoice.status === 'partially_refunded';
  return (
    <section className="adm-section" aria-labelledby="payments-title">
      <h2 id="payments-title">Payments</h2>
      {invoice.payments.length === 0 ? (
        <p>No payment recorded yet.</p>
      ) : (
        <div className="ds-table-wrap">
          <table className="ds-table">
            <caption className="ln-visually-hidden">Payments</caption>
            <thead>
              <tr>
                <th scope="col">Payment</th>
                <th scope="col" className="ds-num">
                  Amount
                </th>
                {canRefund && refundable ? <th scope="col">Refund</th> : null}
              </tr>
            </thead>
            <tbody>
              {invoice.payments.map((p) => (
                <tr key={p.hash}>
                  <td>
                    {PAYMENT_METHOD_LABELS[p.method]} <span className="adm-ref">{p.reference}</span>
                    <span className="adm-sub">
                      Received {formatDay(p.receivedOn)}
                      {p.recordedBy ? `, recorded by ${p.recordedBy}` : ''}
                    </span>
                  </td>
                  <td className="ds-num">{formatCents(p.amountCents)}</td>
                  {canRefund && refundable ? (
                    <td>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setRefunding(p.hash)}
                        aria-expanded={refunding === p.hash}
                      >
                        Refund <span className="ln-visually-hidden">{p.reference}</span>
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {refunding && refundable ? (
        <RefundForm
          invoice={invoice}
          payment={refunding}
          onDone={() => setRefunding(null)}
          key={refunding}
        />
      ) : null}
    </section>
  );
}

function Refunds({ invoice }: { invoice: TAdminInvoiceDetail }) {
  if (invoice.refunds.length === 0) return null;
  return (
    <section className="adm-section" aria-labelledby="refunds-title">
      <h2 id="refunds-title">Refunds</h2>
      <div className="ds-table-wrap">
        <table className="ds-table">
          <caption className="ln-visually-hidden">Refunds</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Reason</th>
              <th scope="col">By</th>
              <th scope="col" className="ds-num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.refunds.map((r) => (
              <tr key={r.hash}>
                <td>{formatWhen(r.createdAt)}</td>
                <td className="ds-invoice__reason">{r.reason}</td>
                <td>{r.recordedBy ?? '—'}</td>
                <td className="ds-num">{formatCents(r.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function VoidInvoice({ invoice }: { invoice: TAdminInvoiceDetail }) {
  const voidIt = useVoidInvoice(invoice.hash);
  const [sure, setSure] = useState(false);
  return (
    <section className="adm-section" aria-labelledby="void-title">
      <h2 id="void-title">Void</h2>
      <p>Nothing was paid on this invoice. Voiding it cancels the order.</p>
      {sure ? (
        <>
          <Button variant="danger" loading={voidIt.isPending} onClick={() => voidIt.mutate()}>
            Void {invoice.number}
          </Button>{' '}
          <Button variant="secondary" onClick={() => setSure(false)}>
            Keep it
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setSure(true)}>
          Void this invoice…
        </Button>
      )}
      {voidIt.error ? <Alert tone="danger">{voidIt.error.message}</Alert> : null}
    </section>
  );
}
