import {
  formatPrice,
  ORDER_STATUS_LABELS,
  priceText,
  REPRESENTATION_TERMS,
  type TOrder,
  type TProduct,
  ZPlaceOrderRequestSchema,
} from '@lantern/contracts';
import { ApiError } from '@lantern/domain';
import {
  Alert,
  Button,
  fieldError,
  formError,
  setApiErrors,
  TextField,
  useSchemaForm,
} from '@lantern/ui';
import { useId } from 'react';
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
  /** The product name's heading level: 2 on its own product page, 3 inside a page's section. */
  headingLevel?: 2 | 3;
  /**
   * The id of what the page says must be done before ordering (the Valuation page's living
   * area): the order button is disabled and described by it.
   */
  blockedBy?: string | undefined;
}

/** What the order button's form holds: the coupon (the property and product come from the page). */
const ZOrderFormSchema = ZPlaceOrderRequestSchema.pick({ coupon: true });

const ON_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

const buttonLabel = (slug: string, priceCents: number | null) =>
  REPRESENTATION_TERMS[slug]
    ? 'Request an Agent'
    : priceCents === null
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
  headingLevel = 2,
  blockedBy,
}: ProductOfferProps) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const place = usePlaceOrder();
  const placed = place.data?.order;
  const current = order ?? placed;
  const priced = product.priceCents !== null && product.priceCents > 0;
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useSchemaForm(ZOrderFormSchema, { defaultValues: { coupon: '' } });

  const submit = handleSubmit(async ({ coupon }) => {
    try {
      await place.mutateAsync({ property, product: product.slug, coupon: priced ? coupon : '' });
    } catch (error) {
      // A 401 is already on its way to the login page.
      if (error instanceof ApiError && error.status === 401) return;
      setApiErrors(error, setError, ['coupon'], { aboveForm: ['product'] });
    }
  });
  const formMessage = formError(errors);

  return (
    <li className="ds-product" aria-labelledby={headingId}>
      <Heading id={headingId} className="ds-product__name">
        {product.name}
      </Heading>
      <span className="ds-product__price">{priceText(product)}</span>
      <span className="ds-product__availability">{offered ? 'Available' : 'Not offered here'}</span>
      <p className="ds-product__description">{product.description}</p>
      {current ? (
        <div className="ds-product__order">
          <Alert tone={placed && !order ? 'success' : 'info'}>
            {current.status === 'quote_requested' && REPRESENTATION_TERMS[product.slug]
              ? `You asked for an agent on ${ON_DAY.format(new Date(current.createdAt))}. We will call you to agree the terms; nothing is charged now.`
              : current.status === 'quote_requested'
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
              {...register('coupon', { onChange: () => clearErrors('coupon') })}
              label="Coupon code (optional)"
              autoComplete="off"
              maxLength={40}
              error={fieldError(errors, 'coupon')}
            />
          ) : null}
          {product.priceCents === null ? (
            <p className="ds-product__hint">
              We price this for your property and send you a quote before anything is charged.
            </p>
          ) : null}
          {formMessage ? <Alert tone="danger">{formMessage}</Alert> : null}
          <Button
            type="submit"
            loading={isSubmitting}
            disabled={!!blockedBy}
            aria-describedby={blockedBy}
          >
            {buttonLabel(product.slug, product.priceCents)}
          </Button>
        </form>
      )}
    </li>
  );
}
