import { PHONE_MESSAGES, ZPhoneCodeSchema, ZPhoneStartSchema } from '@lantern/contracts';
import { ApiError } from '@lantern/domain/api-client';
import {
  Alert,
  Button,
  CodeForm,
  fieldError,
  formError,
  PhoneInput,
  type PhoneValue,
  Spinner,
  setApiErrors,
  useSchemaForm,
} from '@lantern/ui';
import { useId, useRef, useState } from 'react';
import { usePhoneStatus, useSendPhoneCode, useVerifyPhone } from '../api/phone.ts';
import './phone-section.css';

/**
 * Account Settings section: a mobile number for texts, verified with a 6-digit code (issue 8).
 * A verified number can receive a password reset PIN. Self-contained.
 */
export function PhoneSection() {
  const headingId = useId();
  const status = usePhoneStatus();
  const [changing, setChanging] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const pending = sentTo ?? status.data?.pendingPhone ?? null;
  return (
    <section className="ds-phone" aria-labelledby={headingId}>
      <h2 id={headingId}>Mobile phone</h2>
      <p>
        Add a mobile number we can text. Once it is verified, you can reset your password with a
        6-digit PIN sent to it.
      </p>
      {status.isPending ? (
        <Spinner label="Loading your phone setting" />
      ) : status.isError ? (
        <Alert tone="danger">We could not load this setting. Reload the page to try again.</Alert>
      ) : pending ? (
        <EnterCode
          phone={pending}
          onRestart={() => {
            setSentTo(null);
            setChanging(true);
          }}
          onVerified={() => {
            setSentTo(null);
            setChanging(false);
          }}
        />
      ) : status.data.phone && !changing ? (
        <>
          <p className="ds-phone__state">
            Verified number: <strong>{status.data.phone}</strong>
          </p>
          <Button variant="secondary" onClick={() => setChanging(true)}>
            Change number
          </Button>
        </>
      ) : (
        <SendCode
          onSent={setSentTo}
          {...(status.data.phone ? { onCancel: () => setChanging(false) } : {})}
        />
      )}
    </section>
  );
}

function SendCode({
  onSent,
  onCancel,
}: {
  onSent: (phone: string) => void;
  onCancel?: () => void;
}) {
  const send = useSendPhoneCode();
  const [value, setValue] = useState<PhoneValue | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const {
    handleSubmit,
    setError,
    clearErrors,
    setValue: setPhone,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZPhoneStartSchema, { defaultValues: { phone: '' } });

  const submit = handleSubmit(
    async (body) => {
      try {
        await send.mutateAsync(body);
        onSent(body.phone);
      } catch (error) {
        setApiErrors(error, setError, ['phone'], { focus: false });
        input.current?.focus();
      }
    },
    () => input.current?.focus(),
  );

  const message = formError(errors);
  return (
    <form
      className="ds-phone__form"
      noValidate
      onSubmit={(e) => {
        // The phone input's own reason (too short, wrong country) is the more helpful one.
        if (value?.error && !value.e164) {
          e.preventDefault();
          setError('phone', { type: 'input', message: value.error });
          input.current?.focus();
          return;
        }
        void submit(e);
      }}
    >
      {message ? <Alert tone="danger">{message}</Alert> : null}
      <PhoneInput
        ref={input}
        label="Mobile number"
        autoComplete="tel"
        error={fieldError(errors, 'phone')}
        onChange={(v) => {
          setValue(v);
          setPhone('phone', v.e164 ?? '');
          clearErrors();
        }}
      />
      <div className="ds-phone__actions">
        <Button type="submit" variant="primary" loading={isSubmitting}>
          Text me a code
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function EnterCode({
  phone,
  onRestart,
  onVerified,
}: {
  phone: string;
  onRestart: () => void;
  onVerified: () => void;
}) {
  const verify = useVerifyPhone();
  const [expired, setExpired] = useState(false);

  if (expired) {
    return (
      <Alert tone="warning">
        <p>{PHONE_MESSAGES.codeVoid}</p>
        <Button variant="secondary" size="sm" onClick={onRestart}>
          Send a new code
        </Button>
      </Alert>
    );
  }
  return (
    <CodeForm
      schema={ZPhoneCodeSchema}
      label="Code from the text"
      digits
      intro={
        <p role="status">
          We texted a 6-digit code to <strong>{phone}</strong>. It works for 10 minutes.
        </p>
      }
      submitLabel="Verify number"
      actions={
        <Button variant="secondary" onClick={onRestart}>
          Use another number
        </Button>
      }
      onSubmit={async (body) => {
        try {
          await verify.mutateAsync(body);
        } catch (err) {
          if (err instanceof ApiError && err.status === 410) return setExpired(true);
          throw err;
        }
        onVerified();
      }}
    />
  );
}
