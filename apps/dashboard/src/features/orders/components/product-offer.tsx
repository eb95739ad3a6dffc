import {
  ApiError,
  formatPrice,
  MESSAGES,
  ORDER_STATUS_LABELS,
  type TOrder,
  type TProduct,
} from '@lantern/contracts';
import { Alert, Button, TextField } from '@lantern/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { usePlaceOrder } from '../api/place-order.ts';

export interface ProductOfferProps {
  product: TProduct;
  property: string;
  /** The property offers it to this user's role (services-for-property). */
  offered: boolean;
  /** The user may order for this property (can_edit). */
  canOrder: boolean;
  /** The product's active order on this property, if any. */
  order: TOrder | undefined;
  invoiceHref: (hash: string) => string;
}

const ON_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

const buttonLabel = (priceCents: number | null) =>
  priceCents === null
    ? 'Request a Quote'
    : priceCents === 0
      ? 'Get It Free'
      : `Order for ${formatPrice(priceCents)}`;

/** One catalogue product on a product page: its price and the action to order it. */
export function ProductOffer({
  product,
  property,
  offered,
  canOrder,
  order,
  invoiceHref,
}: ProductOfferProps) {
  const headingId = useId();
  const couponRef = useRef<HTMLInputElement>(null);
  const [coupon, setCoupon] = useState('');
  const [couponError, setCouponError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const place = usePlaceOrder();
  const placed = place.data?.order;
  const current = order ?? placed;
  const priced = product.priceCents !== null && product.priceCents > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setCouponError(undefined);
    setFormError(undefined);
    try {
      await place.mutateAsync({ property, product: product.slug, coupon: priced ? coupon : '' });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFormError(MESSAGES.networkError);
        return;
      }
      if (error.status === 401) return;
      const onCoupon = error.field('coupon');
      if (onCoupon) {
        setCouponError(onCoupon);
        couponRef.current?.focus();
        return;
      }
      setFormError(error.field('product') ?? error.body.message ?? MESSAGES.serverError);
    }
  }

  return (
    <li className="ds-product" aria-labelledby={headingId}>
      <h2 id={headingId} className="ds-product__name">
        {product.name}
      </h2>
      <span className="ds-product__price">
        {formatPrice(product.priceCents) ?? 'Priced for your property'}
      </span>
      <span className="ds-product__availability">{offered ? 'Available' : 'Not offered here'}</span>
      <p className="ds-product__description">{product.description}</p>
      {current ? (
        <div className="ds-product__order">
          <Alert tone={placed && !order ? 'success' : 'info'}>
            {current.status === 'quote_requested'
              ? `You asked for a quote on ${ON_DAY.format(new Date(current.createdAt))}. We will send you the quote when it is ready.`
              : `Ordered: ${ORDER_STATUS_LABELS[current.status]}.`}{' '}
            {current.invoice ? (
              <Link to={invoiceHref(current.invoice)}>View the invoice</Link>
            ) : null}
          </Alert>
        </div>
      ) : !offered ? null : !canOrder ? (
        <p className="ds-product__availability">
          Only participants who can edit this property can order it.
        </p>
      ) : (
        <form className="ds-product__order" noValidate onSubmit={submit}>
          {priced ? (
            <TextField
              ref={couponRef}
              label="Coupon code (optional)"
              name="coupon"
              autoComplete="off"
              maxLength={40}
              value={coupon}
              onChange={(e) => {
                setCoupon(e.target.value);
                setCouponError(undefined);
              }}
              error={couponError}
            />
          ) : null}
          {product.priceCents === null ? (
            <p className="ds-product__hint">
              We price this for your property and send you a quote before anything is charged.
            </p>
          ) : null}
          {formError ? <Alert tone="danger">{formError}</Alert> : null}
          <Button type="submit" loading={place.isPending}>
            {buttonLabel(product.priceCents)}
          </Button>
        </form>
      )}
    </li>
  );
}
