import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './class-names.ts';
import { FieldMessages, useFieldIds } from './field.tsx';

export interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the input; marks it invalid and joins its description. */
  error?: ReactNode;
}

export function TextField({
  label,
  hint,
  error,
  id,
  className,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(
    id,
    { hint, error },
    ariaDescribedBy,
  );
  return (
    <div className="ln-field">
      <label htmlFor={controlId} className="ln-label">
        {label}
      </label>
      <input
        type="text"
        {...inputProps}
        id={controlId}
        className={cx('ln-input', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
