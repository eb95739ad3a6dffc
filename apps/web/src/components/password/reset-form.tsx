import { PASSWORD_RESET_PATHS, ZAuthSuccessSchema, ZPasswordResetSchema } from '@lantern/contracts';
import { ApiError, api } from '@lantern/contracts/api-client';
import { Button } from '@lantern/ui';
import { type SubmitEvent, useEffect, useState } from 'react';
import { AuthForm } from '../auth/auth-form.tsx';
import { errorsFromFailure, type FormErrors, safeRedirect, validate } from '../auth/form-errors.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

const FIELDS = ['password', 'password_confirmation'] as const;

/**
 * The island on /password/reset. The emailed link's token arrives in the fragment (the server
 * checked it before redirecting here); it is read once and removed from the address bar.
 */
export default function PasswordResetForm() {
  const [token, setToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (!found) {
      window.location.replace(PASSWORD_RESET_PATHS.incorrectLink);
      return;
    }
    setToken(found);
    window.history.replaceState(null, '', window.location.pathname);
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const checked = validate(ZPasswordResetSchema, {
      token,
      password: String(data.get('password') ?? ''),
      password_confirmation: String(data.get('password_confirmation') ?? ''),
    });
    const focusFirst = (next: FormErrors) => {
      const first = FIELDS.find((name) => next.fields[name]);
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
    };
    if (!checked.ok) {
      const next = { fields: checked.fields };
      setErrors(next);
      return focusFirst(next);
    }
    setErrors({ fields: {} });
    setBusy(true);
    try {
      const result = await api.post(PASSWORD_RESET_PATHS.reset, checked.data, {
        schema: ZAuthSuccessSchema,
      });
      window.location.assign(safeRedirect(result.redirect));
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 410) {
        return window.location.assign(PASSWORD_RESET_PATHS.incorrectLink);
      }
      if (error instanceof ApiError && error.status === 403 && !error.body.errors) {
        return window.location.assign(PASSWORD_RESET_PATHS.incorrectAccount);
      }
      const next = errorsFromFailure(error, FIELDS);
      setErrors(next);
      focusFirst(next);
    }
  }

  return (
    <AuthForm busy={busy} formError={errors.form} onSubmit={onSubmit}>
      <NewPasswordFields errors={errors.fields} />
      <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={!token}>
        {busy ? 'Saving…' : 'Save new password'}
      </Button>
    </AuthForm>
  );
}
