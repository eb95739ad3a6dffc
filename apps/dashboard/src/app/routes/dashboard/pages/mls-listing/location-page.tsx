import {
  RESO_PROPERTY_SUB_TYPES,
  RESO_PROPERTY_TYPES,
  RESO_SUB_TYPES_BY_TYPE,
  type TMlsListing,
  type TResoPropertyType,
  ZMlsListingLocationRequestSchema,
} from '@lantern/contracts';
import { MLS_LISTING_TEXTS } from '@lantern/domain';
import { Alert, fieldError, formError, Select, setApiErrors, useSchemaForm } from '@lantern/ui';
import { useSaveLocation } from '../../../../../features/mls-listing/api/listing.ts';
import { withReasons } from '../../../../../features/mls-listing/components/return-reasons.tsx';
import { StepActions } from '../../../../../features/mls-listing/components/step-actions.tsx';
import { useStepSave } from '../../../../../features/mls-listing/hooks/use-step-save.ts';
import { StepFrame } from './step-frame.tsx';

const ZLocationFormSchema = ZMlsListingLocationRequestSchema.omit({ property: true });
const FIELDS = ['board', 'propertyType', 'propertySubType'] as const;
const orNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** Step 1: the address (from the property), the MLS, and the RESO property type and sub-type. */
export function LocationPage() {
  return (
    <StepFrame step="location">
      {(listing, property) => <LocationForm listing={listing} property={property} />}
    </StepFrame>
  );
}

/** The location step's content: the owners' page and the concierge's (decision 065) share it. */
export function LocationForm({ listing, property }: { listing: TMlsListing; property: string }) {
  const save = useSaveLocation();
  const { intent, saved, run } = useStepSave('form', property);
  const form = useSchemaForm(ZLocationFormSchema, {
    defaultValues: {
      board: listing.board?.slug ?? null,
      propertyType: listing.propertyType,
      propertySubType: listing.propertySubType,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const type = form.watch('propertyType') as TResoPropertyType | null | undefined;
  const subTypes = type
    ? RESO_PROPERTY_SUB_TYPES.filter((s) => RESO_SUB_TYPES_BY_TYPE[type].includes(s.value))
    : [];
  const a = listing.property;

  const submit = form.handleSubmit((values) =>
    run(
      () => save.mutateAsync({ property, ...values }),
      (error) => setApiErrors(error, form.setError, FIELDS),
    ),
  );

  const problem = formError(errors);
  return (
    <form onSubmit={submit} noValidate aria-label="Location">
      <h2>Address</h2>
      <p>
        {a.streetAddress}
        {a.unit ? ` ${a.unit}` : ''}, {a.city}, {a.state} {a.zipCode}
        {a.county ? ` (${a.county})` : ''}
      </p>
      <p className="ds-muted">{MLS_LISTING_TEXTS.addressFromProperty}</p>

      <h2>MLS</h2>
      {listing.boardPending ? (
        <p>{listing.boardPendingText ?? MLS_LISTING_TEXTS.noCounty}</p>
      ) : listing.boardOptions.length > 1 ? (
        <fieldset className="ln-field" aria-describedby={errors.board ? 'board-error' : undefined}>
          <legend className="ln-label">{MLS_LISTING_TEXTS.boardChoose}</legend>
          {listing.boardOptions.map((b) => (
            <div className="ln-check" key={b.slug}>
              <input
                type="radio"
                id={`board-${b.slug}`}
                value={b.slug}
                className="ln-radio"
                {...form.register('board')}
              />
              <label htmlFor={`board-${b.slug}`} className="ln-label">
                {b.name} ({b.shortName})
              </label>
            </div>
          ))}
          {errors.board ? (
            <p id="board-error" className="ln-field__error">
              {fieldError(errors, 'board')}
            </p>
          ) : null}
        </fieldset>
      ) : listing.boardOptions[0] ? (
        <p>{MLS_LISTING_TEXTS.boardOne(listing.boardOptions[0].name)}</p>
      ) : null}

      <h2>Property type</h2>
      <Select
        label="Property type"
        placeholder="Choose a property type"
        options={RESO_PROPERTY_TYPES}
        hint={withReasons(undefined, listing.returnReasons, 'propertyType')}
        error={fieldError(errors, 'propertyType')}
        {...form.register('propertyType', {
          setValueAs: orNull,
          onChange: () => form.setValue('propertySubType', null),
        })}
      />
      <Select
        label="Property sub-type"
        placeholder={type ? 'Choose a sub-type' : 'Choose the property type first'}
        options={subTypes}
        hint={withReasons(undefined, listing.returnReasons, 'propertySubType')}
        disabled={!type}
        error={fieldError(errors, 'propertySubType')}
        {...form.register('propertySubType', { setValueAs: orNull })}
      />
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {saved ? <p role="status">{MLS_LISTING_TEXTS.draftSaved}</p> : null}
      {listing.canEdit ? (
        <StepActions
          saving={isSubmitting ? intent.current : null}
          onIntent={(i) => {
            intent.current = i;
          }}
        />
      ) : null}
    </form>
  );
}
