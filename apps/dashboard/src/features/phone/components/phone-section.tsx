import { MESSAGES, PHONE_MESSAGES, ZPhoneCodeSchema } from '@lantern/contracts';
import { ApiError } from '@lantern/contracts/api-client';
import { Alert, Button, CodeForm, PhoneInput, type PhoneValue, Spinner } from '@lantern/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { usePhoneStatus, useSendPhoneCode, useVerifyPhone } from '../api/phone.ts';
import './phone-section.css';

type Problem = { field?: string; form?: string };

function problemOf(error: unknown, field: string): Problem {
  if (!(error instanceof ApiError)) {
    return { form: MESSAGES.networkError };
  }
  const message = error.field(field);
  if (message) return { field: message };
  return { form: error.body.message || MESSAGES.serverError };
}

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
  const [problem, setProblem] = useState<Problem>({});
  const input = useRef<HTMLInputElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value?.e164) {
      setProblem({ field: value?.error ?? PHONE_MESSAGES.phoneInvalid });
      input.current?.focus();
      return;
    }
    const phone = value.e164;
    setProblem({});
    send.mutate(
      { phone },
      {
        onSuccess: () => onSent(phone),
        onError: (err) => {
          setProblem(problemOf(err, 'phone'));
          input.current?.focus();
        },
      },
    );
  }

  return (
    <form className="ds-phone__form" noValidate onSubmit={onSubmit}>
      {problem.form ? <Alert tone="danger">{problem.form}</Alert> : null}
      <PhoneInput
        ref={input}
        label="Mobile number"
        autoComplete="tel"
        error={problem.field}
        onChange={(v) => {
          setValue(v);
          if (problem.field) setProblem({});
        }}
      />
      <div className="ds-phone__actions">
        <Button type="submit" variant="primary" loading={send.isPending}>
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
