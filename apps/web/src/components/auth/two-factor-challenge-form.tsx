import {
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PATHS,
  ZAuthSuccessSchema,
  ZTwoFactorCodeSchema,
} from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
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
import { AuthForm } from './auth-form.tsx';
import { safeRedirect } from './auth-redirect.ts';

/**
 * The island on /account/two-factor-challenge: the password (or provider) was right and the
 * server holds a waiting sign-in; this form sends the authenticator or recovery code.
 */
export default function TwoFactorChallengeForm() {
  const [recovery, setRecovery] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [expired, setExpired] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZTwoFactorCodeSchema, { defaultValues: { code: '' } });

  function switchMode() {
    setRecovery((r) => !r);
    // The other kind of code starts from an empty field, as before the switch.
    setValue('code', '');
    clearErrors();
    // The field is re-labelled in place; keep the person in it.
    requestAnimationFrame(() => setFocus('code'));
  }

  const onSubmit = handleSubmit(async (body) => {
    try {
      const result = await api.post(TWO_FACTOR_PATHS.challenge, body, {
        schema: ZAuthSuccessSchema,
      });
      setLeaving(true);
      window.location.assign(safeRedirect(result.redirect));
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) {
        setExpired(error.body.message || TWO_FACTOR_MESSAGES.challengeExpired);
        return;
      }
      setApiErrors(error, setError, ['code'], { focus: false });
      setFocus('code');
    }
  });
  const busy = isSubmitting || leaving;

  if (expired) {
    return (
      <Alert tone="warning">
        <p>{expired}</p>
        <p>
          <a href={PATHS.login}>Go to the login page</a>
        </p>
      </Alert>
    );
  }

  return (
    <AuthForm busy={busy} formError={formError(errors)} onSubmit={onSubmit}>
      <TextField
        {...register('code')}
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={recovery ? 32 : 6}
        required
        hint={
          recovery
            ? 'One of the ten codes you saved when you turned on two-step sign-in, like k7d2m-9xq4p. Each works once.'
            : 'The 6-digit code your authenticator app shows for this account.'
        }
        error={fieldError(errors, 'code')}
      />
      <p className="auth-form__forgot">
        <Button variant="ghost" size="sm" onClick={switchMode}>
          {recovery ? 'Use a code from my authenticator app' : 'Use a recovery code instead'}
        </Button>
      </p>
      <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={!hydrated}>
        {busy ? 'Checking…' : 'Verify and log in'}
      </Button>
    </AuthForm>
  );
}
