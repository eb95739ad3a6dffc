import {
  ApiError,
  fieldErrors,
  MESSAGES,
  PATHS,
  TWO_FACTOR_PATHS,
  ZAuthSuccessSchema,
  ZLoginRequestSchema,
  ZSignUpRequestSchema,
} from '@lantern/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { Alert } from '../alert.tsx';
import { Button } from '../button.tsx';
import { Checkbox } from '../checkbox.tsx';
import { TextField } from '../text-field.tsx';
import type { UserAreaClient } from './use-user-area.ts';

type Mode = 'login' | 'signUp';
type Errors = { email?: string; password?: string; form?: string };

const MODES = {
  login: { schema: ZLoginRequestSchema, path: PATHS.login },
  signUp: { schema: ZSignUpRequestSchema, path: PATHS.signUp },
} as const;

function firstErrors(map: Record<string, string[]> | undefined): Errors {
  return { email: map?.email?.[0], password: map?.password?.[0] };
}

/**
 * The signed-out form of the user-area dropdown (spec section 2): email, password, Remember me,
 * the newsletter opt-in (sent as promoOptin), Login and Signup. Field errors show under the
 * inputs; success resets the form and hands over to `onSignedIn`.
 */
export function SignInForm({
  api,
  onSignedIn,
}: {
  api: UserAreaClient;
  onSignedIn: (how: Mode) => void;
}) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<Mode | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function send(mode: Mode) {
    const form = formRef.current;
    if (!form || busy) return;
    const data = new FormData(form);
    const checked = MODES[mode].schema.safeParse({
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
      remember: data.get('remember') === 'on',
      promoOptin: data.get('promoOptin') === 'on',
    });
    if (!checked.success) return show(firstErrors(fieldErrors(checked.error)));
    setErrors({});
    setBusy(mode);
    try {
      const result = await api.post(MODES[mode].path, checked.data, {
        schema: ZAuthSuccessSchema,
      });
      form.reset();
      // Two-step sign-in: no session yet; the code is asked for on its own page.
      if (result.twoFactor) return window.location.assign(TWO_FACTOR_PATHS.challenge);
      onSignedIn(mode);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = firstErrors(error.body.errors);
        const form = fields.email || fields.password ? undefined : error.body.message;
        show({
          ...fields,
          form: form || (fields.email || fields.password ? undefined : MESSAGES.serverError),
        });
      } else {
        show({ form: MESSAGES.networkError });
      }
    } finally {
      setBusy(null);
    }
  }

  function show(next: Errors) {
    setErrors(next);
    const first = next.email ? 'email' : next.password ? 'password' : undefined;
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  return (
    <form
      ref={formRef}
      className="ln-sign-in"
      noValidate
      aria-label="Log in or sign up"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send('login');
      }}
    >
      {errors.form ? <Alert tone="danger">{errors.form}</Alert> : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      <div className="ln-sign-in__options">
        <Checkbox label="Remember me" name="remember" />
        <a href={PATHS.forgotPassword}>Forgot password?</a>
      </div>
      <Checkbox label="Sign me up for the newsletter" name="promoOptin" />
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
