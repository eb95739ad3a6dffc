import { PASSWORD_RESET_PATHS, ZAuthSuccessSchema, ZPasswordResetSchema } from '@lantern/contracts';
import { ApiError, api } from '@lantern/contracts/api-client';
import { Button } from '@lantern/ui';
import { type SubmitEvent, useEffect, useState } from 'react';
import { AuthForm } from '../auth/auth-form.tsx';
import { errorsFromFailure, type FormErrors, safeRedirect, validate } from '../auth/form-errors.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

const FIELDS = ['password', 'password_confirmation'] as const;

/**
 * The island on /password/reset. The emailed link's token arrives in the fragment; it is read
 * once, removed from the address bar and checked before the form can be used.
 */
export default function PasswordResetForm() {
  const [token, setToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get('token');
    window.history.replaceState(null, '', window.location.pathname);
    if (!found) {
      window.location.replace(PASSWORD_RESET_PATHS.incorrectLink);
      return;
    }
    // The link's token is checked before the form is offered, as the emailed link promises.
    api.post(PASSWORD_RESET_PATHS.check, { token: found }).then(
      () => setToken(found),
      (error) => {
        const gone = leaveFor(error);
        if (gone) window.location.replace(gone);
        else setErrors(errorsFromFailure(error, FIELDS));
      },
    );
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
      const gone = leaveFor(error);
      if (gone) return window.location.assign(gone);
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

/** The page a failed check or reset moves to: a link that no longer works, or another account. */
function leaveFor(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 410) return PASSWORD_RESET_PATHS.incorrectLink;
  if (error.status === 403 && !error.body.errors) return PASSWORD_RESET_PATHS.incorrectAccount;
  return null;
}
