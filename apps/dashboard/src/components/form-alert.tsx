import { Alert, formError } from '@lantern/ui';
import type { FieldErrors } from 'react-hook-form';

/** A form's own message (the failure of its request that belongs to no one field), if any. */
export function FormAlert({ errors }: { errors: FieldErrors }) {
  const message = formError(errors);
  return message ? <Alert tone="danger">{message}</Alert> : null;
}
