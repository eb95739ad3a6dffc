import {
  PASSWORD_MIN,
  PATHS,
  ZAuthSuccessSchema,
  ZLoginRequestSchema,
  ZSignUpRequestSchema,
} from '@lantern/contracts';
import { api } from '@lantern/contracts/api-client';
import { Button, Checkbox, TextField } from '@lantern/ui';
import { type ChangeEvent, type SubmitEvent, useEffect, useState } from 'react';
import { AuthForm } from './auth-form.tsx';
import { errorsFromFailure, type FormErrors, safeRedirect, validate } from './form-errors.ts';

const FIELDS = ['email', 'password'] as const;

const MODES = {
  login: {
    schema: ZLoginRequestSchema,
    path: PATHS.login,
    submit: 'Log in',
    busy: 'Logging in…',
    passwordAutoComplete: 'current-password',
    passwordHint: undefined,
  },
  signUp: {
    schema: ZSignUpRequestSchema,
    path: PATHS.signUp,
    submit: 'Create account',
    busy: 'Creating your account…',
    passwordAutoComplete: 'new-password',
    passwordHint: `Use at least ${PASSWORD_MIN} characters.`,
  },
} as const;

export type CredentialsMode = keyof typeof MODES;

/**
 * Email and password form for POST /account/login and /account/sign-up (spec sections 3 and 7).
 * The contract's schema checks the fields first; the server stays the authority and its
 * field errors replace ours.
 */
export function CredentialsForm({ mode }: { mode: CredentialsMode }) {
  const config = MODES[mode];
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  // The server-rendered form stays inert until React has hydrated it, so an early click never
  // submits natively (which would put the password in the URL).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Bumped on every failed submit so a repeated alert remounts and is announced again.
  const [attempt, setAttempt] = useState(0);

  function show(next: FormErrors, form: HTMLFormElement) {
    setErrors(next);
    setAttempt((n) => n + 1);
    const first = FIELDS.find((name) => next.fields[name]);
    if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const checked = validate(config.schema, {
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
      remember: data.get('remember') === 'on',
      promoOptin: data.get('promoOptin') === 'on',
    });
    if (!checked.ok) return show({ fields: checked.fields }, form);

    setErrors({ fields: {} });
    setBusy(true);
    try {
      const result = await api.post(config.path, checked.data, { schema: ZAuthSuccessSchema });
      // Stay busy: the page is about to change.
      window.location.assign(safeRedirect(result.redirect));
    } catch (error) {
      setBusy(false);
      show(errorsFromFailure(error, FIELDS), form);
    }
  }

  // Typing in a field with an error clears that error; the next submit checks it again.
  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const target = event.target as EventTarget;
    if (!(target instanceof HTMLInputElement)) return;
    const name = target.name;
    if (!errors.fields[name]) return;
    setErrors((current) => ({ ...current, fields: { ...current.fields, [name]: undefined } }));
  }

  return (
    <AuthForm
      busy={busy}
      formError={errors.form}
      alertKey={attempt}
      onSubmit={onSubmit}
      onChange={onChange}
    >
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.fields.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete={config.passwordAutoComplete}
        required
        hint={config.passwordHint}
        error={errors.fields.password}
      />
      {mode === 'login' ? (
        <p className="auth-form__forgot">
          <a href={PATHS.forgotPassword}>Forgot password?</a>
        </p>
      ) : null}
      <Checkbox label="Remember me" name="remember" />
      <Checkbox label="Send me news and offers" name="promoOptin" />
      <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={!hydrated}>
        {busy ? config.busy : config.submit}
      </Button>
    </AuthForm>
  );
}
