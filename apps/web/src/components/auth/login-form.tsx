import { CredentialsForm } from './credentials-form.tsx';
import { WithSocialSignIn } from './with-social-sign-in.tsx';

/** The island on /account/login. */
export default function LoginForm() {
  return (
    <WithSocialSignIn>
      <CredentialsForm mode="login" />
    </WithSocialSignIn>
  );
}
