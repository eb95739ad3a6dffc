import {
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_PATHS,
  ZAuthSuccessSchema,
  ZPasswordPinResetSchema,
} from '@lantern/contracts';
import { ApiError, api } from '@lantern/domain/api-client';
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
import { safeRedirect } from '../auth/auth-redirect.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PIN_EMAIL_KEY } from './request-form.tsx';

const FIELDS = ['email', 'pin', 'password', 'password_confirmation'] as const;

/** The island on /password/pin (Reset PIN): the texted PIN and the new password. */
export default function PasswordPinForm() {
  const [leaving, setLeaving] = useState(false);
  const [voided, setVoided] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZPasswordPinResetSchema, {
    defaultValues: { email: '', pin: '', password: '', password_confirmation: '' },
  });
  useEffect(() => {
    const remembered = sessionStorage.getItem(PIN_EMAIL_KEY) ?? '';
    setValue('email', remembered);
    setEmail(remembered);
  }, [setValue]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const result = await api.post(PASSWORD_RESET_PATHS.pinReset, body, {
        schema: ZAuthSuccessSchema,
      });
      sessionStorage.removeItem(PIN_EMAIL_KEY);
      setLeaving(true);
      window.location.assign(safeRedirect(result.redirect));
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) {
        setVoided(error.body.message || PASSWORD_RESET_MESSAGES.pinVoid);
        return;
      }
      if (error instanceof ApiError && error.status === 403 && !error.body.errors) {
        setLeaving(true);
        return window.location.assign(PASSWORD_RESET_PATHS.incorrectAccount);
      }
      setApiErrors(error, setError, FIELDS);
    }
  });
  const busy = isSubmitting || leaving;

  if (voided) {
    return (
      <Alert tone="warning">
        <p>{voided}</p>
        <p>
          <a href={PASSWORD_RESET_PATHS.request}>Ask for a new PIN</a>
        </p>
      </Alert>
    );
  }

  return (
    <AuthForm busy={busy} formError={formError(errors)} onSubmit={onSubmit}>
      <TextField
        {...register('email')}
        key={email ?? 'loading'}
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
        {...register('pin')}
        label="PIN from the text message"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        error={fieldError(errors, 'pin')}
      />
      <NewPasswordFields
        register={register}
        errors={{
          password: fieldError(errors, 'password'),
          password_confirmation: fieldError(errors, 'password_confirmation'),
        }}
      />
      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        loading={busy}
        disabled={email === null}
      >
        {busy ? 'Saving…' : 'Save new password'}
      </Button>
    </AuthForm>
  );
}
