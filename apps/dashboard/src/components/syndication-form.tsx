import {
  LISTING_SYNDICATION_CHOICES,
  LISTING_SYNDICATION_TEXTS as LS,
  type TListingSyndication,
  ZListingSyndicationFormSchema,
} from '@lantern/contracts';
import {
  Alert,
  Button,
  Checkbox,
  FormError,
  fieldError,
  setApiErrors,
  useSchemaForm,
} from '@lantern/ui';
import { type ReactNode, useState } from 'react';

const FIELDS = LISTING_SYNDICATION_CHOICES.map((c) => `syndication.${c.key}` as const);

export interface SyndicationFormProps {
  /** The choices stored, or the defaults the owners start from. */
  value: TListingSyndication;
  /** Stores them (throws the API's error, which lands on the fields). */
  onSave: (syndication: TListingSyndication) => Promise<unknown>;
  submitLabel: string;
  /** Names the form for assistive technology. */
  label: string;
  /** Shown instead of the button when the choices cannot be changed now. */
  readOnly?: string | null;
  /** Said once saved (nothing for a save that moves on to another page). */
  savedText?: string;
  /** Above the button: what else the form's button does. */
  children?: ReactNode;
}

/**
 * Where a listing may appear beyond our site (issue 49): the five choices as checkboxes with
 * their hints, shared by the MLS listing's sign and manage steps and the FSBO publish and manage
 * steps. The hints are each box's description; the legend names the group.
 */
export function SyndicationForm(props: SyndicationFormProps) {
  const { value, onSave, submitLabel, label, readOnly, savedText, children } = props;
  const form = useSchemaForm(ZListingSyndicationFormSchema, {
    defaultValues: { syndication: value },
  });
  const [saved, setSaved] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      await onSave(values.syndication);
      form.reset(values);
      setSaved(true);
    } catch (error) {
      setApiErrors(error, form.setError, FIELDS);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="ds-syndication">
      <fieldset disabled={!!readOnly} className="ds-fieldset-plain">
        <legend className="ds-syndication__legend">{LS.legend}</legend>
        <p className="ds-syndication__intro">{LS.intro}</p>
        {LISTING_SYNDICATION_CHOICES.map((c) => (
          <Checkbox
            key={c.key}
            label={c.label}
            hint={c.hint}
            error={fieldError(errors, `syndication.${c.key}`)}
            {...form.register(`syndication.${c.key}`)}
          />
        ))}
      </fieldset>
      {readOnly ? <Alert tone="info">{readOnly}</Alert> : children}
      <FormError errors={errors} />
      <div role="status">
        {saved && savedText ? (
          <Alert tone="success" announce={false}>
            {savedText}
          </Alert>
        ) : null}
      </div>
      {readOnly ? null : (
        <p className="ds-actions">
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </p>
      )}
    </form>
  );
}
