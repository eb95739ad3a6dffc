import {
  COUPON_TEXTS,
  type TAdminCoupon,
  type TAdminProduct,
  type TCreateCouponRequest,
} from '@lantern/contracts';
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
import { z } from 'zod';
import { centsText, parseDollars } from '../../../lib/dollars.ts';
import { useSaveCoupon } from '../api/coupons.ts';

/** An ISO instant as a datetime-local input shows it, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as an ISO instant; empty is none. */
const localInstant = z.string().transform((v, ctx) => {
  if (!v) return null;
  const t = new Date(v).getTime();
  if (Number.isNaN(t)) {
    ctx.addIssue({ code: 'custom', message: COUPON_TEXTS.date });
    return z.NEVER;
  }
  return new Date(t).toISOString();
});

/**
 * What the form holds (text, as typed) and the request it makes. The API checks everything
 * again; this only saves a round trip for the obvious mistakes.
 */
const ZCouponFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, COUPON_TEXTS.code),
    description: z.string().trim().max(200, COUPON_TEXTS.descriptionTooLong),
    kind: z.enum(['percent', 'amount']),
    percentOff: z.string(),
    amountOffCents: z.string(),
    productSlug: z.string(),
    active: z.boolean(),
    startsAt: localInstant,
    expiresAt: localInstant,
    maxRedemptions: z.string().trim(),
    oncePerCustomer: z.boolean(),
    firstOrderOnly: z.boolean(),
  })
  .transform((f, ctx): TCreateCouponRequest => {
    const percent = f.kind === 'percent' ? Number(f.percentOff.trim()) : null;
    if (percent !== null && !(Number.isInteger(percent) && percent >= 1 && percent <= 100))
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: COUPON_TEXTS.percent });
    const amount = f.kind === 'amount' ? parseDollars(f.amountOffCents) : null;
    if (f.kind === 'amount' && !amount)
      ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: COUPON_TEXTS.amount });
    const max = f.maxRedemptions === '' ? null : Number(f.maxRedemptions);
    if (max !== null && !(Number.isInteger(max) && max >= 1))
      ctx.addIssue({
        code: 'custom',
        path: ['maxRedemptions'],
        message: COUPON_TEXTS.maxRedemptions,
      });
    if (f.startsAt && f.expiresAt && f.startsAt >= f.expiresAt)
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: COUPON_TEXTS.window });
    return {
      code: f.code,
      description: f.description,
      percentOff: percent,
      amountOffCents: amount,
      productSlug: f.productSlug || null,
      active: f.active,
      startsAt: f.startsAt,
      expiresAt: f.expiresAt,
      maxRedemptions: max,
      oncePerCustomer: f.oncePerCustomer,
      firstOrderOnly: f.firstOrderOnly,
    };
  });

const FIELDS = [
  'code',
  'description',
  'percentOff',
  'amountOffCents',
  'productSlug',
  'startsAt',
  'expiresAt',
  'maxRedemptions',
] as const;

/** Make a coupon, or change one (its code stays: orders and invoices quote it). */
export function CouponForm({
  coupon,
  products,
  onDone,
}: {
  coupon: TAdminCoupon | null;
  products: readonly Pick<TAdminProduct, 'slug' | 'name'>[];
  onDone: () => void;
}) {
  const save = useSaveCoupon(coupon?.code ?? null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZCouponFormSchema, {
    defaultValues: {
      code: coupon?.code ?? '',
      description: coupon?.description ?? '',
      kind: coupon?.amountOffCents ? 'amount' : 'percent',
      percentOff: coupon?.percentOff ? String(coupon.percentOff) : '',
      amountOffCents: coupon?.amountOffCents ? centsText(coupon.amountOffCents) : '',
      productSlug: coupon?.productSlug ?? '',
      active: coupon?.active ?? true,
      startsAt: toLocalInput(coupon?.startsAt ?? null),
      expiresAt: toLocalInput(coupon?.expiresAt ?? null),
      maxRedemptions: coupon?.maxRedemptions ? String(coupon.maxRedemptions) : '',
      oncePerCustomer: coupon?.oncePerCustomer ?? false,
      firstOrderOnly: coupon?.firstOrderOnly ?? false,
    },
  });
  const kind = watch('kind');
  const submit = handleSubmit(async (request) => {
    try {
      await save.mutateAsync(request);
      onDone();
    } catch (error) {
      setApiErrors(error, setError, [...FIELDS]);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormError errors={errors} />
      <TextField
        {...register('code')}
        label="Code"
        hint="What customers type; letters are not case-sensitive."
        autoComplete="off"
        maxLength={40}
        readOnly={coupon !== null}
        error={fieldError(errors, 'code')}
      />
      <TextField
        {...register('description')}
        label="Note for staff (optional)"
        maxLength={200}
        error={fieldError(errors, 'description')}
      />
      <fieldset className="adm-permissions">
        <legend>Discount</legend>
        <label className="ln-check">
          <input type="radio" value="percent" {...register('kind')} /> A percentage off
        </label>
        <label className="ln-check">
          <input type="radio" value="amount" {...register('kind')} /> An amount off
        </label>
        {kind === 'percent' ? (
          <TextField
            {...register('percentOff')}
            label="Percent off"
            inputMode="numeric"
            error={fieldError(errors, 'percentOff')}
          />
        ) : (
          <TextField
            {...register('amountOffCents')}
            label="Amount off in US dollars"
            inputMode="decimal"
            hint="Never more than the service's price; a deposit is not discounted."
            error={fieldError(errors, 'amountOffCents') ?? fieldError(errors, 'percentOff')}
          />
        )}
      </fieldset>
      <Select
        {...register('productSlug')}
        label="Which service"
        options={[
          { value: '', label: 'Any service with a price' },
          ...products.map((p) => ({ value: p.slug, label: p.name })),
        ]}
        error={fieldError(errors, 'productSlug')}
      />
      <TextField
        {...register('startsAt')}
        type="datetime-local"
        label="Usable from (optional)"
        error={fieldError(errors, 'startsAt')}
      />
      <TextField
        {...register('expiresAt')}
        type="datetime-local"
        label="Usable until (optional)"
        error={fieldError(errors, 'expiresAt')}
      />
      <TextField
        {...register('maxRedemptions')}
        label="Most orders in all (optional)"
        inputMode="numeric"
        hint="A cancelled unpaid order gives its use back."
        error={fieldError(errors, 'maxRedemptions')}
      />
      <Checkbox {...register('oncePerCustomer')} label="Once per customer" />
      <Checkbox
        {...register('firstOrderOnly')}
        label="First order only"
        hint="Only for customers with no earlier order (cancelled ones do not count)."
      />
      <Checkbox {...register('active')} label="Active" hint="Customers can use it." />
      <Button type="submit" loading={isSubmitting}>
        {coupon ? 'Save coupon' : 'Make coupon'}
      </Button>
    </form>
  );
}
