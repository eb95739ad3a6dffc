import {
  fsboBasicsIssues,
  PUBLIC_PROPERTY_TYPES,
  type TFsboListing,
  ZFsboBasicsRequestSchema,
} from '@lantern/contracts';
import { FSBO_LISTING_FIELD_LABELS as L } from '@lantern/domain';
import { fieldError, Select, setApiErrors, TextField, useSchemaForm } from '@lantern/ui';
import type { Path } from 'react-hook-form';
import { useSaveBasics } from '../../../../../features/fsbo-listing/api/listing.ts';
import { useFsboStepSave } from '../../../../../features/fsbo-listing/hooks/use-fsbo-step-save.ts';
import { FsboStepFooter } from './step-footer.tsx';
import { FsboStepFrame, stepForm } from './step-frame.tsx';
import { asNumber, blankAsUndefined, showIssues } from './values.ts';

const ZValuesSchema = ZFsboBasicsRequestSchema.pick({ basics: true });
type Values = { basics: TFsboListing['basics'] };
const FIELDS = [
  'price',
  'propertyType',
  'bedrooms',
  'bathrooms',
  'livingArea',
  'yearBuilt',
] as const;

/** Step 1: price, kind of property, rooms, size and year. */
export function FsboBasicsPage() {
  return <FsboStepFrame step="basics">{stepForm(BasicsForm)}</FsboStepFrame>;
}

function BasicsForm({ listing, property }: { listing: TFsboListing; property: string }) {
  const save = useSaveBasics();
  const published = listing.status === 'published';
  const { intent, saved, run } = useFsboStepSave('contact', property);
  const form = useSchemaForm(ZValuesSchema, { defaultValues: { basics: listing.basics } });
  const { errors, isSubmitting } = form.formState;
  const err = (name: Path<Values>) => fieldError(errors, name);
  const type = form.watch('basics.propertyType');

  const submit = form.handleSubmit(async (values) => {
    if (intent.current === 'continue' || published) {
      // The complete step's words before a round trip; the server checks again.
      if (showIssues(form.setError, 'basics', fsboBasicsIssues(values.basics))) return;
    }
    await run(
      (finish) => save.mutateAsync({ property, basics: values.basics, finish }),
      (error) =>
        setApiErrors(
          error,
          form.setError,
          FIELDS.map((f) => `basics.${f}` as Path<Values>),
        ),
      published,
    );
  });

  const number = (name: Exclude<(typeof FIELDS)[number], 'propertyType'>, hint?: string) => (
    <TextField
      label={L[name]}
      inputMode="decimal"
      hint={hint}
      error={err(`basics.${name}`)}
      {...form.register(`basics.${name}`, { setValueAs: asNumber })}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Basics">
      <fieldset disabled={!listing.canEdit} className="ds-fieldset-plain">
        {number('price')}
        <Select
          label={L.propertyType}
          placeholder="Choose one"
          options={PUBLIC_PROPERTY_TYPES}
          error={err('basics.propertyType')}
          {...form.register('basics.propertyType', { setValueAs: blankAsUndefined })}
        />
        {type === 'land' ? null : (
          <>
            {number('bedrooms')}
            {number('bathrooms', L.bathroomsHint)}
            {number('livingArea')}
          </>
        )}
        {number('yearBuilt')}
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
