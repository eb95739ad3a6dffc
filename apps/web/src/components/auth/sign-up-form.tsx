import { CredentialsForm } from './credentials-form.tsx';

/** The island on /account/sign-up. */
export default function SignUpForm() {
  return <CredentialsForm mode="signUp" />;
}
