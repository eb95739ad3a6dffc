import {
  PASSWORD_RESET_PATHS,
  ZMessageSchema,
  ZPasswordResetRequestSchema,
} from '@lantern/contracts';
import { api } from '@lantern/contracts/api-client';
import { Alert, Button, TextField } from '@lantern/ui';
import { type SubmitEvent, useEffect, useState } from 'react';
import { errorsFromFailure, type FormErrors, validate } from '../auth/form-errors.ts';

/** The island on /password/email: ask for a reset link (issue 8). */
export default function PasswordRequestForm() {
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    const checked = validate(ZPasswordResetRequestSchema, { email });
    if (!checked.ok) {
      setErrors({ fields: checked.fields });
      (form.elements.namedItem('email') as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({ fields: {} });
    setBusy(true);
    try {
      const result = await api.post(PASSWORD_RESET_PATHS.request, checked.data, {
        schema: ZMessageSchema,
      });
      setSent(result.message);
    } catch (error) {
      const next = errorsFromFailure(error, ['email']);
      setErrors(next);
      if (next.fields.email) (form.elements.namedItem('email') as HTMLInputElement | null)?.focus();
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <Alert tone="success" title="Check your inbox">
        <p>{sent}</p>
        <p>
          Nothing arrived after a few minutes? Look in your spam folder, or{' '}
          <a href={PASSWORD_RESET_PATHS.request}>ask for another link</a>.
        </p>
      </Alert>
    );
  }

  return (
    <form
      className="auth-form"
      method="post"
      noValidate
      aria-busy={busy || undefined}
      onSubmit={onSubmit}
    >
      {errors.form ? (
        <Alert tone="danger" className="auth-form__alert">
          {errors.form}
        </Alert>
      ) : null}
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
      <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={!hydrated}>
        {busy ? 'Sending…' : 'Email me a reset link'}
      </Button>
    </form>
  );
}
