import { FSBO_LISTING_TEXTS as T } from '@lantern/domain';
import { Button } from '@lantern/ui';
import type { TSaveIntent } from '../hooks/use-fsbo-step-save.ts';

/**
 * The ways out of a step: keep it as a draft and stay, or save and go on. A published listing
 * has one: save the change (it must stay complete). Both are submit buttons of the step's form.
 */
export function FsboStepActions({
  saving,
  onIntent,
  published,
}: {
  saving: TSaveIntent | null;
  onIntent(intent: TSaveIntent): void;
  published: boolean;
}) {
  return (
    <p className="ds-actions">
      {published ? null : (
        <Button
          type="submit"
          variant="secondary"
          loading={saving === 'draft'}
          disabled={saving !== null}
          onClick={() => onIntent('draft')}
        >
          {T.saveDraft}
        </Button>
      )}
      <Button
        type="submit"
        loading={saving === 'continue'}
        disabled={saving !== null}
        onClick={() => onIntent('continue')}
      >
        {published ? T.saveChanges : T.saveAndContinue}
      </Button>
    </p>
  );
}
