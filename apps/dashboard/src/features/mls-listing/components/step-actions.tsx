import { MLS_LISTING_TEXTS } from '@lantern/domain';
import { Button } from '@lantern/ui';

export type TSaveIntent = 'draft' | 'continue';

/**
 * The two ways out of a step: keep it as a draft and stay, or save and go on. Both are submit
 * buttons of the step's form, so Enter in a field saves a draft (the first one).
 */
export function StepActions({
  saving,
  onIntent,
  continueLabel = MLS_LISTING_TEXTS.saveAndContinue,
  draft = true,
}: {
  saving: TSaveIntent | null;
  onIntent(intent: TSaveIntent): void;
  continueLabel?: string;
  /** False where there is nothing to keep as a draft. */
  draft?: boolean;
}) {
  return (
    <p className="ds-actions">
      {draft ? (
        <Button
          type="submit"
          variant="secondary"
          loading={saving === 'draft'}
          disabled={saving !== null}
          onClick={() => onIntent('draft')}
        >
          {MLS_LISTING_TEXTS.saveDraft}
        </Button>
      ) : null}
      <Button
        type="submit"
        loading={saving === 'continue'}
        disabled={saving !== null}
        onClick={() => onIntent('continue')}
      >
        {continueLabel}
      </Button>
    </p>
  );
}
