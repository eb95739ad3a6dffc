import type { TAccountSettings } from '@lantern/contracts';
import { ApiError } from '@lantern/contracts/api-client';
import { Alert, Button, PhoneInput, type PhoneValue, TextField } from '@lantern/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useSaveProfile } from '../api/account.ts';
import { focusFirstInvalid, SettingsSection, useFocusInvalid } from './settings-section.tsx';

/** Name and phone number. */
export function ProfileSection({ settings }: { settings: TAccountSettings }) {
  const save = useSaveProfile();
  const form = useRef<HTMLFormElement>(null);
  const [phone, setPhone] = useState<PhoneValue | null>(null);
  const [saved, setSaved] = useState(false);
  const error = save.error instanceof ApiError ? save.error : null;
  useFocusInvalid(form, error);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    if (phone?.error) return focusFirstInvalid(form.current);
    const name = String(new FormData(e.currentTarget).get('name') ?? '');
    const phoneValue = phone
      ? phone.text.trim()
        ? (phone.e164 ?? phone.text)
        : ''
      : (settings.phone ?? '');
    save.mutate({ name, phone: phoneValue }, { onSuccess: () => setSaved(true) });
  };

  return (
    <SettingsSection title="Your details">
      <form ref={form} className="ds-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          defaultValue={settings.name ?? ''}
          error={error?.field('name')}
        />
        <PhoneInput
          label="Contact phone"
          defaultValue={settings.phone ?? ''}
          autoComplete="tel"
          hint="So the people working on your property can call you. Optional."
          error={error?.field('phone') ?? phone?.error}
          onChange={setPhone}
        />
        {saved ? <Alert tone="success">Your details are saved.</Alert> : null}
        <Button type="submit" loading={save.isPending}>
          Save details
        </Button>
      </form>
    </SettingsSection>
  );
}
