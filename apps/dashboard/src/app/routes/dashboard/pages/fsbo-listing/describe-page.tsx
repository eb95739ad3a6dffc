import {
  fsboDescribeIssues,
  type TFsboListing,
  ZFsboDescribeRequestSchema,
} from '@lantern/contracts';
import {
  FSBO_FEATURES,
  findFairHousingPhrases,
  FSBO_LISTING_FIELD_LABELS as L,
  FSBO_LISTING_TEXTS as T,
} from '@lantern/domain';
import { fieldError, setApiErrors, useSchemaForm } from '@lantern/ui';
import type { Path } from 'react-hook-form';
import { RemarksField } from '../../../../../components/remarks-field.tsx';
import { useSaveDescribe } from '../../../../../features/fsbo-listing/api/listing.ts';
import { useFsboStepSave } from '../../../../../features/fsbo-listing/hooks/use-fsbo-step-save.ts';
import { FsboStepFooter } from './step-footer.tsx';
import { FsboStepFrame, stepForm } from './step-frame.tsx';
import { showIssues } from './values.ts';

const ZValuesSchema = ZFsboDescribeRequestSchema.pick({ describe: true });
type Values = { describe: TFsboListing['describe'] };

/**
 * Step 3: the description, under the MLS remarks' rules (no contact details, 4,000 characters,
 * fair-housing phrases named as the seller types), and features from our list.
 */
export function FsboDescribePage() {
  return <FsboStepFrame step="describe">{stepForm(DescribeForm)}</FsboStepFrame>;
}

function DescribeForm({ listing, property }: { listing: TFsboListing; property: string }) {
  const save = useSaveDescribe();
  const published = listing.status === 'published';
  const { intent, saved, run } = useFsboStepSave('media', property);
  const form = useSchemaForm(ZValuesSchema, {
    defaultValues: { describe: { remarks: '', features: [], ...listing.describe } },
  });
  const { errors, isSubmitting } = form.formState;
  const err = (name: Path<Values>) => fieldError(errors, name);
  const remarks = String(form.watch('describe.remarks') ?? '');
  const phrases = findFairHousingPhrases(remarks);

  const submit = form.handleSubmit(async (values) => {
    if (intent.current === 'continue' || published) {
      if (showIssues(form.setError, 'describe', fsboDescribeIssues(values.describe))) return;
    }
    await run(
      (finish) => save.mutateAsync({ property, describe: values.describe, finish }),
      (error) =>
        setApiErrors(error, form.setError, [
          'describe.remarks',
          'describe.features',
        ] as Path<Values>[]),
      published,
    );
  });

  const featuresError = err('describe.features');
  return (
    <form onSubmit={submit} noValidate aria-label="Description">
      <fieldset disabled={!listing.canEdit} className="ds-fieldset-plain">
        <RemarksField
          label={L.remarks}
          hint={L.remarksHint}
          rows={8}
          value={remarks}
          error={err('describe.remarks')}
          {...form.register('describe.remarks')}
        />
        <div role="status" className="ds-warnings">
          {phrases.length > 0 ? (
            <ul>
              {phrases.map((phrase) => (
                <li key={phrase} className="ln-alert ln-alert--warning">
                  {T.fairHousingWarning(phrase)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <fieldset
          className="ln-field"
          aria-describedby={featuresError ? 'features-error' : undefined}
        >
          <legend className="ln-label">{L.features}</legend>
          {FSBO_FEATURES.map((f) => (
            <div className="ln-check" key={f.value}>
              <input
                type="checkbox"
                id={`feature-${f.value}`}
                value={f.value}
                className="ln-checkbox"
                {...form.register('describe.features')}
              />
              <label htmlFor={`feature-${f.value}`} className="ln-label">
                {f.label}
              </label>
            </div>
          ))}
          {featuresError ? (
            <p id="features-error" className="ln-field__error">
              {featuresError}
            </p>
          ) : null}
        </fieldset>
      </fieldset>
      <FsboStepFooter
        listing={listing}
        errors={errors}
        saved={saved}
        submitting={isSubmitting}
        intent={intent}
      />
    </form>
  );
}
