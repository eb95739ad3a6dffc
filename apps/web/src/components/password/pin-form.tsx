import {
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_PATHS,
  ZAuthSuccessSchema,
  ZPasswordPinResetSchema,
} from '@lantern/contracts';
import { ApiError, api } from '@lantern/contracts/api-client';
import { Alert, Button, TextField } from '@lantern/ui';
import { type SubmitEvent, useEffect, useState } from 'react';
import { AuthForm } from '../auth/auth-form.tsx';
import { errorsFromFailure, type FormErrors, safeRedirect, validate } from '../auth/form-errors.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PIN_EMAIL_KEY } from './request-form.tsx';

const FIELDS = ['email', 'pin', 'password', 'password_confirmation'] as const;

/** The island on /password/pin (Reset PIN): the texted PIN and the new password. */
export default function PasswordPinForm() {
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const [voided, setVoided] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => setEmail(sessionStorage.getItem(PIN_EMAIL_KEY) ?? ''), []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const focusFirst = (next: FormErrors) => {
      const first = FIELDS.find((name) => next.fields[name]);
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
    };
    const checked = validate(ZPasswordPinResetSchema, {
      email: String(data.get('email') ?? ''),
      pin: String(data.get('pin') ?? ''),
      password: String(data.get('password') ?? ''),
      password_confirmation: String(data.get('password_confirmation') ?? ''),
    });
    if (!checked.ok) {
      const next = { fields: checked.fields };
      setErrors(next);
      return focusFirst(next);
    }
    setErrors({ fields: {} });
    setBusy(true);
    try {
      const result = await api.post(PASSWORD_RESET_PATHS.pinReset, checked.data, {
        schema: ZAuthSuccessSchema,
      });
      sessionStorage.removeItem(PIN_EMAIL_KEY);
      window.location.assign(safeRedirect(result.redirect));
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 410) {
        setVoided(error.body.message || PASSWORD_RESET_MESSAGES.pinVoid);
        return;
      }
      if (error instanceof ApiError && error.status === 403 && !error.body.errors) {
        return window.location.assign(PASSWORD_RESET_PATHS.incorrectAccount);
      }
      const next = errorsFromFailure(error, FIELDS);
      setErrors(next);
      focusFirst(next);
    }
  }

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
    <AuthForm busy={busy} formError={errors.form} onSubmit={onSubmit}>
      <TextField
        key={email ?? 'loading'}
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        defaultValue={email ?? ''}
        required
        error={errors.fields.email}
      />
      <TextField
        label="PIN from the text message"
        name="pin"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        error={errors.fields.pin}
      />
      <NewPasswordFields errors={errors.fields} />
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
