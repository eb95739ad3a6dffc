import {
  isValuationProduct,
  MESSAGES,
  ORDER_MESSAGES,
  type TOrder,
  type TPlaceOrderParsed,
} from '@lantern/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../features/auth/throttle/limits.ts';
import { servicesForProperty } from '../../features/properties/property-services.ts';
import type { CouponRefusal } from '../../rules/coupons.ts';
import { planMlsOrder } from '../../rules/mls-boards.ts';
import { wholeOrPage } from './paged-list.ts';
import type { ZodApp } from './zod-app.ts';

const COUPON_MESSAGES: Record<CouponRefusal, string> = {
  unknown: ORDER_MESSAGES.couponUnknown,
  notStarted: ORDER_MESSAGES.couponNotStarted,
  expired: ORDER_MESSAGES.couponExpired,
  notForProduct: ORDER_MESSAGES.couponNotForProduct,
  notForQuote: ORDER_MESSAGES.couponNotForQuote,
  usedUp: ORDER_MESSAGES.couponUsedUp,
  alreadyUsed: ORDER_MESSAGES.couponAlreadyUsed,
  firstOrderOnly: ORDER_MESSAGES.couponFirstOrderOnly,
};

/**
 * Order a service for a property, the one path of the browser's POST /api/dashboard/orders and
 * v1's POST /orders (issue 48): participants with can_edit may order what the property offers
 * them; everyone else on the property gets 403, anyone else 404. 201 with the order.
 */
export async function placeOrder(
  app: ZodApp,
  request: FastifyRequest,
  reply: FastifyReply,
  input: TPlaceOrderParsed,
) {
  const { userId } = request.user;
  const { property: hash, product: slug, coupon: code, board } = input;
  const found = await app.properties.findForUser(userId, hash);
  if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
  const { property, participant } = found;
  if (!participant.canEdit) return reply.code(403).send({ message: ORDER_MESSAGES.cannotOrder });

  const product = await offeredProduct(app, found, slug);
  if (!product) {
    return reply.code(422).send({
      message: MESSAGES.validationFailed,
      errors: { product: [ORDER_MESSAGES.notOffered] },
    });
  }
  const boardsFor = app.mlsListings.boardsFor;
  const plan = await planMlsOrder(boardsFor, property, product.slug, board);
  if (!plan.ok) return refuseMls(reply, plan.refusal);
  // Coupon codes cannot be found by trying: each order with one counts.
  if (code && !(await app.throttle.take(reply, LIMITS.couponTries, userId))) return reply;
  const placed = await app.orders.place({
    propertyId: property.id,
    state: property.state,
    userId,
    product,
    couponCode: code,
    ...(plan.mls ? { mls: plan.mls } : {}),
  });
  if (!placed.ok && placed.reason === 'coupon') {
    return reply.code(422).send({
      message: MESSAGES.validationFailed,
      errors: { coupon: [COUPON_MESSAGES[placed.refusal]] },
    });
  }
  if (!placed.ok && placed.reason === 'mls') return refuseMls(reply, placed.refusal);
  if (!placed.ok) return reply.code(409).send({ message: ORDER_MESSAGES.duplicate });
  await afterPlaced(app, request, { property, product, placed, plan });
  return reply.code(201).send({ order: placedView({ property, product, placed, plan }) });
}

type Found = NonNullable<Awaited<ReturnType<ZodApp['properties']['findForUser']>>>;
type Product = NonNullable<Awaited<ReturnType<ZodApp['orders']['productBySlug']>>>;
interface PlacedOrder {
  property: Found['property'];
  product: Product;
  placed: Extract<Awaited<ReturnType<ZodApp['orders']['place']>>, { ok: true }>;
  plan: Extract<Awaited<ReturnType<typeof planMlsOrder>>, { ok: true }>;
}

/** The product, when it is among the services offered for this property and this person's role. */
async function offeredProduct(app: ZodApp, { property, participant }: Found, slug: string) {
  const offered = await servicesForProperty(
    app.products,
    app.config.siteName,
    {
      state: property.state,
      county: property.county,
      role: participant.role,
    },
    !isValuationProduct(slug) || (await app.valuation.unoffered(property)) === null,
  );
  return offered[slug] ? await app.orders.productBySlug(slug) : undefined;
}

/** The order placed: audited, told to the CRM, and Free Comps made at once. */
async function afterPlaced(
  app: ZodApp,
  request: FastifyRequest,
  { property, product, placed, plan }: PlacedOrder,
) {
  // Recorded against the property, so its history on Admin → Properties lists the order.
  request.audit({
    action: 'order.place',
    recordType: 'property',
    recordId: property.hash,
    after: {
      order: placed.order.hash,
      product: product.slug,
      status: placed.order.status,
      board: plan.mls?.boardId ?? null,
    },
  });
  await app.crm.orderChanged(placed.order.id);
  // Free Comps is made at once, so the page shows it when the answer arrives.
  if (product.slug === 'free-comps' && placed.order.status === 'confirmed')
    await app.valuation.make(placed.order.id).catch((err: unknown) => {
      // The order stands; the sweep job makes the comparables a few minutes later.
      request.log.error({ err, order: placed.order.hash }, 'free comps were not made at once');
    });
}

/** The placed order as the dashboard shows it. */
const placedView = ({ property, product, placed, plan }: PlacedOrder): TOrder => ({
  hash: placed.order.hash,
  property: property.hash,
  product: product.slug,
  productName: product.name,
  priceCents: placed.order.priceCents,
  couponCode: placed.order.couponCode,
  status: placed.order.status,
  invoice: placed.invoiceHash,
  board: plan.mls?.boardName ?? null,
  createdAt: placed.order.createdAt.toISOString(),
});

/** An MLS listing order refused: the same board twice (409) or no board named (422), in words. */
function refuseMls(reply: FastifyReply, refusal: { status: 409 | 422; message: string }) {
  if (refusal.status === 409) return reply.code(409).send({ message: refusal.message });
  return reply
    .code(422)
    .send({ message: MESSAGES.validationFailed, errors: { board: [refusal.message] } });
}

type OrderRow = Awaited<ReturnType<ZodApp['orders']['listForProperty']>>[number];

/** An order row as the dashboard and /api/v1 show it. */
export const orderView = (row: OrderRow): TOrder => ({
  hash: row.order.hash,
  property: row.propertyHash,
  product: row.slug,
  productName: row.productName,
  priceCents: row.order.priceCents,
  couponCode: row.order.couponCode,
  status: row.order.status,
  invoice: row.invoiceHash,
  board: row.board,
  createdAt: row.order.createdAt.toISOString(),
});

/**
 * A property's orders, newest first (GET /api/dashboard/orders and v1's GET /orders): whole for
 * the dashboard, one page in the database under /api/v1 (the route sets `pagedInDatabase`).
 */
export async function propertyOrders(
  app: ZodApp,
  request: FastifyRequest,
  reply: FastifyReply,
  hash: string,
) {
  const found = await app.properties.findForUser(request.user.userId, hash);
  if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
  const id = found.property.id;
  const rows = await wholeOrPage(
    request,
    () => app.orders.listForProperty(id),
    (window) => app.orders.pageForProperty(id, window),
  );
  return { orders: rows.map(orderView) };
}
