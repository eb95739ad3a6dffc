import {
  PASSWORD_MIN,
  type TAccountSettings,
  ZChangePasswordRequestSchema,
} from '@lantern/contracts';
import {
  Alert,
  Button,
  fieldError,
  formError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { useChangePassword } from '../api/account.ts';
import { SettingsSection } from './settings-section.tsx';

/** A new password signs out every other browser; this one stays signed in. */
export function PasswordSection({ settings }: { settings: TAccountSettings }) {
  const change = useChangePassword();
  const [ended, setEnded] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZChangePasswordRequestSchema, {
    defaultValues: { currentPassword: '', password: '' },
  });

  const submit = handleSubmit(async (body) => {
    try {
      const res = await change.mutateAsync(body);
      setEnded(res.ended);
      reset();
    } catch (error) {
      setApiErrors(error, setError, ['currentPassword', 'password']);
    }
  });

  const message = formError(errors);
  return (
    <SettingsSection title="Password">
      <form
        className="ds-form"
        noValidate
        onSubmit={(e) => {
          setEnded(null);
          void submit(e);
        }}
      >
        {settings.hasPassword ? (
          <TextField
            {...register('currentPassword')}
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            error={fieldError(errors, 'currentPassword')}
          />
        ) : null}
        <TextField
          {...register('password')}
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN} characters. Every other browser signed in to your account will be signed out.`}
          error={fieldError(errors, 'password')}
        />
        {message ? <Alert tone="danger">{message}</Alert> : null}
        {ended !== null ? (
          <Alert tone="success">
            Your password is changed.{' '}
            {ended
              ? `We signed you out of ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`
              : 'No other browser was signed in.'}
          </Alert>
        ) : null}
        <Button type="submit" loading={isSubmitting}>
          {settings.hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
