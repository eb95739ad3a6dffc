import { MESSAGE_MAX_LENGTH, type TMessage, ZSendMessageRequestSchema } from '@lantern/contracts';
import {
  Alert,
  Button,
  FieldMessages,
  fieldError,
  formError,
  setApiErrors,
  useFieldIds,
  useSchemaForm,
} from '@lantern/ui';
import { useEffect, useRef } from 'react';
import { type Audience, useMarkRead, useSendMessage, useThread } from '../api/messages.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One property's conversation, oldest first, with a box to write in. */
export function ThreadView({
  audience,
  property,
  myHash,
}: {
  audience: Audience;
  property: string;
  myHash: string;
}) {
  const thread = useThread(audience, property);
  const markRead = useMarkRead(audience, property);
  const last = thread.data?.messages.at(-1)?.hash;
  const markedUpTo = useRef<string | null>(null);
  const { mutate: mark } = markRead;

  // Seeing the newest message counts as reading the thread.
  useEffect(() => {
    if (last && markedUpTo.current !== last) {
      markedUpTo.current = last;
      mark(last);
    }
  }, [last, mark]);

  if (thread.isPending) return <p role="status">Loading messages…</p>;
  if (thread.isError) return <Alert tone="danger">{thread.error.message}</Alert>;
  const { messages } = thread.data;
  return (
    <div className="ds-thread">
      {messages.length ? (
        <ol className="ds-messages" aria-label="Messages" aria-live="polite">
          {messages.map((m) => (
            <MessageItem
              key={m.hash}
              message={m}
              mine={audience === 'staff' ? m.fromStaff : m.authorHash === myHash}
            />
          ))}
        </ol>
      ) : (
        <p>No messages yet. Write the first one below.</p>
      )}
      <Composer audience={audience} property={property} />
    </div>
  );
}

function MessageItem({ message, mine }: { message: TMessage; mine: boolean }) {
  return (
    <li className={mine ? 'ds-message ds-message--mine' : 'ds-message'}>
      <p className="ds-message__meta">
        <strong>{mine ? 'You' : message.author}</strong> ·{' '}
        <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
      </p>
      {/* Plain text: React escapes it; line breaks kept by CSS. */}
      <p className="ds-message__body">{message.body}</p>
    </li>
  );
}

/** The message box: the body as the contract checks it. */
const ZComposerSchema = ZSendMessageRequestSchema.pick({ body: true });

function Composer({ audience, property }: { audience: Audience; property: string }) {
  const send = useSendMessage(audience, property);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZComposerSchema, { defaultValues: { body: '' } });
  const body = watch('body');
  // Every problem with a message is shown under the box, the one field of this form.
  const error = fieldError(errors, 'body') ?? formError(errors);
  const { controlId, hintId, errorId, describedBy } = useFieldIds(undefined, {
    hint: true,
    error,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values.body);
      reset();
      setFocus('body');
    } catch (failure) {
      setApiErrors(failure, setError, ['body'], { focus: false });
      setFocus('body');
    }
  });

  return (
    <form className="ds-form ds-composer" onSubmit={onSubmit} noValidate>
      <div className="ln-field">
        <label htmlFor={controlId} className="ln-label">
          Your message
        </label>
        <textarea
          {...register('body')}
          id={controlId}
          className="ln-input ds-composer__box"
          rows={4}
          maxLength={MESSAGE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <FieldMessages
          hint={`${body.length.toLocaleString('en-US')} of ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`}
          error={error}
          hintId={hintId}
          errorId={errorId}
        />
      </div>
      <Button type="submit" loading={isSubmitting}>
        Send message
      </Button>
    </form>
  );
}
