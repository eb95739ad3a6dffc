import type { FieldErrors } from 'react-hook-form';
import { Alert } from '../alert.tsx';
import { formError } from './api-errors.ts';

/** The form-level message (`formError`), shown above the form as every form here shows it. */
export function FormError({ errors }: { errors: FieldErrors }) {
  const message = formError(errors);
  return message ? <Alert tone="danger">{message}</Alert> : null;
}
