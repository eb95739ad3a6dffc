import { PRODUCT_TEXTS, sameRoles, type TAdminProduct } from '@lantern/contracts';
import { PROPERTY_ROLES, ROLE_LABELS, type TPropertyRole } from '@lantern/domain';
import { ApiError } from '@lantern/domain/api-client';
import { Alert, Button, Checkbox, TextField } from '@lantern/ui';
import { type FormEvent, useState } from 'react';
import { useSaveProduct } from '../api/products.ts';
import { centsText, parseDollars } from './dollars.ts';

/** A product's name, description, price and who may order it (issue 20). */
export function ProductForm({ product, onDone }: { product: TAdminProduct; onDone: () => void }) {
  const save = useSaveProduct();
  const [name, setName] = useState(product.name);
  const [description, setDescription] = useState(product.description);
  const [quoted, setQuoted] = useState(product.priceCents === null);
  const [price, setPrice] = useState(
    product.priceCents === null ? '' : centsText(product.priceCents),
  );
  const [deposit, setDeposit] = useState(
    product.depositCents === null ? '' : centsText(product.depositCents),
  );
  const [depositError, setDepositError] = useState<string | undefined>();
  const [everyRole, setEveryRole] = useState(product.roles === null);
  const [roles, setRoles] = useState<TPropertyRole[]>(product.roles ?? []);
  const [priceError, setPriceError] = useState<string | undefined>();
  const error = save.error instanceof ApiError ? save.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = quoted ? null : parseDollars(price);
    if (!quoted && cents === null) {
      setPriceError(PRODUCT_TEXTS.price);
      return;
    }
    setPriceError(undefined);
    const depositCents = deposit.trim() === '' ? null : parseDollars(deposit);
    if (depositCents === 0 || (deposit.trim() !== '' && depositCents === null)) {
      setDepositError(PRODUCT_TEXTS.deposit);
      return;
    }
    setDepositError(undefined);
    // Roles go only when changed: a save of a description must never rewrite who may order.
    const chosen = everyRole ? null : roles;
    save.mutate(
      {
        slug: product.slug,
        input: {
          name,
          description,
          priceCents: cents,
          depositCents,
          ...(sameRoles(product.roles, chosen) ? {} : { roles: chosen }),
        },
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      {error && !error.field('name') && !error.field('description') ? (
        <Alert tone="danger">{error.message}</Alert>
      ) : null}
      <TextField
        label="Name"
        value={name}
        maxLength={80}
        required
        onChange={(e) => setName(e.target.value)}
        error={error?.field('name')}
      />
      <TextField
        label="Description"
        value={description}
        maxLength={1000}
        required
        onChange={(e) => setDescription(e.target.value)}
        error={error?.field('description')}
      />
      <Checkbox
        label="Quoted: no fixed price"
        hint="Orders become requests that staff price per property or agreement."
        checked={quoted}
        onChange={(e) => setQuoted(e.target.checked)}
      />
      {quoted ? null : (
        <TextField
          label="Price in US dollars"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          hint="For example 179 or 179.50. New orders use it; orders already placed keep theirs."
          error={priceError ?? error?.field('priceCents')}
        />
      )}
      <TextField
        label="Refundable deposit in US dollars (optional)"
        inputMode="decimal"
        value={deposit}
        onChange={(e) => setDeposit(e.target.value)}
        hint="Billed on its own line, without tax or coupon discount. Leave empty for none."
        error={depositError ?? error?.field('depositCents')}
      />
      <fieldset className="adm-permissions">
        <legend>Who may order it</legend>
        <Checkbox
          label="Every role"
          checked={everyRole}
          onChange={(e) => setEveryRole(e.target.checked)}
        />
        {everyRole
          ? null
          : PROPERTY_ROLES.map((role) => (
              <Checkbox
                key={role}
                label={ROLE_LABELS[role]}
                checked={roles.includes(role)}
                onChange={(e) =>
                  setRoles((current) =>
                    e.target.checked ? [...current, role] : current.filter((r) => r !== role),
                  )
                }
              />
            ))}
        {error?.field('roles') ? <Alert tone="danger">{error.field('roles')}</Alert> : null}
      </fieldset>
      <Button type="submit" loading={save.isPending}>
        Save product
      </Button>
    </form>
  );
}
