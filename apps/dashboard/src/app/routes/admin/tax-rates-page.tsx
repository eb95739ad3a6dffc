import { type TTaxRate, ZUpdateTaxRateRequestSchema } from '@lantern/contracts';
import {
  Alert,
  Button,
  fieldError,
  formError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { z } from 'zod';
import { formatWhen } from '../../../components/data-table/format.ts';
import { withFormFieldNames } from '../../../components/form-field-names.ts';
import { useSetTaxRate, useTaxRates } from '../../../features/catalogue/api/tax-rates.ts';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import { parsePercent, percentText } from '../../../lib/percent.ts';
import { Requires } from './requires.tsx';

/** The rate as typed ("6.25", "6.25%"), checked by the request's own rule once in basis points. */
const ZRateFormSchema = z.object({
  rate: z
    .string()
    .transform((text) => parsePercent(text) ?? Number.NaN)
    .pipe(ZUpdateTaxRateRequestSchema.shape.rateBasisPoints),
});

function RateRow({ rate, canEdit }: { rate: TTaxRate; canEdit: boolean }) {
  const save = useSetTaxRate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(ZRateFormSchema, {
    defaultValues: { rate: percentText(rate.rateBasisPoints) },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ state: rate.state, rateBasisPoints: values.rate });
    } catch (error) {
      // The request names the rate in basis points; the form takes percent.
      setApiErrors(withFormFieldNames(error, { rateBasisPoints: 'rate' }), setError, ['rate']);
    }
  });
  return (
    <tr>
      <th scope="row">
        {rate.stateName} <span className="ds-muted">{rate.state}</span>
      </th>
      <td>
        {canEdit ? (
          <form className="adm-inline-form" onSubmit={submit} noValidate>
            <TextField
              label={`Rate for ${rate.stateName}, in percent`}
              inputMode="decimal"
              {...register('rate')}
              error={fieldError(errors, 'rate') ?? formError(errors)}
            />
            <Button size="sm" variant="secondary" type="submit" loading={save.isPending}>
              Save <span className="ln-visually-hidden">{rate.stateName}</span>
            </Button>
            {save.isSuccess ? <span role="status">Saved</span> : null}
          </form>
        ) : (
          `${percentText(rate.rateBasisPoints)}%`
        )}
      </td>
      <td>{rate.updatedAt ? formatWhen(rate.updatedAt) : 'Never set'}</td>
    </tr>
  );
}

/** Sales tax per state (issue 17): copied onto each invoice as it is issued. */
export function TaxRatesPage() {
  const access = useStaffAccess();
  const canEdit = grants(access.data?.permissions, 'taxes.manage');
  const rates = useTaxRates();
  return (
    <Requires permission="orders.view">
      <section className="ds-page" aria-labelledby="tax-title">
        <h1 id="tax-title">Tax rates</h1>
        <p>
          The sales tax on our services in each state, charged on the price after any coupon. A
          refundable deposit is never taxed. A new rate applies to orders placed from now on.
        </p>
        {canEdit ? null : (
          <p className="ds-muted">Changing rates needs the “Manage tax rates” permission.</p>
        )}
        {rates.error ? <Alert tone="danger">{rates.error.message}</Alert> : null}
        {rates.data ? (
          <div className="ds-table-wrap">
            <table className="ds-table">
              <caption className="ln-visually-hidden">Tax rates by state</caption>
              <thead>
                <tr>
                  <th scope="col">State</th>
                  <th scope="col">Rate</th>
                  <th scope="col">Last set</th>
                </tr>
              </thead>
              <tbody>
                {rates.data.rates.map((r) => (
                  <RateRow key={r.state} rate={r} canEdit={canEdit} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </Requires>
  );
}
