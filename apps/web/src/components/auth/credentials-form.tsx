import {
  NEWSLETTER_OPT_IN_LABEL,
  PASSWORD_MIN,
  ZAuthSuccessSchema,
  ZLoginRequestSchema,
  ZSignUpRequestSchema,
} from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import { api } from '@lantern/domain/api-client';
import {
  Button,
  Checkbox,
  fieldError,
  formError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useEffect, useState } from 'react';
import { AuthForm } from './auth-form.tsx';
import { safeRedirect } from './auth-redirect.ts';

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
  // Stays true once the answer is in: the page is about to change.
  const [leaving, setLeaving] = useState(false);
  // The server-rendered form stays inert until React has hydrated it, so an early click never
  // submits natively (which would put the password in the URL).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting, submitCount },
  } = useSchemaForm(config.schema, {
    defaultValues: { email: '', password: '', remember: false, promoOptin: false },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const result = await api.post(config.path, body, { schema: ZAuthSuccessSchema });
      setLeaving(true);
      window.location.assign(safeRedirect(result.redirect));
    } catch (error) {
      setApiErrors(error, setError, FIELDS);
    }
  });

  // Typing in a field with an error clears that error; the next submit checks it again.
  const clearOnChange = {
    onChange: (e: { target: { name: string } }) =>
      clearErrors(e.target.name as (typeof FIELDS)[number]),
  };
  const busy = isSubmitting || leaving;

  return (
    <AuthForm
      busy={busy}
      formError={formError(errors)}
      // A new key on every attempt, so a repeated alert remounts and is announced again.
      alertKey={submitCount}
      onSubmit={onSubmit}
    >
      <TextField
        {...register('email', clearOnChange)}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={fieldError(errors, 'email')}
      />
      <TextField
        {...register('password', clearOnChange)}
        label="Password"
        type="password"
        autoComplete={config.passwordAutoComplete}
        required
        hint={config.passwordHint}
        error={fieldError(errors, 'password')}
      />
      {mode === 'login' ? (
        <p className="auth-form__forgot">
          <a href={PATHS.forgotPassword}>Forgot password?</a>
        </p>
      ) : null}
      <Checkbox {...register('remember')} label="Remember me" />
      <Checkbox {...register('promoOptin')} label={NEWSLETTER_OPT_IN_LABEL} />
      <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={!hydrated}>
        {busy ? config.busy : config.submit}
      </Button>
    </AuthForm>
  );
}
