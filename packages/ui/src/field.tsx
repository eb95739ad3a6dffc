import { type ReactNode, useId } from 'react';

export interface FieldMessageProps {
  hint?: ReactNode;
  error?: ReactNode;
}

/** Ids that tie a control to its hint and error, and the `aria-describedby` that lists them. */
export function useFieldIds(
  id: string | undefined,
  { hint, error }: FieldMessageProps,
  extraDescribedBy?: string,
) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [extraDescribedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

/** The hint and error lines under a control; ids come from `useFieldIds`. */
export function FieldMessages({
  hint,
  error,
  hintId,
  errorId,
}: FieldMessageProps & { hintId?: string | undefined; errorId?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="ln-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ln-field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}
