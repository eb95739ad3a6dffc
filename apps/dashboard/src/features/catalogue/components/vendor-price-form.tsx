import {
  MESSAGES,
  type TAdminProduct,
  type TSetVendorPriceRequest,
  type TVendorPrice,
  VENDOR_PRICE_TEXTS,
} from '@lantern/contracts';
import {
  Button,
  FormError,
  fieldError,
  Select,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { z } from 'zod';
import { centsText, parseDollars } from '../../../lib/dollars.ts';
import { useSetVendorPrice } from '../api/vendor-prices.ts';

const ZVendorPriceFormSchema = z
  .object({
    productSlug: z.string().min(1, VENDOR_PRICE_TEXTS.product),
    scope: z.enum(['default', 'vendor']),
    vendorEmail: z.string().trim(),
    price: z.string(),
  })
  .transform((f, ctx): TSetVendorPriceRequest => {
    const cents = parseDollars(f.price);
    if (cents === null || cents > 10_000_000)
      ctx.addIssue({ code: 'custom', path: ['price'], message: VENDOR_PRICE_TEXTS.price });
    if (f.scope === 'vendor' && !/^[^\s@]+@[^\s@]+$/.test(f.vendorEmail))
      ctx.addIssue({
        code: 'custom',
        path: ['vendorEmail'],
        message: MESSAGES.emailInvalid,
      });
    return {
      productSlug: f.productSlug,
      vendorEmail: f.scope === 'vendor' ? f.vendorEmail : null,
      priceCents: cents ?? 0,
    };
  });

/** Set what we pay vendors for a product: the default, or one vendor's own price (decision 028). */
export function VendorPriceForm({
  price,
  products,
  onDone,
}: {
  /** The price being changed, or null for a new one. */
  price: TVendorPrice | null;
  products: readonly Pick<TAdminProduct, 'slug' | 'name'>[];
  onDone: () => void;
}) {
  const save = useSetVendorPrice();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZVendorPriceFormSchema, {
    defaultValues: {
      productSlug: price?.product.slug ?? '',
      scope: price && price.vendor === null ? 'default' : price ? 'vendor' : 'default',
      vendorEmail: price?.vendor?.email ?? '',
      price: price ? centsText(price.priceCents) : '',
    },
  });
  const scope = watch('scope');
  const submit = handleSubmit(async (request) => {
    try {
      await save.mutateAsync(request);
      onDone();
    } catch (error) {
      setApiErrors(error, setError, ['productSlug', 'vendorEmail']);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormError errors={errors} />
      {price ? (
        // Which price this is stays as it is: remove it and set another to change that.
        <p>
          {price.product.name}:{' '}
          {price.vendor ? `${price.vendor.email}’s own price` : 'the default for every vendor'}.
        </p>
      ) : (
        <>
          <Select
            {...register('productSlug')}
            label="Service"
            placeholder="Choose a service"
            options={products.map((p) => ({ value: p.slug, label: p.name }))}
            error={fieldError(errors, 'productSlug')}
          />
          <fieldset className="adm-permissions">
            <legend>Whose price</legend>
            <label className="ln-check">
              <input type="radio" value="default" {...register('scope')} /> The default, for every
              vendor without a price of their own
            </label>
            <label className="ln-check">
              <input type="radio" value="vendor" {...register('scope')} /> One vendor’s own price
            </label>
          </fieldset>
          {scope === 'vendor' ? (
            <TextField
              {...register('vendorEmail')}
              label="Vendor’s email address"
              type="email"
              autoComplete="off"
              hint="The person must hold a vendor kind (People → their page)."
              error={fieldError(errors, 'vendorEmail')}
            />
          ) : null}
        </>
      )}
      <TextField
        {...register('price')}
        label="We pay, in US dollars"
        inputMode="decimal"
        hint="For one order of the service, for example 60 or 72.50."
        error={fieldError(errors, 'price')}
      />
      <Button type="submit" loading={isSubmitting}>
        Save price
      </Button>
    </form>
  );
}
