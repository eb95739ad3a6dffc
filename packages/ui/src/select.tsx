import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './class-names.ts';
import { LabelledField } from './field.tsx';

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
  'aria-describedby': describedBy,
  ...selectProps
}: SelectProps) {
  return (
    <LabelledField label={label} hint={hint} error={error} id={id} describedBy={describedBy}>
      {(control) => (
        <select {...selectProps} {...control} className={cx('ln-select', className)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
      )}
    </LabelledField>
  );
}
