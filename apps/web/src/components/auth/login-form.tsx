import { CredentialsForm } from './credentials-form.tsx';

/** The island on /account/login. */
export default function LoginForm() {
  return <CredentialsForm mode="login" />;
}
