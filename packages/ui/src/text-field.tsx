import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './class-names.ts';
import { LabelledField } from './field.tsx';

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
  'aria-describedby': describedBy,
  ...inputProps
}: TextFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error} id={id} describedBy={describedBy}>
      {(control) => (
        <input type="text" {...inputProps} {...control} className={cx('ln-input', className)} />
      )}
    </LabelledField>
  );
}
