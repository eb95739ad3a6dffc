import {
  MORTGAGE_RATE_TEXTS,
  parseRatePercent,
  type TMortgageRate,
  ZMortgageRateRequestSchema,
} from '@lantern/contracts';
import { ApiError } from '@lantern/domain';
import { Button, FormError, fieldError, setApiErrors, TextField, useSchemaForm } from '@lantern/ui';
import { z } from 'zod';
import { useSetMortgageRate } from '../api/mortgage-rates.ts';

const { asOf, source, sourceUrl } = ZMortgageRateRequestSchema.shape;

/** The rate typed as a percent ("6.875"), sent in thousandths; the other fields as the API reads them. */
const ZRateFormSchema = z
  .object({
    rate: z.string().refine((s) => (parseRatePercent(s) ?? 0) > 0, MORTGAGE_RATE_TEXTS.rate),
    asOf,
    source,
    sourceUrl,
  })
  .transform(({ rate, ...rest }) => ({ rateThousandths: parseRatePercent(rate) ?? 0, ...rest }));

const EMPTY = { rate: '', asOf: '', source: '', sourceUrl: '' };

/**
 * A new current mortgage rate (docs/decisions/090), copied from a published source with the day
 * it is of. Emptied once saved; on a refusal, everything typed stays with the message under its
 * field.
 */
export function MortgageRateForm({ onDone }: { onDone: (saved: TMortgageRate) => void }) {
  const save = useSetMortgageRate();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZRateFormSchema, { defaultValues: EMPTY });
  const submit = handleSubmit(async (request) => {
    try {
      const saved = await save.mutateAsync(request);
      reset(EMPTY);
      onDone(saved);
    } catch (error) {
      // The request names the rate in thousandths; the form takes a percent.
      const rate = error instanceof ApiError ? error.field('rateThousandths') : undefined;
      if (rate) setError('rate', { type: 'server', message: rate }, { shouldFocus: true });
      setApiErrors(error, setError, ['asOf', 'source', 'sourceUrl'], { focus: !rate });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-rate-title">
      <FormError errors={errors} />
      <TextField
        {...register('rate')}
        label="Rate (%)"
        hint="The yearly interest rate as the source gives it, e.g. 6.875. Above 0 and at most 20."
        inputMode="decimal"
        autoComplete="off"
        error={fieldError(errors, 'rate')}
      />
      <TextField
        {...register('asOf')}
        type="date"
        label="Date of the rate"
        hint="The day the source gave this rate for: today or earlier."
        error={fieldError(errors, 'asOf')}
      />
      <TextField
        {...register('source')}
        label="Source"
        hint="Who published the rate, as visitors will read it under the estimate."
        maxLength={120}
        error={fieldError(errors, 'source')}
      />
      <TextField
        {...register('sourceUrl')}
        label="Address of the source (optional)"
        hint="https://… Listing pages link the source's name here."
        autoComplete="off"
        error={fieldError(errors, 'sourceUrl')}
      />
      <div className="adm-actions">
        <Button type="submit" disabled={isSubmitting}>
          Set this rate
        </Button>
      </div>
    </form>
  );
}
