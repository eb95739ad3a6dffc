import type { ComponentPropsWithRef } from 'react';

export interface SpinnerProps extends ComponentPropsWithRef<'span'> {
  /** What is loading, read by screen readers. */
  label?: string;
}

export function Spinner({ label = 'Loading…', className, ...props }: SpinnerProps) {
  return (
    <span role="status" {...props} className={className}>
      <span className="ln-spinner" aria-hidden="true" />
      <span className="ln-visually-hidden">{label}</span>
    </span>
  );
}
