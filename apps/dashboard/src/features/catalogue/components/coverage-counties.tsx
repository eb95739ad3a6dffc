import { COVERAGE_STATES } from '@lantern/contracts';
import { Button, fieldError, Select, TextField } from '@lantern/ui';
import type { FieldErrors, UseFieldArrayReturn, UseFormRegister } from 'react-hook-form';
import type { CoverageFormValues } from './coverage-form-schema.ts';

const STATE_OPTIONS = COVERAGE_STATES.map((s) => ({ value: s.code, label: s.name }));

/** The coverage form's single counties: one state-and-county row each, added and removed. */
export function CountyRows({
  register,
  errors,
  rows,
  canEdit,
}: {
  register: UseFormRegister<CoverageFormValues>;
  errors: FieldErrors<CoverageFormValues>;
  rows: UseFieldArrayReturn<CoverageFormValues, 'counties'>;
  canEdit: boolean;
}) {
  return (
    <fieldset className="adm-permissions" disabled={!canEdit}>
      <legend>Single counties</legend>
      <p className="ds-muted">
        Where the product is offered in only part of a state. “King” and “King County” are the same
        county.
      </p>
      {rows.fields.length === 0 ? <p>No single counties.</p> : null}
      {rows.fields.map((row, i) => (
        <div className="adm-inline-form" key={row.id}>
          <Select
            {...register(`counties.${i}.state`)}
            label={`State of county ${i + 1}`}
            options={STATE_OPTIONS}
          />
          <TextField
            {...register(`counties.${i}.county`)}
            label={`County ${i + 1}`}
            maxLength={80}
            error={fieldError(errors, `counties.${i}.county`)}
          />
          {canEdit ? (
            <Button size="sm" variant="secondary" onClick={() => rows.remove(i)}>
              Remove <span className="ln-visually-hidden">county {i + 1}</span>
            </Button>
          ) : null}
        </div>
      ))}
      {canEdit ? (
        <div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => rows.append({ state: 'AL', county: '' }, { shouldFocus: true })}
          >
            Add a county
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
