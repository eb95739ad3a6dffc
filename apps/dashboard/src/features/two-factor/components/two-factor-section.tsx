import { MESSAGES, type TTwoFactorSetup, TWO_FACTOR_MESSAGES } from '@lantern/contracts';
import { ApiError } from '@lantern/contracts/api-client';
import { Alert, Button, Spinner, TextField } from '@lantern/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor.ts';
import './two-factor-section.css';

/** The message for a failed code submit: under the field when it is about the code. */
function codeError(error: unknown): { field?: string; form?: string } {
  if (!(error instanceof ApiError)) {
    return { form: MESSAGES.networkError };
  }
  const field = error.field('code');
  if (field) return { field };
  return { form: error.body.message || MESSAGES.serverError };
}

/** `ABCD EFGH …`: the key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Account Settings section: two-step sign-in with an authenticator app (TOTP). Self-contained:
 * it loads its own status and owns its forms (issue 8).
 */
export function TwoFactorSection() {
  const headingId = useId();
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <section className="ds-two-factor" aria-labelledby={headingId}>
      <h2 id={headingId}>Two-step sign-in</h2>
      <p>
        Protect your account with a second step: after your password, you enter a 6-digit code from
        an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or
        1Password.
      </p>
      {status.isPending ? (
        <Spinner label="Loading your two-step sign-in setting" />
      ) : status.isError ? (
        <Alert tone="danger">We could not load this setting. Reload the page to try again.</Alert>
      ) : codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : status.data.enabled ? (
        <TurnOff codesLeft={status.data.recoveryCodesLeft} />
      ) : setup ? (
        <Enrol
          setup={setup}
          onCancel={() => setSetup(null)}
          onDone={(recoveryCodes) => {
            setSetup(null);
            setCodes(recoveryCodes);
          }}
        />
      ) : (
        <Start onStarted={setSetup} />
      )}
    </section>
  );
}

function Start({ onStarted }: { onStarted: (setup: TTwoFactorSetup) => void }) {
  const start = useStartTwoFactor();
  return (
    <>
      <p className="ds-two-factor__state">Two-step sign-in is off.</p>
      {start.isError ? (
        <Alert tone="danger">{codeError(start.error).form ?? MESSAGES.serverError}</Alert>
      ) : null}
      <Button
        variant="primary"
        loading={start.isPending}
        onClick={() => start.mutate(undefined, { onSuccess: onStarted })}
      >
        Set up two-step sign-in
      </Button>
    </>
  );
}

function Enrol({
  setup,
  onCancel,
  onDone,
}: {
  setup: TTwoFactorSetup;
  onCancel: () => void;
  onDone: (codes: string[]) => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const first = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) {
      setError({ field: TWO_FACTOR_MESSAGES.codeRequired });
      input.current?.focus();
      return;
    }
    setError({});
    confirm.mutate(
      { code },
      {
        onSuccess: ({ recoveryCodes }) => onDone(recoveryCodes),
        onError: (err) => {
          setError(codeError(err));
          input.current?.focus();
        },
      },
    );
  }

  return (
    <div className="ds-two-factor__steps">
      <h3 ref={first} tabIndex={-1}>
        1. Add your account to the app
      </h3>
      <p>Open your authenticator app, choose to add an account, and scan this code.</p>
      <img
        className="ds-two-factor__qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to scan with your authenticator app"
        width={180}
        height={180}
      />
      <p>
        Can’t scan it? Type this key into the app instead:{' '}
        <code className="ds-two-factor__key" data-testid="two-factor-key">
          {grouped(setup.secret)}
        </code>
      </p>
      <h3>2. Enter the code the app shows</h3>
      <form className="ds-two-factor__form" noValidate onSubmit={onSubmit}>
        {error.form ? <Alert tone="danger">{error.form}</Alert> : null}
        <TextField
          ref={input}
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          error={error.field}
        />
        <div className="ds-two-factor__actions">
          <Button type="submit" variant="primary" loading={confirm.isPending}>
            Turn on two-step sign-in
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="ds-two-factor__codes">
      <Alert tone="success">Two-step sign-in is on.</Alert>
      <h3 ref={heading} tabIndex={-1}>
        Save your recovery codes
      </h3>
      <p>
        If you lose your phone, each of these codes lets you log in once instead of an app code.
        Keep them somewhere safe, like a password manager. This is the only time we show them.
      </p>
      <ol className="ds-two-factor__code-list" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <Button variant="primary" onClick={onDone}>
        I’ve saved my codes
      </Button>
    </div>
  );
}

function TurnOff({ codesLeft }: { codesLeft: number }) {
  const disable = useDisableTwoFactor();
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const input = useRef<HTMLInputElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) {
      setError({ field: TWO_FACTOR_MESSAGES.codeRequired });
      input.current?.focus();
      return;
    }
    setError({});
    disable.mutate(
      { code },
      {
        onError: (err) => {
          setError(codeError(err));
          input.current?.focus();
        },
      },
    );
  }

  return (
    <>
      <p className="ds-two-factor__state">
        Two-step sign-in is <strong>on</strong>. You have {codesLeft} unused recovery code
        {codesLeft === 1 ? '' : 's'}.
      </p>
      <form className="ds-two-factor__form" noValidate onSubmit={onSubmit}>
        {error.form ? <Alert tone="danger">{error.form}</Alert> : null}
        <TextField
          ref={input}
          label="Code to turn it off"
          name="code"
          autoComplete="one-time-code"
          hint="A code from your authenticator app, or one of your recovery codes."
          required
          error={error.field}
        />
        <Button type="submit" variant="danger" loading={disable.isPending}>
          Turn off two-step sign-in
        </Button>
      </form>
    </>
  );
}
