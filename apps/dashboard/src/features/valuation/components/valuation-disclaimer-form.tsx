import {
  type TValuationDisclaimer,
  VALUATION_DISCLAIMER_MAX,
  ZUpdateValuationDisclaimerRequestSchema,
} from '@lantern/contracts';
import {
  Button,
  FormError,
  fieldError,
  setApiErrors,
  TextAreaField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { useSetValuationDisclaimer } from '../api/valuation-disclaimers.ts';

/**
 * One state's valuation disclaimer (docs/decisions/062), in a dialog. The words typed stay in
 * the field whatever goes wrong: a refusal is shown under it, and `onDraft` lets the page keep
 * them if the dialog is closed by Escape or a click outside it; only Cancel forgets them.
 */
export function ValuationDisclaimerForm({
  disclaimer,
  draft,
  onDraft,
  onSaved,
  onCancel,
}: {
  disclaimer: TValuationDisclaimer;
  /** What was typed before the dialog was last closed unsaved, if anything. */
  draft: string | undefined;
  onDraft: (text: string) => void;
  /** After a save; `text` null when the state now carries our default wording. */
  onSaved: (text: string | null) => void;
  /** Close without saving, forgetting what was typed. */
  onCancel: () => void;
}) {
  const save = useSetValuationDisclaimer();
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useSchemaForm(ZUpdateValuationDisclaimerRequestSchema, {
    defaultValues: { text: draft ?? disclaimer.text ?? '' },
  });
  // Whether the dialog opened on words typed before and not saved (not what is typed now).
  const [restored] = useState(draft !== undefined && draft !== (disclaimer.text ?? ''));
  const send = async (text: string) => {
    try {
      const saved = await save.mutateAsync({ state: disclaimer.state, text });
      onSaved(saved.text);
    } catch (error) {
      // The state is the dialog's own, not typed: a refusal of it is the form's.
      setApiErrors(error, setError, ['text'], { aboveForm: ['state'] });
    }
  };
  // The words as typed go, as before: the API trims them and makes an empty text null itself.
  const submit = handleSubmit(() => send(getValues('text') ?? ''));
  const toDefault = () => {
    clearErrors();
    void send('');
  };
  const length = (watch('text') ?? '').trim().length;

  return (
    <form onSubmit={submit} noValidate>
      <FormError errors={errors} />
      {restored ? <p className="ds-muted">Your unsaved wording is back in the field.</p> : null}
      <TextAreaField
        {...register('text', { onChange: (e) => onDraft(e.target.value) })}
        label={`Disclaimer for ${disclaimer.stateName}`}
        rows={8}
        hint={`One paragraph; line breaks are fine. ${length.toLocaleString('en-US')} of ${VALUATION_DISCLAIMER_MAX.toLocaleString('en-US')} characters. Never write “appraised”, “market value” or “broker price opinion”. Leave it empty to use our default wording.`}
        error={fieldError(errors, 'text')}
      />
      <div className="adm-actions">
        <Button type="submit" loading={save.isPending}>
          Save disclaimer
        </Button>
        {disclaimer.text !== null ? (
          <Button type="button" variant="secondary" disabled={save.isPending} onClick={toDefault}>
            Use our default wording
          </Button>
        ) : null}
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
