import { type TAccountSettings, ZChangeEmailRequestSchema } from '@lantern/contracts';
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
import { useChangeEmail } from '../api/account.ts';
import { SettingsSection } from './settings-section.tsx';

/** The sign-in email; changing it asks for the current password. */
export function EmailSection({ settings }: { settings: TAccountSettings }) {
  const change = useChangeEmail();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZChangeEmailRequestSchema, {
    defaultValues: { email: '', currentPassword: '' },
  });

  const submit = handleSubmit(async (body) => {
    try {
      await change.mutateAsync(body);
      setSaved(true);
      reset();
    } catch (error) {
      setApiErrors(error, setError, ['email', 'currentPassword']);
    }
  });

  const message = formError(errors);
  return (
    <SettingsSection title="Email address">
      <p>
        You sign in as <strong>{settings.email}</strong>.
      </p>
      {settings.hasPassword ? (
        <form
          className="ds-form"
          noValidate
          onSubmit={(e) => {
            setSaved(false);
            void submit(e);
          }}
        >
          <TextField
            {...register('email')}
            label="New email address"
            type="email"
            autoComplete="email"
            required
            error={fieldError(errors, 'email')}
          />
          <TextField
            {...register('currentPassword')}
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            hint="To keep your account safe, confirm it is you."
            error={fieldError(errors, 'currentPassword')}
          />
          {message ? <Alert tone="danger">{message}</Alert> : null}
          {saved ? <Alert tone="success">Your email address is changed.</Alert> : null}
          <Button type="submit" loading={isSubmitting}>
            Change email
          </Button>
        </form>
      ) : (
        <p>You sign in with a social account. Set a password below to change your email here.</p>
      )}
    </SettingsSection>
  );
}
