import {
  type TWebhookDeliveryRow,
  type TWebhookEndpoint,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  WEBHOOK_PAGES,
  WEBHOOK_TEXTS,
  ZCreateWebhookRequestSchema,
} from '@lantern/contracts';
import {
  Alert,
  Badge,
  Button,
  buttonClassName,
  Checkbox,
  fieldError,
  formError,
  Select,
  Spinner,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatWhen } from '../../../components/data-table/format.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRevealSecret,
  useRotateSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks.ts';
import './webhooks.css';

/**
 * Account Settings → Webhooks (issue 25): endpoints that receive signed events about the
 * person's properties. Self-contained, like the other security sections.
 */
export function WebhooksSection() {
  const headingId = useId();
  const list = useWebhooks();
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  return (
    <section className="ds-webhooks" id="webhooks" aria-labelledby={headingId}>
      <h2 id={headingId}>Webhooks</h2>
      <p>
        Have us send events about your properties to your own systems. Each delivery is signed with
        the endpoint’s secret, tried again for up to 3 days if your server does not answer, and
        listed with its answer. The API reference describes every event.
      </p>
      {list.isPending ? (
        <Spinner label="Loading your webhook endpoints" />
      ) : list.isError ? (
        <Alert tone="danger">We could not load your endpoints. Reload the page to try again.</Alert>
      ) : (
        <>
          {created ? (
            <Alert tone="success">
              <p>
                Endpoint added. Its signing secret is below; you can show it again here at any time.
              </p>
              <p>
                <code className="ds-webhooks__secret">{created.secret}</code>
              </p>
            </Alert>
          ) : null}
          {list.data.endpoints.length ? (
            <ul className="ds-webhooks__list" aria-label="Your webhook endpoints">
              {list.data.endpoints.map((e) => (
                <EndpointItem key={e.hash} endpoint={e} />
              ))}
            </ul>
          ) : (
            <p>No endpoints yet.</p>
          )}
          <AddEndpoint
            canReceiveAll={list.data.canReceiveAll}
            onCreated={(url, secret) => setCreated({ url, secret })}
          />
        </>
      )}
    </section>
  );
}

function stateOf(e: TWebhookEndpoint) {
  if (e.enabled) {
    return e.failingSince ? (
      <Badge tone="warning">Failing since {formatWhen(e.failingSince)}</Badge>
    ) : (
      <Badge tone="success">On</Badge>
    );
  }
  return e.disabledReason === 'failing' ? (
    <Badge tone="danger">Turned off after 3 days of failures</Badge>
  ) : (
    <Badge tone="neutral">Off</Badge>
  );
}

function EndpointItem({ endpoint: e }: { endpoint: TWebhookEndpoint }) {
  const update = useUpdateWebhook();
  const reveal = useRevealSecret();
  const name = e.description || e.url;
  return (
    <li className="ds-webhooks__item">
      <p className="ds-webhooks__url">
        <strong>{e.url}</strong> {stateOf(e)}
      </p>
      {e.description ? <p>{e.description}</p> : null}
      <p className="ds-webhooks__events">
        {e.events.map((t) => WEBHOOK_EVENTS[t].label).join(' · ')}
        {e.scope === 'all' ? ' — every property' : ''}
      </p>
      {e.previousSecretExpiresAt ? (
        <p>The previous signing secret also signs until {formatWhen(e.previousSecretExpiresAt)}.</p>
      ) : null}
      {reveal.data ? (
        <p>
          Signing secret: <code className="ds-webhooks__secret">{reveal.data.secret}</code>
        </p>
      ) : null}
      {update.isError ? <Alert tone="danger">{update.error.message}</Alert> : null}
      {reveal.isError ? <Alert tone="danger">{reveal.error.message}</Alert> : null}
      <div className="ds-webhooks__actions">
        <Link
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          to={WEBHOOK_PAGES.deliveries(e.hash)}
        >
          Deliveries <span className="ln-visually-hidden">of {name}</span>
        </Link>
        {reveal.data ? (
          <Button size="sm" variant="ghost" onClick={() => reveal.reset()}>
            Hide secret <span className="ln-visually-hidden">of {name}</span>
          </Button>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            loading={reveal.isPending}
            onClick={() => reveal.mutate(e.hash)}
          >
            Show secret <span className="ln-visually-hidden">of {name}</span>
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          loading={update.isPending}
          onClick={() => update.mutate({ hash: e.hash, body: { enabled: !e.enabled } })}
        >
          {e.enabled ? 'Turn off' : 'Turn on'} <span className="ln-visually-hidden">{name}</span>
        </Button>
      </div>
      <EndpointTools endpoint={e} name={name} />
    </li>
  );
}

/** What the endpoint answered to a test event, in words. */
function testOutcome(row: TWebhookDeliveryRow): string {
  if (row.status === 'succeeded')
    return `${WEBHOOK_TEXTS.testSent} Your endpoint answered ${row.lastStatusCode}.`;
  const answer = row.lastStatusCode
    ? `answered ${row.lastStatusCode}`
    : `could not be reached (${row.lastError ?? 'no answer'})`;
  return `${WEBHOOK_TEXTS.testSent} Your endpoint ${answer}; we will try again as with any delivery.`;
}

/** "Send test event", "Rotate secret" and "Delete", the last two asking first. */
function EndpointTools({ endpoint: e, name }: { endpoint: TWebhookEndpoint; name: string }) {
  const test = useSendTestEvent();
  const rotate = useRotateSecret();
  const remove = useDeleteWebhook();
  const [asking, setAsking] = useState<'rotate' | 'delete' | null>(null);
  const close = () => {
    setAsking(null);
    remove.reset();
  };
  return (
    <>
      {test.data ? (
        <Alert tone={test.data.status === 'succeeded' ? 'success' : 'warning'}>
          {testOutcome(test.data)}
        </Alert>
      ) : null}
      {test.isError ? <Alert tone="danger">{test.error.message}</Alert> : null}
      {rotate.data ? (
        <Alert tone="success">
          {WEBHOOK_TEXTS.rotated} New signing secret:{' '}
          <code className="ds-webhooks__secret">{rotate.data.secret}</code>
        </Alert>
      ) : null}
      <div className="ds-webhooks__actions">
        <Button
          size="sm"
          variant="ghost"
          loading={test.isPending}
          onClick={() => test.mutate(e.hash)}
        >
          Send test event <span className="ln-visually-hidden">to {name}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setAsking('rotate')}>
          Rotate secret <span className="ln-visually-hidden">of {name}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setAsking('delete')}>
          Delete <span className="ln-visually-hidden">{name}</span>
        </Button>
      </div>
      <ConfirmDialog
        title="Rotate the signing secret?"
        description="We will make a new secret and show it once. For the next 24 hours every delivery is signed with both the new and the current secret, so your receiver keeps working while you switch; then only the new one signs."
        open={asking === 'rotate'}
        onClose={() => {
          setAsking(null);
          rotate.reset();
        }}
        confirmLabel="Rotate secret"
        onConfirm={() => rotate.mutate(e.hash, { onSuccess: () => setAsking(null) })}
        pending={rotate.isPending}
        error={rotate.error}
      />
      <ConfirmDialog
        title="Delete this endpoint?"
        description={`We will stop sending events to ${e.url} and forget its deliveries.`}
        open={asking === 'delete'}
        onClose={close}
        confirmLabel="Delete endpoint"
        onConfirm={() => remove.mutate(e.hash, { onSuccess: () => setAsking(null) })}
        pending={remove.isPending}
        error={remove.error}
      />
    </>
  );
}

function AddEndpoint({
  canReceiveAll,
  onCreated,
}: {
  canReceiveAll: boolean;
  onCreated: (url: string, secret: string) => void;
}) {
  const create = useCreateWebhook();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(ZCreateWebhookRequestSchema, {
    defaultValues: { url: '', description: '', events: [], scope: 'own' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      const made = await create.mutateAsync(body);
      form.reset();
      setOpen(false);
      onCreated(made.endpoint.url, made.secret);
    } catch (error) {
      setApiErrors(error, form.setError, ['url', 'description', 'events', 'scope']);
    }
  });
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Add endpoint
      </Button>
    );
  }
  const problem = formError(errors);
  return (
    <form
      className="ds-webhooks__form"
      onSubmit={submit}
      noValidate
      aria-label="Add a webhook endpoint"
    >
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/lantern-events"
        error={fieldError(errors, 'url')}
        {...form.register('url')}
      />
      <TextField
        label="Description (optional)"
        error={fieldError(errors, 'description')}
        {...form.register('description')}
      />
      <fieldset
        className="ds-webhooks__fieldset"
        aria-describedby={errors.events ? 'webhook-events-error' : undefined}
      >
        <legend>Events to send</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <Checkbox
            key={type}
            value={type}
            label={WEBHOOK_EVENTS[type].label}
            hint={WEBHOOK_EVENTS[type].description}
            {...form.register('events')}
          />
        ))}
        {errors.events ? (
          <p className="ln-field__error" id="webhook-events-error">
            {fieldError(errors, 'events')}
          </p>
        ) : null}
      </fieldset>
      {canReceiveAll ? (
        <Select
          label="Properties"
          options={[
            { value: 'own', label: 'The properties I take part in' },
            { value: 'all', label: 'Every property (staff)' },
          ]}
          error={fieldError(errors, 'scope')}
          {...form.register('scope')}
        />
      ) : null}
      <div className="ds-webhooks__actions">
        <Button type="submit" variant="primary" loading={isSubmitting}>
          Add endpoint
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            form.reset();
            setOpen(false);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
