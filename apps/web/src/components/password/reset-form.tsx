import { PASSWORD_RESET_PATHS, ZAuthSuccessSchema, ZPasswordResetSchema } from '@lantern/contracts';
import { ApiError, api } from '@lantern/domain/api-client';
import { Button, fieldError, formError, setApiErrors, useSchemaForm } from '@lantern/ui';
import { useEffect, useState } from 'react';
import { AuthForm } from '../auth/auth-form.tsx';
import { safeRedirect } from '../auth/auth-redirect.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

const FIELDS = ['password', 'password_confirmation'] as const satisfies readonly string[];

/**
 * The island on /password/reset. The emailed link's token arrives in the fragment; it is read
 * once, removed from the address bar and checked before the form can be used.
 */
export default function PasswordResetForm() {
  const [token, setToken] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZPasswordResetSchema, {
    defaultValues: { token: '', password: '', password_confirmation: '' },
  });

  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get('token');
    window.history.replaceState(null, '', window.location.pathname);
    if (!found) {
      window.location.replace(PASSWORD_RESET_PATHS.incorrectLink);
      return;
    }
    // The link's token is checked before the form is offered, as the emailed link promises.
    api.post(PASSWORD_RESET_PATHS.check, { token: found }).then(
      () => {
        setValue('token', found);
        setToken(found);
      },
      (error) => {
        const gone = leaveFor(error);
        if (gone) window.location.replace(gone);
        else setApiErrors(error, setError, FIELDS, { focus: false });
      },
    );
  }, [setError, setValue]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const result = await api.post(PASSWORD_RESET_PATHS.reset, body, {
        schema: ZAuthSuccessSchema,
      });
      setLeaving(true);
      window.location.assign(safeRedirect(result.redirect));
    } catch (error) {
      const gone = leaveFor(error);
      if (gone) {
        setLeaving(true);
        return window.location.assign(gone);
      }
      setApiErrors(error, setError, FIELDS);
    }
  });
  const busy = isSubmitting || leaving;

  return (
    <AuthForm busy={busy} formError={formError(errors)} onSubmit={onSubmit}>
      <NewPasswordFields
        register={register}
        errors={{
          password: fieldError(errors, 'password'),
          password_confirmation: fieldError(errors, 'password_confirmation'),
        }}
      />
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
