import { COVERAGE_STATES, type TProductCoverage } from '@lantern/contracts';
import { ROLE_LABELS } from '@lantern/domain';
import { Button, Checkbox, FormError, setApiErrors, useSchemaForm } from '@lantern/ui';
import { useFieldArray } from 'react-hook-form';
import { useSaveCoverage } from '../api/coverage.ts';
import { CountyRows } from './coverage-counties.tsx';
import { ZCoverageFormSchema } from './coverage-form-schema.ts';

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
      <CountyRows register={register} errors={errors} rows={rows} canEdit={canEdit} />
      {canEdit ? (
        <Button type="submit" loading={isSubmitting}>
          Save where it is offered
        </Button>
      ) : null}
    </form>
  );
}
