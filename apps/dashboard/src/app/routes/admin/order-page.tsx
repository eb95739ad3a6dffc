import {
  formatMinutes,
  HOURLY_REPRESENTATION_SLUGS,
  ORDER_STATUS_LABELS,
  type TAdminOrderDetail,
  ZCancelOrderRequestSchema,
  ZOrderNoteRequestSchema,
  ZPriceQuoteRequestSchema,
} from '@lantern/contracts';
import { ADMIN_ORDERS_PAGES, ADMIN_PAGES, formatCents } from '@lantern/domain';
import {
  Alert,
  Button,
  fieldError,
  formError,
  setApiErrors,
  TextAreaField,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { Link, useParams } from 'react-router';
import { formatWhen } from '../../../components/data-table/format.ts';
import {
  useAddOrderNote,
  useAdminOrder,
  useBillAgentHours,
  useCancelOrder,
  useCompleteOrder,
  usePriceQuote,
  useUnbilledAgentHours,
} from '../../../features/orders/api/admin-orders.ts';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { dollarsToCents } from '../../../lib/form-values.ts';
import { Requires } from './requires.tsx';

/** One order for staff (issue 21): its invoice, what may be done with it, and staff's notes. */
export function OrderPage() {
  return (
    <Requires permission="orders.view">
      <OrderDetail />
    </Requires>
  );
}

function OrderDetail() {
  const { hash = '' } = useParams();
  const order = useAdminOrder(hash);
  const access = useStaffAccess();
  const canManage = grants(access.data?.permissions, 'orders.manage');
  if (order.isPending) return <p role="status">Loading…</p>;
  if (order.isError) return <Alert tone="danger">{order.error.message}</Alert>;
  const o = order.data;
  return (
    <section className="ds-page" aria-labelledby="order-title">
      <p>
        <Link to={ADMIN_ORDERS_PAGES.orders}>Orders</Link>
      </p>
      <h1 id="order-title" className="adm-title">
        {o.product.name}
      </h1>
      <p className="ds-muted">
        <Link to={ADMIN_PAGES.property(o.property.hash)}>{o.property.address}</Link> · ordered by{' '}
        <Link to={ADMIN_PAGES.user(o.customer.hash)}>{o.customer.email}</Link> on{' '}
        {formatWhen(o.createdAt)}
        {o.couponCode ? ` · coupon ${o.couponCode}` : ''}
      </p>
      <p>
        <strong>{ORDER_STATUS_LABELS[o.status]}</strong>
        {o.priceCents === null ? ' · waiting for a price' : ` · ${formatCents(o.priceCents)}`}
        {o.invoice ? (
          <>
            {' · '}
            <Link to={ADMIN_PAGES.invoice(o.invoice.hash)}>
              invoice {formatCents(o.invoice.totalCents)}, {o.invoice.status}
            </Link>
          </>
        ) : null}
      </p>
      {canManage ? <Actions order={o} /> : null}
      {(HOURLY_REPRESENTATION_SLUGS as readonly string[]).includes(o.product.slug) ? (
        <AgentHours hash={o.hash} canManage={canManage} />
      ) : null}
      <Notes order={o} canManage={canManage} />
    </section>
  );
}

function Actions({ order }: { order: TAdminOrderDetail }) {
  const complete = useCompleteOrder(order.hash);
  return (
    <>
      {order.can.quote ? <QuoteForm hash={order.hash} /> : null}
      {order.can.complete ? (
        <p>
          <Button loading={complete.isPending} onClick={() => complete.mutate(undefined)}>
            Mark completed
          </Button>
        </p>
      ) : null}
      {complete.isError ? <Alert tone="danger">{complete.error.message}</Alert> : null}
      {order.can.cancel ? <CancelForm hash={order.hash} /> : null}
    </>
  );
}

/** Hourly representation: the agent's hours not billed yet, and billing them (decision 050). */
function AgentHours({ hash, canManage }: { hash: string; canManage: boolean }) {
  const unbilled = useUnbilledAgentHours(hash);
  const bill = useBillAgentHours(hash);
  const u = unbilled.data;
  return (
    <section className="adm-section" aria-labelledby="agent-hours-title">
      <h2 id="agent-hours-title">Agent hours</h2>
      {unbilled.isPending ? <p role="status">Loading…</p> : null}
      {unbilled.isError ? <Alert tone="danger">{unbilled.error.message}</Alert> : null}
      {u ? (
        <p>
          {u.entries === 0
            ? 'No hours are waiting to be billed.'
            : `${formatMinutes(u.minutes)} in ${u.entries} ${u.entries === 1 ? 'entry' : 'entries'} not billed yet: ${formatCents(u.cents)} before tax.`}
        </p>
      ) : null}
      <div role="status">
        {bill.isSuccess ? (
          <Alert tone="success" announce={false}>
            Invoice {bill.data.invoice.number} issued for{' '}
            {formatCents(bill.data.invoice.totalCents)}.
          </Alert>
        ) : null}
      </div>
      {bill.isError ? <Alert tone="danger">{bill.error.message}</Alert> : null}
      {canManage && u && u.entries > 0 ? (
        <p>
          <Button loading={bill.isPending} onClick={() => bill.mutate()}>
            Bill these hours
          </Button>
        </p>
      ) : null}
    </section>
  );
}

function QuoteForm({ hash }: { hash: string }) {
  const quote = usePriceQuote(hash);
  const form = useSchemaForm(ZPriceQuoteRequestSchema);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await quote.mutateAsync(body);
    } catch (error) {
      setApiErrors(error, form.setError, ['priceCents']);
    }
  });
  const problem = formError(errors);
  return (
    <section className="adm-section" aria-labelledby="quote-title">
      <h2 id="quote-title">Price the quote</h2>
      <form className="adm-inline-form" onSubmit={submit} noValidate aria-labelledby="quote-title">
        <TextField
          label="Price (US dollars, before tax)"
          inputMode="decimal"
          hint="The invoice adds the state's sales tax and any deposit; the customer is told by mail."
          error={fieldError(errors, 'priceCents')}
          {...form.register('priceCents', { setValueAs: dollarsToCents })}
        />
        <Button type="submit" loading={isSubmitting}>
          Issue the invoice
        </Button>
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
      </form>
    </section>
  );
}

function CancelForm({ hash }: { hash: string }) {
  const cancel = useCancelOrder(hash);
  const form = useSchemaForm(ZCancelOrderRequestSchema, { defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await cancel.mutateAsync(body);
    } catch (error) {
      setApiErrors(error, form.setError, ['reason']);
    }
  });
  const problem = formError(errors);
  return (
    <details className="adm-section">
      <summary>Cancel the order</summary>
      <form onSubmit={submit} noValidate aria-label="Cancel the order">
        <TextAreaField
          label="Why (mailed to the customer)"
          rows={2}
          error={fieldError(errors, 'reason')}
          {...form.register('reason')}
        />
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
        <Button type="submit" variant="danger" loading={isSubmitting}>
          Cancel the order
        </Button>
      </form>
    </details>
  );
}

function Notes({ order, canManage }: { order: TAdminOrderDetail; canManage: boolean }) {
  const add = useAddOrderNote(order.hash);
  const form = useSchemaForm(ZOrderNoteRequestSchema, { defaultValues: { body: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await add.mutateAsync(body);
      form.reset();
    } catch (error) {
      setApiErrors(error, form.setError, ['body']);
    }
  });
  return (
    <section className="adm-section" aria-labelledby="notes-title">
      <h2 id="notes-title">Staff notes</h2>
      {order.notes.length ? (
        <ul className="adm-records">
          {order.notes.map((n) => (
            <li key={n.id}>
              {formatWhen(n.at)} — {n.by ?? 'System'}: <span className="ds-prewrap">{n.body}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>No notes yet. Customers never see them.</p>
      )}
      {canManage ? (
        <form onSubmit={submit} noValidate aria-label="Add a note">
          <TextAreaField
            label="Note"
            rows={2}
            error={fieldError(errors, 'body')}
            {...form.register('body')}
          />
          <Button type="submit" variant="secondary" loading={isSubmitting}>
            Add note
          </Button>
        </form>
      ) : null}
    </section>
  );
}
