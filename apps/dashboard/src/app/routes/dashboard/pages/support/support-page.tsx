import { SUPPORT_STATE_LABELS, ZCreateTicketRequestSchema } from '@lantern/contracts';
import { SUPPORT_PAGES } from '@lantern/domain';
import {
  Alert,
  Button,
  FormError,
  fieldError,
  Select,
  setApiErrors,
  TextAreaField,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '../../../../../components/page-frame.tsx';
import { useUserProperties } from '../../../../../features/properties/api/get-user-properties.ts';
import { useOpenTicket, useTickets } from '../../../../../features/support/api/tickets.ts';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** /dashboard/support: the customer's support tickets and a form to open one (issue 23). */
export function SupportPage() {
  const tickets = useTickets();
  const list = tickets.data?.tickets ?? [];
  return (
    <PageFrame title="Support">
      <p>
        Ask us anything about your account, an order or one of your properties. We answer here and
        by email.
      </p>
      <OpenTicketForm />
      <section className="adm-section" aria-labelledby="tickets-title">
        <h2 id="tickets-title">Your tickets</h2>
        {tickets.isPending ? (
          <p role="status">Loading…</p>
        ) : tickets.isError ? (
          <Alert tone="danger">We could not load your tickets. Reload the page to try again.</Alert>
        ) : list.length === 0 ? (
          <p>No tickets yet.</p>
        ) : (
          <ul className="adm-records">
            {list.map((t) => (
              <li key={t.hash}>
                <Link to={SUPPORT_PAGES.ticket(t.hash)}>{t.subject}</Link> —{' '}
                {SUPPORT_STATE_LABELS[t.state]}
                {t.property ? ` · ${t.property.address}` : ''} · last message{' '}
                {DAY.format(new Date(t.lastMessageAt))}
              </li>
            ))}
          </ul>
        )}
      </section>
    </PageFrame>
  );
}

function OpenTicketForm() {
  const open = useOpenTicket();
  const navigate = useNavigate();
  const properties = useUserProperties();
  const form = useSchemaForm(ZCreateTicketRequestSchema, {
    defaultValues: { subject: '', property: null, body: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      const ticket = await open.mutateAsync(body);
      navigate(SUPPORT_PAGES.ticket(ticket.hash), { state: { created: true } });
    } catch (error) {
      setApiErrors(error, form.setError, ['subject', 'property', 'body']);
    }
  });
  const choices =
    properties.data?.properties
      .filter((p) => p.hash)
      .map((p) => ({ value: p.hash, label: p.streetAddress })) ?? [];
  return (
    <section className="adm-section" aria-labelledby="open-ticket-title">
      <h2 id="open-ticket-title">Open a support ticket</h2>
      <form onSubmit={submit} noValidate aria-labelledby="open-ticket-title">
        <TextField
          label="Subject"
          maxLength={120}
          error={fieldError(errors, 'subject')}
          {...form.register('subject')}
        />
        <Select
          label="About a property (optional)"
          options={[{ value: '', label: 'No particular property' }, ...choices]}
          error={fieldError(errors, 'property')}
          {...form.register('property', { setValueAs: (v) => (v ? String(v) : null) })}
        />
        <TextAreaField
          label="Your message"
          rows={6}
          error={fieldError(errors, 'body')}
          {...form.register('body')}
        />
        <FormError errors={errors} />
        <p className="ds-actions">
          <Button type="submit" loading={isSubmitting}>
            Send to support
          </Button>
        </p>
      </form>
    </section>
  );
}
