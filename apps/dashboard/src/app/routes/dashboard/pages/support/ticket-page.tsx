import { SUPPORT_STATE_LABELS, SUPPORT_TEXTS, ZTicketReplyRequestSchema } from '@lantern/contracts';
import { SUPPORT_PAGES } from '@lantern/domain';
import {
  Alert,
  Button,
  fieldError,
  formError,
  setApiErrors,
  TextAreaField,
  useSchemaForm,
} from '@lantern/ui';
import { Link, useLocation, useParams } from 'react-router';
import { PageFrame } from '../../../../../components/page-frame.tsx';
import { useReplyToTicket, useTicket } from '../../../../../features/support/api/tickets.ts';
import { TicketThread } from '../../../../../features/support/components/ticket-thread.tsx';

/** /dashboard/support/{hash}: one of the customer's tickets, its thread and a reply box. */
export function TicketPage() {
  const { hash = '' } = useParams();
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const ticket = useTicket(hash);
  if (ticket.isPending) return <p role="status">Loading…</p>;
  if (ticket.isError)
    return (
      <PageFrame title="Support ticket">
        <Alert tone="danger">{ticket.error.message}</Alert>
        <p>
          <Link to={SUPPORT_PAGES.tickets}>All your tickets</Link>
        </p>
      </PageFrame>
    );
  const t = ticket.data;
  return (
    <PageFrame title={t.subject}>
      <p>
        <Link to={SUPPORT_PAGES.tickets}>All your tickets</Link>
      </p>
      {created ? (
        <Alert tone="success" announce={false}>
          {SUPPORT_TEXTS.created}
        </Alert>
      ) : null}
      <p className="ds-muted">
        {SUPPORT_STATE_LABELS[t.state]}
        {t.property ? ` · ${t.property.address}` : ''}
      </p>
      <TicketThread messages={t.messages} />
      <ReplyForm hash={t.hash} solved={t.state === 'solved'} />
    </PageFrame>
  );
}

function ReplyForm({ hash, solved }: { hash: string; solved: boolean }) {
  const reply = useReplyToTicket(hash);
  const form = useSchemaForm(ZTicketReplyRequestSchema, { defaultValues: { body: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await reply.mutateAsync(body);
      form.reset();
    } catch (error) {
      setApiErrors(error, form.setError, ['body']);
    }
  });
  const problem = formError(errors);
  return (
    <form onSubmit={submit} noValidate aria-label="Reply to support">
      <TextAreaField
        label="Reply"
        rows={4}
        hint={solved ? 'This ticket is solved; writing on it opens it again.' : undefined}
        error={fieldError(errors, 'body')}
        {...form.register('body')}
      />
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <p className="ds-actions">
        <Button type="submit" loading={isSubmitting}>
          Send reply
        </Button>
      </p>
    </form>
  );
}
