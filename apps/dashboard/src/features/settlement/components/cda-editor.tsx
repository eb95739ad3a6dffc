import {
  CDA_PAYEE_ROLE_LABELS,
  type TCda,
  type TCdaRequest,
  ZCdaRequestSchema,
} from '@lantern/contracts';
import {
  CDA_MAX_PAYEES,
  CDA_PAYEE_ROLES,
  centsToDollars,
  checkCdaAmounts,
  dollarsToCents,
  formatCents,
  type TCdaPayeeRole,
} from '@lantern/domain';
import {
  Button,
  fieldError,
  formError,
  Select,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useState } from 'react';
import { type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { useSaveCda } from '../api/settlement.ts';
import { asCents } from './cents.ts';

/**
 * What the form holds: the amounts as typed, under the request's own names, so a 422's paths are
 * the form's fields. The request is the contract's; the sum is the server's (checkCdaAmounts).
 */
const ZCdaFormSchema = z
  .object({
    commissionCents: z.string(),
    payees: z.array(
      z.object({
        name: z.string(),
        role: z.enum(CDA_PAYEE_ROLES),
        amountCents: z.string(),
        instructions: z.string(),
      }),
    ),
  })
  .transform(
    (f): TCdaRequest => ({
      commissionCents: asCents(f.commissionCents),
      payees: f.payees.map((p) => ({ ...p, amountCents: asCents(p.amountCents) })),
    }),
  )
  .pipe(ZCdaRequestSchema);
type CdaForm = z.input<typeof ZCdaFormSchema>;
type Payee = CdaForm['payees'][number];

const emptyPayee = (role: TCdaPayeeRole = 'buyer_brokerage'): Payee => ({
  name: '',
  role,
  amountCents: '',
  instructions: '',
});

function initialValues(cda: TCda | null): CdaForm {
  return {
    commissionCents: cda ? centsToDollars(cda.commissionCents) : '',
    payees: cda?.payees.length
      ? cda.payees.map((p) => ({
          name: p.name,
          role: p.role,
          amountCents: centsToDollars(p.amountCents),
          instructions: p.instructions ?? '',
        }))
      : [emptyPayee('listing_brokerage'), emptyPayee()],
  };
}

/** Every field a refusal may name: the commission and each payee's boxes. */
const fieldsOf = (count: number) => [
  'commissionCents' as const,
  ...Array.from({ length: count }, (_, i) =>
    (['name', 'amountCents', 'instructions'] as const).map((k) => `payees.${i}.${k}` as const),
  ).flat(),
];

/**
 * The CDA's figures: the commission and each payee, with the running total and how far it is from
 * the commission (the server checks the same with the same function, checkCdaAmounts).
 */
export function CdaEditor({ hash, cda }: { hash: string; cda: TCda | null }) {
  const save = useSaveCda(hash);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZCdaFormSchema, { defaultValues: initialValues(cda) });
  const payees = useFieldArray({ control, name: 'payees' });

  const submit = handleSubmit(async (request) => {
    setSaved(false);
    try {
      await save.mutateAsync(request);
      setSaved(true);
    } catch (error) {
      setApiErrors(error, setError, fieldsOf(payees.fields.length), { aboveForm: ['payees'] });
    }
  });
  const formMessage = formError(errors);

  return (
    <form onSubmit={submit} noValidate aria-labelledby="cda-editor-title">
      <h2 id="cda-editor-title">Commission and payees</h2>
      <p>
        Every cent of the commission goes to a payee: the amounts must add up to it exactly. Save,
        then sign below.
      </p>
      <TextField
        label="Commission (dollars)"
        inputMode="decimal"
        {...register('commissionCents')}
        error={fieldError(errors, 'commissionCents')}
      />
      {payees.fields.map((field, i) => (
        <PayeeFields
          key={field.id}
          index={i}
          register={register}
          errors={errors}
          onRemove={payees.fields.length > 1 ? () => payees.remove(i) : null}
        />
      ))}
      {payees.fields.length < CDA_MAX_PAYEES ? (
        <Button type="button" variant="secondary" onClick={() => payees.append(emptyPayee())}>
          Add a payee
        </Button>
      ) : null}
      <CdaTotal values={watch()} />
      {formMessage ? (
        <p role="alert" className="ds-error">
          {formMessage}
        </p>
      ) : null}
      {saved ? <p role="status">The authorisation is saved.</p> : null}
      <Button type="submit" disabled={isSubmitting}>
        Save the authorisation
      </Button>
    </form>
  );
}

const ROLE_OPTIONS = CDA_PAYEE_ROLES.map((value) => ({
  value,
  label: CDA_PAYEE_ROLE_LABELS[value],
}));

/** One payee's boxes, and the button that takes the payee off (when there is another). */
function PayeeFields({
  index: i,
  register,
  errors,
  onRemove,
}: {
  index: number;
  register: UseFormRegister<CdaForm>;
  errors: FieldErrors<CdaForm>;
  onRemove: (() => void) | null;
}) {
  return (
    <fieldset className="ds-fieldset">
      <legend>Payee {i + 1}</legend>
      <TextField
        label="Paid to"
        {...register(`payees.${i}.name`)}
        error={fieldError(errors, `payees.${i}.name`)}
      />
      <Select label="For" {...register(`payees.${i}.role`)} options={ROLE_OPTIONS} />
      <TextField
        label="Amount (dollars)"
        inputMode="decimal"
        {...register(`payees.${i}.amountCents`)}
        error={fieldError(errors, `payees.${i}.amountCents`)}
      />
      <TextField
        label="Payment instructions (optional)"
        {...register(`payees.${i}.instructions`)}
        error={fieldError(errors, `payees.${i}.instructions`)}
      />
      {onRemove ? (
        <Button type="button" variant="secondary" size="sm" onClick={onRemove}>
          Remove payee {i + 1}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** The running total as typed, once the commission and every amount read as dollars. */
function CdaTotal({ values }: { values: CdaForm }) {
  const commission = dollarsToCents(values.commissionCents ?? '');
  const amounts = (values.payees ?? []).map((p) => dollarsToCents(p.amountCents ?? ''));
  const check =
    commission !== null && amounts.every((a) => a !== null)
      ? checkCdaAmounts(
          commission,
          amounts.map((a) => ({ amountCents: a ?? 0 })),
        )
      : null;
  return (
    <p aria-live="polite" data-testid="cda-total">
      {check
        ? check.differenceCents === 0
          ? `The payees add up to ${formatCents(check.totalCents)}, the whole commission.`
          : check.differenceCents > 0
            ? `${formatCents(check.differenceCents)} of the commission is not given to a payee yet.`
            : `The payees are given ${formatCents(-check.differenceCents)} more than the commission.`
        : null}
    </p>
  );
}
