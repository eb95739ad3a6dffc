import { assertNoUnitOfWork } from '@lantern/db';
import Stripe from 'stripe';

/** Stripe-Signature timestamps older than this are refused (issue 17). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface CheckoutInput {
  invoiceHash: string;
  number: string;
  description: string;
  amountCents: number;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/**
 * The card processor, one small adapter over the `stripe` package (issue 17): a hosted Checkout
 * session for an invoice, a refund of a PaymentIntent, and webhook verification. Every call
 * carries an Idempotency-Key, so a retried request never charges or refunds twice.
 */
export interface CardProcessor {
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string; expiresAt: Date }>;
  refund(input: {
    paymentIntent: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** Close an open Checkout session so it can no longer be paid (its amount is out of date). */
  expireCheckout(sessionId: string): Promise<void>;
  /** The verified event, or a thrown error for an unsigned, tampered or stale one. */
  verify(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

export function createStripeProcessor(config: {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string | undefined;
}): CardProcessor {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  return {
    async createCheckout(input) {
      assertNoUnitOfWork('Stripe');
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: input.customerEmail,
          client_reference_id: input.invoiceHash,
          metadata: { invoice: input.invoiceHash },
          payment_intent_data: { metadata: { invoice: input.invoiceHash } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: input.amountCents,
                product_data: { name: `${input.number}: ${input.description}` },
              },
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },
    async expireCheckout(sessionId) {
      assertNoUnitOfWork('Stripe');
      await stripe.checkout.sessions.expire(sessionId, undefined, {
        idempotencyKey: `expire-${sessionId}`,
      });
    },
    async refund({ paymentIntent, amountCents, idempotencyKey }) {
      assertNoUnitOfWork('Stripe');
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents },
        { idempotencyKey },
      );
      return { id: refund.id };
    },
    verify(rawBody, signature) {
      if (!signature) throw new Error('missing Stripe-Signature');
      return stripe.webhooks.constructEvent(
        rawBody,
        signature,
        config.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    },
  };
}
