import type { TAccountSettings } from '@lantern/contracts';
import { ApiError } from '@lantern/contracts/api-client';
import { Alert, Button, TextField } from '@lantern/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useChangeEmail } from '../api/account.ts';
import { SettingsSection, useFocusInvalid } from './settings-section.tsx';

/** The sign-in email; changing it asks for the current password. */
export function EmailSection({ settings }: { settings: TAccountSettings }) {
  const change = useChangeEmail();
  const form = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState(false);
  const error = change.error instanceof ApiError ? change.error : null;
  useFocusInvalid(form, error);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    const data = new FormData(e.currentTarget);
    change.mutate(
      {
        email: String(data.get('email') ?? ''),
        currentPassword: String(data.get('currentPassword') ?? ''),
      },
      {
        onSuccess: () => {
          setSaved(true);
          form.current?.reset();
        },
      },
    );
  };

  return (
    <SettingsSection title="Email address">
      <p>
        You sign in as <strong>{settings.email}</strong>.
      </p>
      {settings.hasPassword ? (
        <form ref={form} className="ds-form" onSubmit={onSubmit} noValidate>
          <TextField
            label="New email address"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={error?.field('email')}
          />
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            hint="To keep your account safe, confirm it is you."
            error={error?.field('currentPassword')}
          />
          {error && !error.body.errors ? <Alert tone="danger">{error.message}</Alert> : null}
          {saved ? <Alert tone="success">Your email address is changed.</Alert> : null}
          <Button type="submit" loading={change.isPending}>
            Change email
          </Button>
        </form>
      ) : (
        <p>You sign in with a social account. Set a password below to change your email here.</p>
      )}
    </SettingsSection>
  );
}
