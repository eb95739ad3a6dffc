import {
  PASSWORD_RESET_PATHS,
  ZMessageAnswerSchema,
  ZPasswordResetRequestSchema,
} from '@lantern/contracts';
import { api } from '@lantern/contracts/api-client';
import { Alert, Button, TextField } from '@lantern/ui';
import { type SubmitEvent, useEffect, useState } from 'react';
import { AuthForm } from '../auth/auth-form.tsx';
import { errorsFromFailure, type FormErrors, validate } from '../auth/form-errors.ts';

/** Remembered for the Reset PIN page, so the email need not be typed twice. */
export const PIN_EMAIL_KEY = 'passwordResetEmail';

/** The island on /password/email: ask for a reset link, or a PIN by text (issue 8). */
export default function PasswordRequestForm() {
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ message: string; via: 'email' | 'text' } | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '');
    const via = data.get('via') === 'text' ? 'text' : 'email';
    const checked = validate(ZPasswordResetRequestSchema, { email, via });
    if (!checked.ok) {
      setErrors({ fields: checked.fields });
      (form.elements.namedItem('email') as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({ fields: {} });
    setBusy(true);
    try {
      const result = await api.post(PASSWORD_RESET_PATHS.request, checked.data, {
        schema: ZMessageAnswerSchema,
      });
      if (via === 'text') sessionStorage.setItem(PIN_EMAIL_KEY, checked.data.email);
      setSent({ message: result.message, via });
    } catch (error) {
      const next = errorsFromFailure(error, ['email']);
      setErrors(next);
      if (next.fields.email) (form.elements.namedItem('email') as HTMLInputElement | null)?.focus();
    } finally {
      setBusy(false);
    }
  }

  if (sent?.via === 'text') {
    return (
      <Alert tone="success" title="Check your phone">
        <p>{sent.message}</p>
        <p>
          <a href={PASSWORD_RESET_PATHS.pinPage}>Enter the PIN and choose a new password</a>
        </p>
      </Alert>
    );
  }
  if (sent) {
    return (
      <Alert tone="success" title="Check your inbox">
        <p>{sent.message}</p>
        <p>
          Nothing arrived after a few minutes? Look in your spam folder, or{' '}
          <a href={PASSWORD_RESET_PATHS.request}>ask for another link</a>.
        </p>
      </Alert>
    );
  }

  return (
    <AuthForm busy={busy} formError={errors.form} onSubmit={onSubmit}>
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
      <fieldset className="auth-form__choice">
        <legend>How should we send it?</legend>
        <label>
          <input type="radio" name="via" value="email" defaultChecked /> Email me a link
        </label>
        <label>
          <input type="radio" name="via" value="text" /> Text me a 6-digit PIN (if your account has
          a verified mobile number)
        </label>
      </fieldset>
      <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={!hydrated}>
        {busy ? 'Sending…' : 'Send'}
      </Button>
    </AuthForm>
  );
}
