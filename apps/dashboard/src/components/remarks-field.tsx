import { MLS_LISTING_TEXTS, PUBLIC_REMARKS_MAX } from '@lantern/domain';
import { FieldMessages, useFieldIds } from '@lantern/ui';
import type { ComponentPropsWithRef, ReactNode } from 'react';

export interface RemarksFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The text as typed, for the counter. */
  value: string;
}

/**
 * The public remarks: a textarea with a live "1,234 of 4,000 characters" counter that screen readers hear
 * politely (issue 16). Typing past the limit is allowed, so pasted text is never cut; the counter
 * and the form's check say it is too long.
 */
export function RemarksField({
  label,
  hint,
  error,
  value,
  id,
  'aria-describedby': describedByProp,
  ...textareaProps
}: RemarksFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(
    id,
    { hint, error },
    describedByProp,
  );
  const counterId = `${controlId}-count`;
  const max = PUBLIC_REMARKS_MAX;
  const over = value.length > max;
  return (
    <div className="ln-field">
      <label htmlFor={controlId} className="ln-label">
        {label}
      </label>
      <textarea
        {...textareaProps}
        id={controlId}
        className="ln-input ds-remarks"
        aria-invalid={error || over ? true : undefined}
        aria-describedby={[describedBy, counterId].filter(Boolean).join(' ')}
      />
      <p
        id={counterId}
        className="ds-remarks__count"
        data-over={over || undefined}
        aria-live="polite"
      >
        {MLS_LISTING_TEXTS.remarksCounter(value.length)}
        {over ? ` — ${(value.length - max).toLocaleString('en-US')} over the limit` : ''}
      </p>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
