import { CredentialsForm } from './credentials-form.tsx';
import { WithSocialSignIn } from './with-social-sign-in.tsx';

/** The island on /account/sign-up. */
export default function SignUpForm() {
  return (
    <WithSocialSignIn>
      <CredentialsForm mode="signUp" />
    </WithSocialSignIn>
  );
}
