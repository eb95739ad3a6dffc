import {
  PASSWORD_RESET_PATHS,
  ZMessageAnswerSchema,
  ZPasswordResetRequestSchema,
} from '@lantern/contracts';
import { api } from '@lantern/domain/api-client';
import {
  Alert,
  Button,
  fieldError,
  formError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useEffect, useState } from 'react';
import { AuthForm } from '../auth/auth-form.tsx';

/** Remembered for the Reset PIN page, so the email need not be typed twice. */
export const PIN_EMAIL_KEY = 'passwordResetEmail';

/** The island on /password/email: ask for a reset link, or a PIN by text (issue 8). */
export default function PasswordRequestForm() {
  const [sent, setSent] = useState<{ message: string; via: 'email' | 'text' } | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting: busy },
  } = useSchemaForm(ZPasswordResetRequestSchema, { defaultValues: { email: '', via: 'email' } });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const result = await api.post(PASSWORD_RESET_PATHS.request, body, {
        schema: ZMessageAnswerSchema,
      });
      if (body.via === 'text') sessionStorage.setItem(PIN_EMAIL_KEY, body.email);
      setSent({ message: result.message, via: body.via });
    } catch (error) {
      setApiErrors(error, setError, ['email']);
    }
  });

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
    <AuthForm busy={busy} formError={formError(errors)} onSubmit={onSubmit}>
      <TextField
        {...register('email')}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={fieldError(errors, 'email')}
      />
      <fieldset className="auth-form__choice">
        <legend>How should we send it?</legend>
        <label>
          <input type="radio" {...register('via')} value="email" defaultChecked /> Email me a link
        </label>
        <label>
          <input type="radio" {...register('via')} value="text" /> Text me a 6-digit PIN (if your
          account has a verified mobile number)
        </label>
      </fieldset>
      <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={!hydrated}>
        {busy ? 'Sending…' : 'Send'}
      </Button>
    </AuthForm>
  );
}
