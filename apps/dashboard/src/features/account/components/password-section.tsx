import { PASSWORD_MIN, type TAccountSettings } from '@lantern/contracts';
import { ApiError } from '@lantern/contracts/api-client';
import { Alert, Button, TextField } from '@lantern/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useChangePassword } from '../api/account.ts';
import { SettingsSection, useFocusInvalid } from './settings-section.tsx';

/** A new password signs out every other browser; this one stays signed in. */
export function PasswordSection({ settings }: { settings: TAccountSettings }) {
  const change = useChangePassword();
  const form = useRef<HTMLFormElement>(null);
  const [ended, setEnded] = useState<number | null>(null);
  const error = change.error instanceof ApiError ? change.error : null;
  useFocusInvalid(form, error);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setEnded(null);
    const data = new FormData(e.currentTarget);
    change.mutate(
      {
        currentPassword: String(data.get('currentPassword') ?? ''),
        password: String(data.get('password') ?? ''),
      },
      {
        onSuccess: (res) => {
          setEnded(res.ended);
          form.current?.reset();
        },
      },
    );
  };

  return (
    <SettingsSection title="Password">
      <form ref={form} className="ds-form" onSubmit={onSubmit} noValidate>
        {settings.hasPassword ? (
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={error?.field('currentPassword')}
          />
        ) : null}
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN} characters. Every other browser signed in to your account will be signed out.`}
          error={error?.field('password')}
        />
        {error && !error.body.errors ? <Alert tone="danger">{error.message}</Alert> : null}
        {ended !== null ? (
          <Alert tone="success">
            Your password is changed.{' '}
            {ended
              ? `We signed you out of ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`
              : 'No other browser was signed in.'}
          </Alert>
        ) : null}
        <Button type="submit" loading={change.isPending}>
          {settings.hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
