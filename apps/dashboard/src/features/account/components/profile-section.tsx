import { type TAccountSettings, ZProfileRequestSchema } from '@lantern/contracts';
import {
  Alert,
  Button,
  fieldError,
  formError,
  PhoneInput,
  type PhoneValue,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useRef, useState } from 'react';
import { useSaveProfile } from '../api/account.ts';
import { focusFirstInvalid, SettingsSection, useFocusInvalid } from './settings-section.tsx';

/** What the phone input holds, as the profile request takes it: E.164, or empty to clear it. */
const phoneOf = (value: PhoneValue) => (value.text.trim() ? (value.e164 ?? value.text) : '');

/** Name and phone number. */
export function ProfileSection({ settings }: { settings: TAccountSettings }) {
  const save = useSaveProfile();
  const form = useRef<HTMLFormElement>(null);
  const [phone, setPhone] = useState<PhoneValue | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZProfileRequestSchema, {
    defaultValues: { name: settings.name ?? '', phone: settings.phone ?? '' },
  });
  // The phone input is not a plain input (its value is the formatted text): focus the first
  // invalid control once the errors have rendered.
  useFocusInvalid(form, errors.name ?? errors.phone);

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      setSaved(true);
    } catch (error) {
      setApiErrors(error, setError, ['name', 'phone'], { focus: false });
    }
  });

  return (
    <SettingsSection title="Your details">
      <form
        ref={form}
        className="ds-form"
        noValidate
        onSubmit={(e) => {
          setSaved(false);
          if (phone?.error) {
            e.preventDefault();
            return focusFirstInvalid(form.current);
          }
          void submit(e);
        }}
      >
        <TextField
          {...register('name')}
          label="Name"
          autoComplete="name"
          error={fieldError(errors, 'name')}
        />
        <PhoneInput
          label="Contact phone"
          defaultValue={settings.phone ?? ''}
          autoComplete="tel"
          hint="So the people working on your property can call you. Optional."
          error={fieldError(errors, 'phone') ?? phone?.error}
          onChange={(value) => {
            setPhone(value);
            setValue('phone', phoneOf(value));
          }}
        />
        {formError(errors) ? <Alert tone="danger">{formError(errors)}</Alert> : null}
        {saved ? <Alert tone="success">Your details are saved.</Alert> : null}
        <Button type="submit" loading={isSubmitting}>
          Save details
        </Button>
      </form>
    </SettingsSection>
  );
}
