import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldMessages, useFieldIds } from './field.tsx';

/** A labelled <textarea> with hint and error, laid out and described like TextField. */
export function TextAreaField({
  label,
  hint,
  error,
  id,
  ...props
}: ComponentPropsWithRef<'textarea'> & { label: ReactNode; hint?: ReactNode; error?: ReactNode }) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, { hint, error });
  return (
    <div className="ln-field">
      <label htmlFor={controlId} className="ln-label">
        {label}
      </label>
      <textarea
        rows={4}
        {...props}
        id={controlId}
        className="ln-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
