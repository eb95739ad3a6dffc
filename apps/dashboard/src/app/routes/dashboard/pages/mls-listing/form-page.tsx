import {
  ASSOCIATION_FEE_FREQUENCIES,
  MLS_LISTING_FORM_FIELDS,
  mlsListingFormSchemaFor,
  RESO_LISTING_TERMS,
  RESO_POSSESSION,
  type TMlsListing,
  ZMlsListingFormRequestSchema,
} from '@lantern/contracts';
import {
  findFairHousingPhrases,
  MLS_LISTING_FIELD_LABELS as L,
  MLS_LISTING_TEXTS,
} from '@lantern/domain';
import {
  Alert,
  Button,
  fieldError,
  formError,
  Select,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { Controller, type Path, useFieldArray } from 'react-hook-form';
import { RemarksField } from '../../../../../components/remarks-field.tsx';
import { useSaveForm } from '../../../../../features/mls-listing/api/listing.ts';
import {
  ReasonsNote,
  withReasons,
} from '../../../../../features/mls-listing/components/return-reasons.tsx';
import { StepActions } from '../../../../../features/mls-listing/components/step-actions.tsx';
import { useStepSave } from '../../../../../features/mls-listing/hooks/use-step-save.ts';
import { typedNumber } from '../../../../../lib/form-values.ts';
import { StepFrame } from './step-frame.tsx';

const ZFormValuesSchema = ZMlsListingFormRequestSchema.pick({ form: true });
type Values = { form: NonNullable<ReturnType<typeof ZFormValuesSchema.parse>['form']> };
type FieldName = Path<Values>;

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
  const association = form.watch('form.AssociationYN');
  const phrases = findFairHousingPhrases(remarks);
  const otherWarnings = listing.warnings.filter((w) => w.field !== 'PublicRemarks');
  // Staff's reasons beside the fields to fix, while the listing is sent back (issue 18).
  const reasons = listing.returnReasons;

  const fieldNames = (): FieldName[] => [
    ...MLS_LISTING_FORM_FIELDS.map((f) => `form.${f}` as FieldName),
    ...owners.fields.flatMap(
      (_, i) => [`form.Owners.${i}.name`, `form.Owners.${i}.email`] as FieldName[],
    ),
  ];

  const submit = form.handleSubmit(async (values) => {
    if (intent.current === 'continue') {
      // The complete form's words before a round trip; the server checks again.
      const complete = mlsListingFormSchemaFor(listing.propertyType).safeParse(values.form);
      if (!complete.success) {
        complete.error.issues.forEach((issue, i) => {
          const name = ['form', ...issue.path].join('.') as FieldName;
          form.setError(
            name,
            { type: 'complete', message: issue.message },
            { shouldFocus: i === 0 },
          );
        });
        return;
      }
    }
    await run(
      (finish) => save.mutateAsync({ property, form: values.form, finish }),
      (error) => setApiErrors(error, form.setError, fieldNames()),
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
  const checkGroup = (
    name: 'ListingTerms' | 'Possession',
    options: readonly { value: string; label: string }[],
  ) => (
    <fieldset
      className="ln-field"
      aria-describedby={err(`form.${name}`) ? `${name}-error` : undefined}
    >
      <legend className="ln-label">{L[name]}</legend>
      <ReasonsNote reasons={reasons} fields={[name]} />
      {options.map((o) => (
        <div className="ln-check" key={o.value}>
          <input
            type="checkbox"
            id={`${name}-${o.value}`}
            value={o.value}
            className="ln-checkbox"
            {...form.register(`form.${name}`)}
          />
          <label htmlFor={`${name}-${o.value}`} className="ln-label">
            {o.label}
          </label>
        </div>
      ))}
      {err(`form.${name}`) ? (
        <p id={`${name}-error`} className="ln-field__error">
          {err(`form.${name}`)}
        </p>
      ) : null}
    </fieldset>
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
        <Controller
          control={form.control}
          name="form.AssociationYN"
          render={({ field }) => (
            <fieldset
              className="ln-field"
              aria-describedby={err('form.AssociationYN') ? 'association-error' : undefined}
            >
              <legend className="ln-label">{L.AssociationYN}</legend>
              {association === true ? null : (
                <ReasonsNote reasons={reasons} fields={['AssociationFee']} />
              )}
              {[
                { value: true, label: 'Yes', id: 'association-yes' },
                { value: false, label: 'No', id: 'association-no' },
              ].map((o) => (
                <div className="ln-check" key={o.id}>
                  <input
                    type="radio"
                    id={o.id}
                    name={field.name}
                    className="ln-radio"
                    checked={field.value === o.value}
                    onChange={() => field.onChange(o.value)}
                    onBlur={field.onBlur}
                    ref={o.value ? field.ref : undefined}
                  />
                  <label htmlFor={o.id} className="ln-label">
                    {o.label}
                  </label>
                </div>
              ))}
              {err('form.AssociationYN') ? (
                <p id="association-error" className="ln-field__error">
                  {err('form.AssociationYN')}
                </p>
              ) : null}
            </fieldset>
          )}
        />
        {association === true ? (
          <>
            {number('AssociationFee')}
            <Select
              label={L.AssociationFeeFrequency}
              placeholder="Choose how often"
              options={ASSOCIATION_FEE_FREQUENCIES}
              error={err('form.AssociationFeeFrequency')}
              {...form.register('form.AssociationFeeFrequency', {
                setValueAs: (v: unknown) => (v === '' ? null : v),
              })}
            />
          </>
        ) : null}
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
        {checkGroup('ListingTerms', RESO_LISTING_TERMS)}
        {checkGroup('Possession', RESO_POSSESSION)}
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

        <h2>{L.Owners}</h2>
        <p className="ds-muted">{L.OwnersHint}</p>
        <ReasonsNote reasons={reasons} fields={['Owners']} />
        {err('form.Owners') ? <p className="ln-field__error">{err('form.Owners')}</p> : null}
        <ol className="ds-owners">
          {owners.fields.map((owner, i) => (
            <li key={owner.id}>
              <fieldset className="ln-field">
                <legend className="ln-label">Owner {i + 1}</legend>
                <TextField
                  label={L.ownerName}
                  autoComplete="off"
                  error={err(`form.Owners.${i}.name`)}
                  {...form.register(`form.Owners.${i}.name`)}
                />
                <TextField
                  label={L.ownerEmail}
                  type="email"
                  autoComplete="off"
                  error={err(`form.Owners.${i}.email`)}
                  {...form.register(`form.Owners.${i}.email`)}
                />
                {owners.fields.length > 1 ? (
                  <Button variant="secondary" size="sm" onClick={() => owners.remove(i)}>
                    {L.removeOwner(i + 1)}
                  </Button>
                ) : null}
              </fieldset>
            </li>
          ))}
        </ol>
        {owners.fields.length < 10 ? (
          <Button variant="secondary" onClick={() => owners.append({ name: '', email: '' })}>
            {L.addOwner}
          </Button>
        ) : null}
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
