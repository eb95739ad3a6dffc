import {
  type TValuationDisclaimer,
  VALUATION_DISCLAIMER_MAX,
  ZUpdateValuationDisclaimerRequestSchema,
} from '@lantern/contracts';
import { ApiError } from '@lantern/domain/api-client';
import { Alert, Button, TextAreaField } from '@lantern/ui';
import { type FormEvent, useState } from 'react';
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
  const [text, setText] = useState(draft ?? disclaimer.text ?? '');
  // Whether the dialog opened on words typed before and not saved (not what is typed now).
  const [restored] = useState(draft !== undefined && draft !== (disclaimer.text ?? ''));
  const [checkError, setCheckError] = useState<string | undefined>();
  const apiError = save.error instanceof ApiError ? save.error : null;
  const fieldError = checkError ?? apiError?.field('text') ?? apiError?.field('state');
  const otherError = save.error && !fieldError ? save.error.message : undefined;

  const send = (value: string) => {
    const checked = ZUpdateValuationDisclaimerRequestSchema.safeParse({ text: value });
    if (!checked.success) {
      setCheckError(checked.error.issues[0]?.message);
      return;
    }
    setCheckError(undefined);
    save.mutate(
      { state: disclaimer.state, text: value },
      { onSuccess: (saved) => onSaved(saved.text) },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(text);
  };
  const length = text.trim().length;

  return (
    <form onSubmit={submit} noValidate>
      {otherError ? <Alert tone="danger">{otherError}</Alert> : null}
      {restored ? <p className="ds-muted">Your unsaved wording is back in the field.</p> : null}
      <TextAreaField
        label={`Disclaimer for ${disclaimer.stateName}`}
        rows={8}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onDraft(e.target.value);
        }}
        hint={`One paragraph; line breaks are fine. ${length.toLocaleString('en-US')} of ${VALUATION_DISCLAIMER_MAX.toLocaleString('en-US')} characters. Never write “appraised”, “market value” or “broker price opinion”. Leave it empty to use our default wording.`}
        error={fieldError}
      />
      <div className="adm-actions">
        <Button type="submit" loading={save.isPending}>
          Save disclaimer
        </Button>
        {disclaimer.text !== null ? (
          <Button
            type="button"
            variant="secondary"
            disabled={save.isPending}
            onClick={() => send('')}
          >
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
