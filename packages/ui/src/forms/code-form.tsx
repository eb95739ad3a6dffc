import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Alert } from '../alert.tsx';
import { Button, type ButtonVariant } from '../button.tsx';
import { TextField } from '../text-field.tsx';
import { fieldError, formError, setApiErrors } from './api-errors.ts';
import { useSchemaForm } from './use-schema-form.ts';

export interface CodeFormProps {
  /** The contract's schema for `{ code }` (phone or two-factor): its messages are shown as is. */
  schema: z.ZodType<{ code: string }, { code: string }>;
  label: string;
  hint?: string;
  /** A 6-digit code: the numeric keyboard and a 6-character limit. */
  digits?: boolean;
  /** Shown above the form-level error, such as where the code was sent. */
  intro?: ReactNode;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  /** Buttons beside the submit button (cancel, start again). */
  actions?: ReactNode;
  /**
   * Sends the code. A rejection is shown: its field error under the input, anything else above
   * the form. Handle answers that replace the form (an expired code) before rejecting.
   */
  onSubmit: (body: { code: string }) => Promise<unknown>;
}

/**
 * The one code-entry form (docs/decisions/021-front-end-forms.md): a texted phone code, an
 * authenticator code to turn two-step sign-in on, or a code or recovery code to turn it off.
 * Any failed attempt puts the person back in the field.
 */
export function CodeForm({
  schema,
  label,
  hint,
  digits = false,
  intro,
  submitLabel,
  submitVariant = 'primary',
  actions,
  onSubmit,
}: CodeFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, { defaultValues: { code: '' } });

  const submit = handleSubmit(
    async (body) => {
      try {
        await onSubmit(body);
      } catch (error) {
        setApiErrors(error, setError, ['code'], { focus: false });
        setFocus('code');
      }
    },
    () => setFocus('code'),
  );

  const message = formError(errors);
  return (
    <form className="ln-code-form" noValidate onSubmit={submit}>
      {intro}
      {message ? <Alert tone="danger">{message}</Alert> : null}
      <TextField
        {...register('code')}
        label={label}
        {...(hint ? { hint } : {})}
        {...(digits ? { inputMode: 'numeric' as const, maxLength: 6 } : {})}
        autoComplete="one-time-code"
        required
        error={fieldError(errors, 'code')}
      />
      <div className="ln-code-form__actions">
        <Button type="submit" variant={submitVariant} loading={isSubmitting}>
          {submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
}
