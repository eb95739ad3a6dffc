import type { TFsboListing } from '@lantern/contracts';
import { FSBO_LISTING_TEXTS as T } from '@lantern/domain';
import { FormError } from '@lantern/ui';
import type { RefObject } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { FsboStepActions } from '../../../../../features/fsbo-listing/components/fsbo-step-actions.tsx';
import type { TSaveIntent } from '../../../../../features/fsbo-listing/hooks/use-fsbo-step-save.ts';

/** The end of each editing step's form: what went wrong, what was saved, and the two buttons. */
export function FsboStepFooter({
  listing,
  errors,
  saved,
  submitting,
  intent,
}: {
  listing: TFsboListing;
  errors: FieldErrors;
  saved: boolean;
  submitting: boolean;
  /** The button pressed (a ref: its click and the form's submit come in the same task). */
  intent: RefObject<TSaveIntent>;
}) {
  const published = listing.status === 'published';
  return (
    <>
      <FormError errors={errors} />
      {saved ? <p role="status">{published ? T.changesSaved : T.draftSaved}</p> : null}
      {listing.canEdit ? (
        <FsboStepActions
          published={published}
          saving={submitting ? intent.current : null}
          onIntent={(i) => {
            intent.current = i;
          }}
        />
      ) : null}
    </>
  );
}
