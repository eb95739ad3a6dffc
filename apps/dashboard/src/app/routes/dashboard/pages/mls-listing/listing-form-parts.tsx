import {
  ASSOCIATION_FEE_FREQUENCIES,
  type TReturnReasons,
  ZMlsListingFormRequestSchema,
} from '@lantern/contracts';
import { MLS_LISTING_FIELD_LABELS as L } from '@lantern/domain';
import { Button, fieldError, Select, TextField, type useSchemaForm } from '@lantern/ui';
import type { ReactNode } from 'react';
import { Controller, type Path, type UseFieldArrayReturn } from 'react-hook-form';
import { ReasonsNote } from '../../../../../features/mls-listing/components/return-reasons.tsx';

/** The listing form step's values (form-page.tsx), and the parts of it that stand on their own. */
export const ZFormValuesSchema = ZMlsListingFormRequestSchema.pick({ form: true });
export type Values = { form: NonNullable<ReturnType<typeof ZFormValuesSchema.parse>['form']> };
export type FieldName = Path<Values>;
export type ListingFormApi = ReturnType<typeof useSchemaForm<typeof ZFormValuesSchema>>;
type Reasons = TReturnReasons | null | undefined;

/** "Is there an association?" and, when there is, its fee and how often it is paid. */
export function AssociationFields({
  form,
  reasons,
  number,
}: {
  form: ListingFormApi;
  reasons: Reasons;
  number: (name: 'AssociationFee') => ReactNode;
}) {
  const err = (name: FieldName) => fieldError(form.formState.errors, name);
  const association = form.watch('form.AssociationYN');
  return (
    <>
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
    </>
  );
}

export function CheckGroup({
  form,
  reasons,
  name,
  options,
}: {
  form: ListingFormApi;
  reasons: Reasons;
  name: 'ListingTerms' | 'Possession';
  options: readonly { value: string; label: string }[];
}) {
  const err = (field: FieldName) => fieldError(form.formState.errors, field);
  return (
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
}

/** The owners who sign: one to ten, each a name and an email. */
export function OwnersFields({
  form,
  owners,
  reasons,
}: {
  form: ListingFormApi;
  owners: UseFieldArrayReturn<Values, 'form.Owners'>;
  reasons: Reasons;
}) {
  const err = (name: FieldName) => fieldError(form.formState.errors, name);
  return (
    <>
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
    </>
  );
}
