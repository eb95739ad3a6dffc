import { PASSWORD_RESET_MESSAGES } from '@lantern/contracts';
import { Alert } from '@lantern/ui';
import { useEffect, useState } from 'react';
import { CredentialsForm } from './credentials-form.tsx';
import { WithSocialSignIn } from './with-social-sign-in.tsx';

/** The island on /account/login; `?reset=1` (after a password reset) says the change worked. */
export default function LoginForm() {
  const [afterReset, setAfterReset] = useState(false);
  useEffect(() => {
    setAfterReset(new URLSearchParams(window.location.search).get('reset') === '1');
  }, []);
  return (
    <>
      {afterReset ? (
        <Alert tone="success" className="auth-form__alert">
          {PASSWORD_RESET_MESSAGES.done}
        </Alert>
      ) : null}
      <WithSocialSignIn>
        <CredentialsForm mode="login" />
      </WithSocialSignIn>
    </>
  );
}
