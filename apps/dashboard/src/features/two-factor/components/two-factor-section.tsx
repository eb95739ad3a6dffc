import { MESSAGES, type TTwoFactorSetup, ZTwoFactorCodeSchema } from '@lantern/contracts';
import { Alert, apiFormErrors, Button, CodeForm, Spinner } from '@lantern/ui';
import { useEffect, useId, useRef, useState } from 'react';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor.ts';
import './two-factor-section.css';

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
        <Alert tone="danger">{apiFormErrors(start.error, []).form ?? MESSAGES.serverError}</Alert>
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
  const first = useRef<HTMLHeadingElement>(null);
  useEffect(() => first.current?.focus(), []);

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
      <CodeForm
        schema={ZTwoFactorCodeSchema}
        label="Authentication code"
        digits
        submitLabel="Turn on two-step sign-in"
        actions={
          <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
        }
        onSubmit={async (body) => onDone((await confirm.mutateAsync(body)).recoveryCodes)}
      />
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
  return (
    <>
      <p className="ds-two-factor__state">
        Two-step sign-in is <strong>on</strong>. You have {codesLeft} unused recovery code
        {codesLeft === 1 ? '' : 's'}.
      </p>
      <CodeForm
        schema={ZTwoFactorCodeSchema}
        label="Code to turn it off"
        hint="A code from your authenticator app, or one of your recovery codes."
        submitLabel="Turn off two-step sign-in"
        submitVariant="danger"
        onSubmit={(body) => disable.mutateAsync(body)}
      />
    </>
  );
}
