import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './class-names.ts';
import { FieldMessages, useFieldIds } from './field.tsx';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export function Checkbox({
  label,
  hint,
  error,
  id,
  className,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: CheckboxProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(
    id,
    { hint, error },
    ariaDescribedBy,
  );
  return (
    <div className="ln-field">
      <div className="ln-check">
        <input
          {...inputProps}
          type="checkbox"
          id={controlId}
          className={cx('ln-checkbox', className)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={controlId} className="ln-label">
          {label}
        </label>
      </div>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
