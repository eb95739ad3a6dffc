import {
  PRODUCT_TEXTS,
  sameRoles,
  type TAdminProduct,
  type TUpdateProductRequest,
} from '@lantern/contracts';
import { PROPERTY_ROLES, ROLE_LABELS } from '@lantern/domain';
import {
  Alert,
  Button,
  Checkbox,
  FormError,
  fieldError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { centsText, parseDollars } from '../../../lib/dollars.ts';
import { useSaveProduct } from '../api/products.ts';

/**
 * What the form holds (prices as typed) and the request it makes, roles always included. Name
 * and description are left to the API; the price is checked before the deposit, one at a time.
 */
const ZProductFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    quoted: z.boolean(),
    priceCents: z.string(),
    depositCents: z.string(),
    everyRole: z.boolean(),
    roles: z.array(z.enum(PROPERTY_ROLES)),
  })
  .transform((f, ctx): Required<TUpdateProductRequest> => {
    const priceCents = f.quoted ? null : parseDollars(f.priceCents);
    if (!f.quoted && priceCents === null) {
      ctx.addIssue({ code: 'custom', path: ['priceCents'], message: PRODUCT_TEXTS.price });
      return z.NEVER;
    }
    const depositCents = f.depositCents.trim() === '' ? null : parseDollars(f.depositCents);
    if (depositCents === 0 || (f.depositCents.trim() !== '' && depositCents === null)) {
      ctx.addIssue({ code: 'custom', path: ['depositCents'], message: PRODUCT_TEXTS.deposit });
      return z.NEVER;
    }
    const roles = f.everyRole ? null : f.roles;
    return { name: f.name, description: f.description, priceCents, depositCents, roles };
  });
type TProductForm = z.input<typeof ZProductFormSchema>;

const FIELDS = ['name', 'description', 'priceCents', 'depositCents', 'roles'] as const;

/** A product's name, description, price and who may order it (issue 20). */
export function ProductForm({ product, onDone }: { product: TAdminProduct; onDone: () => void }) {
  const save = useSaveProduct();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZProductFormSchema, {
    defaultValues: {
      name: product.name,
      description: product.description,
      quoted: product.priceCents === null,
      priceCents: product.priceCents === null ? '' : centsText(product.priceCents),
      depositCents: product.depositCents === null ? '' : centsText(product.depositCents),
      everyRole: product.roles === null,
      roles: product.roles ?? [],
    },
  });
  const submit = handleSubmit(async ({ roles, ...input }) => {
    try {
      // Roles go only when changed: a save of a description must never rewrite who may order.
      const changed = sameRoles(product.roles, roles) ? {} : { roles };
      await save.mutateAsync({ slug: product.slug, input: { ...input, ...changed } });
      onDone();
    } catch (error) {
      setApiErrors(error, setError, [...FIELDS]);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <FormError errors={errors} />
      <TextField
        {...register('name')}
        label="Name"
        maxLength={80}
        required
        error={fieldError(errors, 'name')}
      />
      <TextField
        {...register('description')}
        label="Description"
        maxLength={1000}
        required
        error={fieldError(errors, 'description')}
      />
      <PriceFields register={register} errors={errors} quoted={watch('quoted')} />
      <RolesFieldset register={register} errors={errors} everyRole={watch('everyRole')} />
      <Button type="submit" loading={isSubmitting}>
        Save product
      </Button>
    </form>
  );
}

interface PartProps {
  register: UseFormRegister<TProductForm>;
  errors: FieldErrors<TProductForm>;
}

/** The price (unless quoted) and the optional deposit. */
function PriceFields({ register, errors, quoted }: PartProps & { quoted: boolean }) {
  return (
    <>
      <Checkbox
        {...register('quoted')}
        label="Quoted: no fixed price"
        hint="Orders become requests that staff price per property or agreement."
      />
      {quoted ? null : (
        <TextField
          {...register('priceCents')}
          label="Price in US dollars"
          inputMode="decimal"
          hint="For example 179 or 179.50. New orders use it; orders already placed keep theirs."
          error={fieldError(errors, 'priceCents')}
        />
      )}
      <TextField
        {...register('depositCents')}
        label="Refundable deposit in US dollars (optional)"
        inputMode="decimal"
        hint="Billed on its own line, without tax or coupon discount. Leave empty for none."
        error={fieldError(errors, 'depositCents')}
      />
    </>
  );
}

/** Every role, or the roles ticked (the boxes keep their ticks while every role is chosen). */
function RolesFieldset({ register, errors, everyRole }: PartProps & { everyRole: boolean }) {
  const rolesError = fieldError(errors, 'roles');
  return (
    <fieldset className="adm-permissions">
      <legend>Who may order it</legend>
      <Checkbox {...register('everyRole')} label="Every role" />
      {everyRole
        ? null
        : PROPERTY_ROLES.map((role) => (
            <Checkbox key={role} {...register('roles')} value={role} label={ROLE_LABELS[role]} />
          ))}
      {rolesError ? <Alert tone="danger">{rolesError}</Alert> : null}
    </fieldset>
  );
}
