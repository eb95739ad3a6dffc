import { zodResolver } from '@hookform/resolvers/zod';
import {
  NEWSLETTER_OPT_IN_LABEL,
  type TLoginRequest,
  TWO_FACTOR_PATHS,
  ZAuthSuccessSchema,
  ZLoginRequestSchema,
  ZSignUpRequestSchema,
} from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../alert.tsx';
import { Button } from '../button.tsx';
import { Checkbox } from '../checkbox.tsx';
import { fieldError, formError, setApiErrors } from '../forms/api-errors.ts';
import { TextField } from '../text-field.tsx';
import type { UserAreaClient } from './use-user-area.ts';

type Mode = 'login' | 'signUp';

const MODES = {
  login: { resolver: zodResolver(ZLoginRequestSchema), path: PATHS.login },
  signUp: { resolver: zodResolver(ZSignUpRequestSchema), path: PATHS.signUp },
} as const;

/**
 * The signed-out form of the user-area dropdown (spec section 2): email, password, Remember me,
 * the newsletter opt-in (sent as promoOptin), Login and Signup. Field errors show under the
 * inputs; success resets the form and hands over to `onSignedIn`. The button pressed decides
 * which contract checks the fields (sign-up applies the password policy).
 */
export function SignInForm({
  api,
  onSignedIn,
}: {
  api: UserAreaClient;
  onSignedIn: (how: Mode) => void;
}) {
  const [busy, setBusy] = useState<Mode | null>(null);
  const mode = useRef<Mode>('login');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<TLoginRequest, unknown, z.output<typeof ZLoginRequestSchema>>({
    resolver: (values, context, options) => MODES[mode.current].resolver(values, context, options),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '', remember: false, promoOptin: false },
  });

  function send(how: Mode) {
    if (busy) return;
    mode.current = how;
    return handleSubmit(async (body) => {
      setBusy(how);
      try {
        const result = await api.post(MODES[how].path, body, { schema: ZAuthSuccessSchema });
        reset();
        // Two-step sign-in: no session yet; the code is asked for on its own page.
        if (result.twoFactor) return window.location.assign(TWO_FACTOR_PATHS.challenge);
        onSignedIn(how);
      } catch (error) {
        setApiErrors(error, setError, ['email', 'password']);
      } finally {
        setBusy(null);
      }
    })();
  }

  const message = formError(errors);
  return (
    <form
      className="ln-sign-in"
      noValidate
      aria-label="Log in or sign up"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send('login');
      }}
    >
      {message ? <Alert tone="danger">{message}</Alert> : null}
      <TextField
        {...register('email')}
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={fieldError(errors, 'email')}
      />
      <TextField
        {...register('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
        error={fieldError(errors, 'password')}
      />
      <div className="ln-sign-in__options">
        <Checkbox {...register('remember')} label="Remember me" />
        <a href={PATHS.forgotPassword}>Forgot password?</a>
      </div>
      <Checkbox {...register('promoOptin')} label={NEWSLETTER_OPT_IN_LABEL} />
      <div className="ln-sign-in__actions">
        <Button type="submit" loading={busy === 'login'} disabled={busy !== null}>
          Login
        </Button>
        <Button
          variant="secondary"
          loading={busy === 'signUp'}
          disabled={busy !== null}
          onClick={() => void send('signUp')}
        >
          Signup
        </Button>
      </div>
    </form>
  );
}
