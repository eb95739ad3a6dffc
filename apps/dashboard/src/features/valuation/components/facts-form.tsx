import {
  PROPERTY_FACT_LABELS as LABELS,
  VALUATION_TEXTS as T,
  type TPropertyFacts,
  VALUATION_CONDITIONS,
  ZPropertyFactsSchema,
} from '@lantern/contracts';
import { ApiError, VALUATION_PAGE_TEXTS as P } from '@lantern/domain';
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
import { useId, useState } from 'react';
import { typedNumber } from '../../../lib/form-values.ts';
import { useSaveFacts } from '../api/valuation.ts';
import { day } from './format.ts';

const FACTS = [
  'bedrooms',
  'bathrooms',
  'livingArea',
  'lotSizeSquareFeet',
  'yearBuilt',
  'condition',
] as const satisfies readonly (keyof TPropertyFacts)[];

/** A box left empty is a fact not given (null); words come through as NaN for the schema. */
const asNumber = (v: unknown) => typedNumber(v) ?? null;

const CONDITION_OPTIONS = Object.entries(VALUATION_CONDITIONS).map(([value, label]) => ({
  value,
  label,
}));

/** The number boxes: their attributes follow the schema's ranges. */
const NUMBER_FIELDS = {
  bedrooms: { min: 0, max: 30, step: 1, inputMode: 'numeric' },
  bathrooms: { min: 0, max: 30, step: 0.5, inputMode: 'decimal' },
  livingArea: { min: 200, max: 30_000, step: 1, inputMode: 'numeric' },
  lotSizeSquareFeet: { min: 0, max: 50_000_000, step: 1, inputMode: 'numeric' },
  yearBuilt: { min: 1700, max: new Date().getUTCFullYear() + 1, step: 1, inputMode: 'numeric' },
} as const;

export interface FactsFormProps {
  property: string;
  /** The facts as stored: the form starts from them and is not reset by later reads. */
  facts: TPropertyFacts;
  updatedAt: string | null;
  /** The person may change the property (can_edit). */
  canEdit: boolean;
}

/**
 * "Your home’s facts": what every estimate starts from. An empty box is sent as null (not
 * given). A refused save shows the server's words under each field and keeps what was typed.
 */
export function FactsForm({ property, facts, updatedAt, canEdit }: FactsFormProps) {
  const headingId = useId();
  const save = useSaveFacts(property);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZPropertyFactsSchema, { defaultValues: facts });

  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const page = await save.mutateAsync(values);
      reset(page.facts);
      setSaved(true);
    } catch (error) {
      // A 401 is already on its way to the login page.
      if (error instanceof ApiError && error.status === 401) return;
      setApiErrors(error, setError, FACTS);
    }
  });
  const formMessage = formError(errors);

  return (
    <section className="ln-card vl-facts" aria-labelledby={headingId}>
      <h2 id={headingId} className="ln-card__title">
        {T.factsTitle}
      </h2>
      <p className="ds-muted">{T.factsHint}</p>
      {!canEdit ? <p>{P.factsReadOnly}</p> : null}
      <form noValidate onSubmit={submit}>
        <fieldset className="vl-facts__fields" disabled={!canEdit}>
          <legend className="ln-visually-hidden">{T.factsTitle}</legend>
          {(Object.keys(NUMBER_FIELDS) as (keyof typeof NUMBER_FIELDS)[]).map((name) => {
            const { min, max, step, inputMode } = NUMBER_FIELDS[name];
            return (
              <TextField
                key={name}
                type="number"
                label={LABELS[name]}
                min={min}
                max={max}
                step={step}
                inputMode={inputMode}
                autoComplete="off"
                {...(name === 'bathrooms' ? { hint: P.bathroomsHint } : {})}
                error={fieldError(errors, name)}
                {...register(name, { setValueAs: asNumber })}
              />
            );
          })}
          <Select
            className="vl-facts__condition"
            label={LABELS.condition}
            options={CONDITION_OPTIONS}
            placeholder={P.conditionNotSure}
            error={fieldError(errors, 'condition')}
            {...register('condition', { setValueAs: asNumber })}
          />
        </fieldset>
        {formMessage ? <Alert tone="danger">{formMessage}</Alert> : null}
        <div className="ds-actions">
          <Button type="submit" loading={isSubmitting} disabled={!canEdit}>
            {P.saveFacts}
          </Button>
          <p role="status" className="vl-facts__status">
            {saved ? T.factsSaved : updatedAt ? P.factsUpdated(day(updatedAt)) : ''}
          </p>
        </div>
      </form>
    </section>
  );
}
