import {
  MLS_LISTING_FORM_FIELDS,
  mlsListingFormSchemaFor,
  RESO_LISTING_TERMS,
  RESO_POSSESSION,
  type TMlsListing,
} from '@lantern/contracts';
import {
  findFairHousingPhrases,
  MLS_LISTING_FIELD_LABELS as L,
  MLS_LISTING_TEXTS,
} from '@lantern/domain';
import { Alert, fieldError, formError, setApiErrors, TextField, useSchemaForm } from '@lantern/ui';
import { useFieldArray } from 'react-hook-form';
import { RemarksField } from '../../../../../components/remarks-field.tsx';
import { useSaveForm } from '../../../../../features/mls-listing/api/listing.ts';
import { withReasons } from '../../../../../features/mls-listing/components/return-reasons.tsx';
import { StepActions } from '../../../../../features/mls-listing/components/step-actions.tsx';
import { useStepSave } from '../../../../../features/mls-listing/hooks/use-step-save.ts';
import { typedNumber } from '../../../../../lib/form-values.ts';
import {
  AssociationFields,
  CheckGroup,
  type FieldName,
  type ListingFormApi,
  OwnersFields,
  type Values,
  ZFormValuesSchema,
} from './listing-form-parts.tsx';
import { StepFrame } from './step-frame.tsx';

/** A number as typed; an empty box is null here (the draft stores the field as cleared). */
const asNumber = (v: unknown) => typedNumber(v) ?? null;

/** Step 2: the listing form under RESO DD 2.0 field names (issue 16). */
export function FormPage() {
  return (
    <StepFrame step="form">
      {(listing, property) => <ListingForm listing={listing} property={property} />}
    </StepFrame>
  );
}

/** The form step's content: the owners' page and the concierge's (decision 065) share it. */
/** Every input's name, for putting a refused save's messages under them. */
const fieldNames = (ownerCount: number): FieldName[] => [
  ...MLS_LISTING_FORM_FIELDS.map((f) => `form.${f}` as FieldName),
  ...Array.from(
    { length: ownerCount },
    (_, i) => [`form.Owners.${i}.name`, `form.Owners.${i}.email`] as FieldName[],
  ).flat(),
];

/** Puts what the complete form still needs under its fields; true when something is missing. */
function showIncomplete(form: ListingFormApi, listing: TMlsListing, values: Values): boolean {
  const complete = mlsListingFormSchemaFor(listing.propertyType).safeParse(values.form);
  if (complete.success) return false;
  complete.error.issues.forEach((issue, i) => {
    const name = ['form', ...issue.path].join('.') as FieldName;
    form.setError(name, { type: 'complete', message: issue.message }, { shouldFocus: i === 0 });
  });
  return true;
}

export function ListingForm({ listing, property }: { listing: TMlsListing; property: string }) {
  const save = useSaveForm();
  const { intent, saved, run } = useStepSave('services', property);
  const form = useSchemaForm(ZFormValuesSchema, {
    defaultValues: {
      form: {
        ...listing.form,
        Owners: listing.form.Owners?.length ? listing.form.Owners : [{ name: '', email: '' }],
      },
    },
  });
  const owners = useFieldArray({ control: form.control, name: 'form.Owners' as 'form.Owners' });
  const { errors, isSubmitting } = form.formState;
  const err = (name: FieldName) => fieldError(errors, name);
  const remarks = String(form.watch('form.PublicRemarks') ?? '');
  const phrases = findFairHousingPhrases(remarks);
  const otherWarnings = listing.warnings.filter((w) => w.field !== 'PublicRemarks');
  // Staff's reasons beside the fields to fix, while the listing is sent back (issue 18).
  const reasons = listing.returnReasons;

  const submit = form.handleSubmit(async (values) => {
    // The complete form's words before a round trip; the server checks again.
    if (intent.current === 'continue' && showIncomplete(form, listing, values)) return;
    await run(
      (finish) => save.mutateAsync({ property, form: values.form, finish }),
      (error) => setApiErrors(error, form.setError, fieldNames(owners.fields.length)),
    );
  });

  const number = (name: keyof typeof L & string, hint?: string) => (
    <TextField
      label={L[name as 'ListPrice']}
      inputMode="decimal"
      hint={withReasons(hint, reasons, name)}
      error={err(`form.${name}` as FieldName)}
      {...form.register(`form.${name}` as FieldName, { setValueAs: asNumber })}
    />
  );
  const problem = formError(errors);
  const readOnly = !listing.canEdit;
  return (
    <form onSubmit={submit} noValidate aria-label="Listing details">
      <fieldset disabled={readOnly} className="ds-fieldset-plain">
        <h2>Price and the home</h2>
        {number('ListPrice')}
        {number('BedroomsTotal')}
        {number('BathroomsFull')}
        {number('BathroomsHalf')}
        {number('LivingArea')}
        {number('YearBuilt')}
        {number('GarageSpaces')}
        {number('LotSizeAcres')}
        {number('LotSizeSquareFeet')}

        <h2>Association and taxes</h2>
        <AssociationFields form={form} reasons={reasons} number={number} />
        {number('TaxAnnualAmount')}

        <h2>Remarks</h2>
        <RemarksField
          label={L.PublicRemarks}
          hint={withReasons(L.PublicRemarksHint, reasons, 'PublicRemarks')}
          rows={8}
          value={remarks}
          error={err('form.PublicRemarks')}
          {...form.register('form.PublicRemarks')}
        />
        <div role="status" className="ds-warnings">
          {phrases.length > 0 || otherWarnings.length > 0 ? (
            <ul>
              {phrases.map((phrase) => (
                <li key={phrase} className="ln-alert ln-alert--warning">
                  {MLS_LISTING_TEXTS.fairHousingWarning(phrase)}
                </li>
              ))}
              {otherWarnings.map((w) => (
                <li key={`${w.field}-${w.phrase}`} className="ln-alert ln-alert--warning">
                  {w.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <TextField
          label={L.ShowingInstructions}
          hint={withReasons(undefined, reasons, 'ShowingInstructions')}
          error={err('form.ShowingInstructions')}
          {...form.register('form.ShowingInstructions')}
        />
        <TextField
          label={L.Directions}
          hint={withReasons(undefined, reasons, 'Directions')}
          error={err('form.Directions')}
          {...form.register('form.Directions')}
        />

        <h2>Terms</h2>
        <CheckGroup
          form={form}
          reasons={reasons}
          name="ListingTerms"
          options={RESO_LISTING_TERMS}
        />
        <CheckGroup form={form} reasons={reasons} name="Possession" options={RESO_POSSESSION} />
        <TextField
          type="date"
          label={L.ExpirationDate}
          hint={withReasons(undefined, reasons, 'ExpirationDate')}
          error={err('form.ExpirationDate')}
          {...form.register('form.ExpirationDate', {
            setValueAs: (v: unknown) => (v === '' ? null : v),
          })}
        />
        <p className="ds-note">{MLS_LISTING_TEXTS.commissionsNote}</p>

        <OwnersFields form={form} owners={owners} reasons={reasons} />
      </fieldset>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {saved ? <p role="status">{MLS_LISTING_TEXTS.draftSaved}</p> : null}
      {readOnly ? null : (
        <StepActions
          saving={isSubmitting ? intent.current : null}
          onIntent={(i) => {
            intent.current = i;
          }}
        />
      )}
    </form>
  );
}
