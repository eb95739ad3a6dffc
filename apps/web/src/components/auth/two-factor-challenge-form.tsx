import {
  PATHS,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PATHS,
  ZAuthSuccessSchema,
  ZTwoFactorCodeSchema,
} from '@lantern/contracts';
import { ApiError, api } from '@lantern/contracts/api-client';
import { Alert, Button, TextField } from '@lantern/ui';
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { AuthForm } from './auth-form.tsx';
import { errorsFromFailure, type FormErrors, safeRedirect, validate } from './form-errors.ts';

/**
 * The island on /account/two-factor-challenge: the password (or provider) was right and the
 * server holds a waiting sign-in; this form sends the authenticator or recovery code.
 */
export default function TwoFactorChallengeForm() {
  const [recovery, setRecovery] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);

  function switchMode() {
    setRecovery((r) => !r);
    setErrors({ fields: {} });
    // The field is re-labelled in place; keep the person in it.
    requestAnimationFrame(() => input.current?.focus());
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    const checked = validate(ZTwoFactorCodeSchema, { code });
    if (!checked.ok) {
      setErrors({ fields: checked.fields });
      input.current?.focus();
      return;
    }
    setErrors({ fields: {} });
    setBusy(true);
    try {
      const result = await api.post(TWO_FACTOR_PATHS.challenge, checked.data, {
        schema: ZAuthSuccessSchema,
      });
      window.location.assign(safeRedirect(result.redirect));
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 410) {
        setExpired(error.body.message || TWO_FACTOR_MESSAGES.challengeExpired);
        return;
      }
      const next = errorsFromFailure(error, ['code']);
      setErrors(next);
      input.current?.focus();
    }
  }

  if (expired) {
    return (
      <Alert tone="warning">
        <p>{expired}</p>
        <p>
          <a href={PATHS.login}>Go to the login page</a>
        </p>
      </Alert>
    );
  }

  return (
    <AuthForm busy={busy} formError={errors.form} onSubmit={onSubmit}>
      <TextField
        ref={input}
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        name="code"
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={recovery ? 32 : 6}
        required
        hint={
          recovery
            ? 'One of the ten codes you saved when you turned on two-step sign-in, like k7d2m-9xq4p. Each works once.'
            : 'The 6-digit code your authenticator app shows for this account.'
        }
        error={errors.fields.code}
      />
      <p className="auth-form__forgot">
        <Button variant="ghost" size="sm" onClick={switchMode}>
          {recovery ? 'Use a code from my authenticator app' : 'Use a recovery code instead'}
        </Button>
      </p>
      <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={!hydrated}>
        {busy ? 'Checking…' : 'Verify and log in'}
      </Button>
    </AuthForm>
  );
}
