import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './class-names.ts';
import { FieldMessages, useFieldIds } from './field.tsx';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentPropsWithRef<'select'> {
  label: ReactNode;
  /** Rendered before `children`; pass either or both. */
  options?: ReadonlyArray<SelectOption>;
  /** A first, empty option such as "Select a Property"; with `required` it must be changed. */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A native <select>: the platform's keyboard and screen-reader behaviour come for free. */
export function Select({
  label,
  options,
  placeholder,
  hint,
  error,
  id,
  className,
  children,
  'aria-describedby': ariaDescribedBy,
  ...selectProps
}: SelectProps) {
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
      <select
        {...selectProps}
        id={controlId}
        className={cx('ln-select', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
