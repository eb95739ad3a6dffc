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

/** What a labelled control receives from `LabelledField`. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface LabelledFieldProps extends FieldMessageProps {
  label: ReactNode;
  id?: string | undefined;
  /** Descriptions of the caller's own, listed before the hint and the error. */
  describedBy?: string | undefined;
  children(control: FieldControlProps): ReactNode;
}

/**
 * The label / control / hint / error layout shared by the form controls: the label points at
 * the control, and the control is described by its hint and error and marked invalid by an error.
 */
export function LabelledField({
  label,
  hint,
  error,
  id,
  describedBy,
  children,
}: LabelledFieldProps) {
  const ids = useFieldIds(id, { hint, error }, describedBy);
  return (
    <div className="ln-field">
      <label htmlFor={ids.controlId} className="ln-label">
        {label}
      </label>
      {children({
        id: ids.controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': ids.describedBy,
      })}
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
