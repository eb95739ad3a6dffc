import {
  COVERAGE_STATES,
  COVERAGE_TEXTS,
  countyKey,
  type TProductCoverage,
  type TUpdateCoverageRequest,
} from '@lantern/contracts';
import { ROLE_LABELS } from '@lantern/domain';
import {
  Button,
  Checkbox,
  FormError,
  fieldError,
  Select,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { useSaveCoverage } from '../api/coverage.ts';

const STATE_OPTIONS = COVERAGE_STATES.map((s) => ({ value: s.code, label: s.name }));

/**
 * What the form holds: the whole states ticked and the county rows as typed. The request is one
 * list of places; the rules the API checks again (duplicates, lengths) are checked here first.
 */
const ZCoverageFormSchema = z
  .object({
    states: z.array(z.string()),
    counties: z.array(z.object({ state: z.string(), county: z.string() })),
  })
  .transform((f, ctx): TUpdateCoverageRequest => {
    const seen = new Set<string>();
    f.counties.forEach((row, i) => {
      const county = row.county.trim();
      const key = `${row.state}|${countyKey(county)}`;
      const message = !county
        ? COVERAGE_TEXTS.countyRequired
        : county.length > 80
          ? COVERAGE_TEXTS.county
          : seen.has(key)
            ? COVERAGE_TEXTS.duplicate
            : null;
      if (message) ctx.addIssue({ code: 'custom', path: ['counties', i, 'county'], message });
      seen.add(key);
    });
    return {
      places: [
        ...f.states.map((state) => ({ state, county: null })),
        ...f.counties.map((row) => ({ state: row.state, county: row.county.trim() })),
      ],
    };
  });

/**
 * Where a product is offered (issue 20; docs/decisions/028): whole states, and single counties
 * where it is offered only in part of a state. Who may order stays as the Products form set it.
 */
export function CoverageForm({
  coverage,
  canEdit,
  onDone,
}: {
  coverage: TProductCoverage;
  canEdit: boolean;
  onDone: () => void;
}) {
  const save = useSaveCoverage(coverage.slug);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZCoverageFormSchema, {
    defaultValues: {
      states: coverage.places.filter((p) => p.county === null).map((p) => p.state),
      counties: coverage.places
        .filter((p) => p.county !== null)
        .map((p) => ({ state: p.state, county: p.county ?? '' })),
    },
  });
  const rows = useFieldArray({ control, name: 'counties' });
  const submit = handleSubmit(async (request) => {
    try {
      await save.mutateAsync(request);
      onDone();
    } catch (error) {
      setApiErrors(error, setError, []);
    }
  });
  const who = coverage.roles ? coverage.roles.map((r) => ROLE_LABELS[r]).join(', ') : 'every role';

  return (
    <form onSubmit={submit} noValidate>
      <FormError errors={errors} />
      <p>
        Offered to {who}. New places are offered to the same roles; change who may order on the
        product’s Edit form. A save changes what properties are offered at once.
      </p>
      <fieldset className="adm-permissions" disabled={!canEdit}>
        <legend>Whole states</legend>
        {canEdit ? (
          <div className="adm-inline-form">
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                setValue(
                  'states',
                  COVERAGE_STATES.map((s) => s.code),
                )
              }
            >
              Tick every state
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setValue('states', [])}>
              Clear every state
            </Button>
          </div>
        ) : null}
        <div className="adm-state-grid">
          {COVERAGE_STATES.map((s) => (
            <Checkbox key={s.code} {...register('states')} value={s.code} label={s.name} />
          ))}
        </div>
      </fieldset>
      <fieldset className="adm-permissions" disabled={!canEdit}>
        <legend>Single counties</legend>
        <p className="ds-muted">
          Where the product is offered in only part of a state. “King” and “King County” are the
          same county.
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
      {canEdit ? (
        <Button type="submit" loading={isSubmitting}>
          Save where it is offered
        </Button>
      ) : null}
    </form>
  );
}
