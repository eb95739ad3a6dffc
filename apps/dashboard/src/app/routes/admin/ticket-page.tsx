import {
  SUPPORT_STATE_STAFF_LABELS,
  type TAdminTicketDetail,
  ZStaffReplyRequestSchema,
} from '@lantern/contracts';
import { ADMIN_PAGES, SUPPORT_PAGES, SUPPORT_TICKET_STATES } from '@lantern/domain';
import {
  Alert,
  Button,
  fieldError,
  formError,
  Select,
  setApiErrors,
  TextAreaField,
  useSchemaForm,
} from '@lantern/ui';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import {
  useAdminTicket,
  useStaffReply,
  useUpdateTicket,
} from '../../../features/support/api/admin-tickets.ts';
import { TicketThread } from '../../../features/support/components/ticket-thread.tsx';
import { Requires } from './requires.tsx';

const STATE_OPTIONS = SUPPORT_TICKET_STATES.map((s) => ({
  value: s,
  label: SUPPORT_STATE_STAFF_LABELS[s],
}));

/** One support ticket for staff: the thread, who handles it, its state, and the answer box. */
export function AdminTicketPage() {
  return (
    <Requires permission="messages.answer">
      <TicketDetail />
    </Requires>
  );
}

function TicketDetail() {
  const { hash = '' } = useParams();
  const ticket = useAdminTicket(hash);
  if (ticket.isPending) return <p role="status">Loading…</p>;
  if (ticket.isError) return <Alert tone="danger">{ticket.error.message}</Alert>;
  const t = ticket.data;
  return (
    <section className="ds-page" aria-labelledby="ticket-title">
      <p>
        <Link to={SUPPORT_PAGES.adminTickets}>Support tickets</Link>
      </p>
      <h1 id="ticket-title" className="adm-title">
        {t.subject}
      </h1>
      <p className="ds-muted">
        From <Link to={ADMIN_PAGES.user(t.customer.hash)}>{t.customer.email}</Link>
        {t.property ? (
          <>
            {' '}
            about <Link to={ADMIN_PAGES.property(t.property.hash)}>{t.property.address}</Link>
          </>
        ) : null}{' '}
        · {SUPPORT_STATE_STAFF_LABELS[t.state]}
      </p>
      <Handling ticket={t} />
      <TicketThread messages={t.messages} />
      <StaffReply ticket={t} />
    </section>
  );
}

function Handling({ ticket }: { ticket: TAdminTicketDetail }) {
  const update = useUpdateTicket(ticket.hash);
  const me = useCurrentUser();
  const mine = ticket.assignee?.hash === me.hash;
  return (
    <div className="adm-inline-form">
      <p>Handled by {ticket.assignee ? (mine ? 'you' : ticket.assignee.email) : 'nobody yet'}.</p>
      {mine ? (
        <Button
          variant="secondary"
          loading={update.isPending}
          onClick={() => update.mutate({ assignee: null })}
        >
          Let it go
        </Button>
      ) : (
        <Button
          variant="secondary"
          loading={update.isPending}
          onClick={() => update.mutate({ assignee: 'me' })}
        >
          Take it
        </Button>
      )}
      {ticket.state !== 'solved' ? (
        <Button variant="ghost" onClick={() => update.mutate({ state: 'solved' })}>
          Mark solved
        </Button>
      ) : null}
      {update.isError ? <Alert tone="danger">{update.error.message}</Alert> : null}
    </div>
  );
}

function StaffReply({ ticket }: { ticket: TAdminTicketDetail }) {
  const reply = useStaffReply(ticket.hash);
  const form = useSchemaForm(ZStaffReplyRequestSchema, {
    defaultValues: { body: '', state: 'waiting' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await reply.mutateAsync(body);
      form.reset();
    } catch (error) {
      setApiErrors(error, form.setError, ['body', 'state']);
    }
  });
  const problem = formError(errors);
  return (
    <form onSubmit={submit} noValidate aria-label="Answer the customer">
      <TextAreaField
        label="Answer"
        rows={5}
        hint={`Mailed to ${ticket.customer.email} and shown on their ticket, signed as the company.`}
        error={fieldError(errors, 'body')}
        {...form.register('body')}
      />
      <Select
        label="Then the ticket is"
        options={STATE_OPTIONS}
        error={fieldError(errors, 'state')}
        {...form.register('state')}
      />
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <p className="ds-actions">
        <Button type="submit" loading={isSubmitting}>
          Send answer
        </Button>
      </p>
    </form>
  );
}
