import { Alert } from '@lantern/ui';
import type { ComponentPropsWithoutRef, Key, ReactNode } from 'react';

export interface AuthFormProps
  extends Omit<ComponentPropsWithoutRef<'form'>, 'className' | 'method' | 'noValidate'> {
  busy: boolean;
  /** The message that belongs to no one field, shown above the fields. */
  formError?: ReactNode;
  /** A new key re-announces the same message after another failed attempt. */
  alertKey?: Key;
}

/**
 * The frame of every account form on the public site (log in, sign up, password reset, PIN,
 * two-factor challenge): a POST form the island validates itself, busy while a request is out,
 * with the form-level error above the fields.
 */
export function AuthForm({ busy, formError, alertKey, children, ...props }: AuthFormProps) {
  return (
    <form className="auth-form" method="post" noValidate aria-busy={busy || undefined} {...props}>
      {formError ? (
        <Alert key={alertKey} tone="danger" className="auth-form__alert">
          {formError}
        </Alert>
      ) : null}
      {children}
    </form>
  );
}
