import { emailedLink, NEWSLETTER_PATHS, type TNewsletterSource } from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type BrandData, newsletterConfirmation, promoConfirmation } from '../index.ts';
import type { NewsletterSubscriberRepository } from '../newsletter-subscribers.repository.ts';
import type { Outbox } from '../outbox.ts';
import { createConfirmToken, verifyConfirmToken } from './tokens.ts';

/** A pending address gets at most one confirmation email in this period. */
export const RESEND_AFTER_MS = 10 * 60_000;

export interface NewsletterDeps {
  subscribers: NewsletterSubscriberRepository;
  /** Mail goes through the outbox, so an SMTP outage delays it instead of losing it (issue 8). */
  outbox: Pick<Outbox, 'send'>;
  secret: string;
  brand: BrandData;
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => number;
}

export type SubscribeOutcome = 'sent' | 'already-confirmed' | 'recently-sent';

/**
 * Double opt-in newsletter list (issue 3). `subscribe` never says whether an address was
 * already on the list: callers answer the same whatever the outcome.
 */
export function createNewsletterService({
  subscribers,
  outbox,
  secret,
  brand,
  log,
  now = Date.now,
}: NewsletterDeps) {
  const { find } = subscribers;

  async function subscribe(
    emailIn: string,
    source: TNewsletterSource,
    userId?: number,
  ): Promise<SubscribeOutcome> {
    const email = emailIn.trim();
    const at = new Date(now());
    let row = await find(email);
    if (row?.status === 'confirmed') return 'already-confirmed';
    if (
      row?.confirmationSentAt &&
      at.getTime() - row.confirmationSentAt.getTime() < RESEND_AFTER_MS
    ) {
      return 'recently-sent';
    }
    if (!row) {
      row = await subscribers.insertPending({ email, source, userId: userId ?? null, at });
      if (!row) {
        // Two requests for one address at once: the unique index kept the other's row; use it.
        row = await find(email);
        if (!row) throw new Error('newsletter row vanished');
        if (row.status === 'confirmed') return 'already-confirmed';
      }
    }
    await subscribers.markPending(row.id, { source, ...(userId ? { userId } : {}), at });
    const token = createConfirmToken(secret, { email, source, issuedAt: at.getTime() });
    const confirmUrl = emailedLink(brand.publicUrl, NEWSLETTER_PATHS.confirm, token);
    const content =
      source === 'promo'
        ? promoConfirmation(brand, { confirmUrl })
        : newsletterConfirmation(brand, { confirmUrl });
    await outbox.send({ to: email, ...content });
    return 'sent';
  }

  /** Confirms the address a genuine link names; the source tells which page to show. Idempotent. */
  async function confirm(token: string): Promise<{ source: TNewsletterSource } | null> {
    const claims = verifyConfirmToken(secret, token, now());
    if (!claims) return null;
    const at = new Date(now());
    const row = await find(claims.email);
    if (!row) await subscribers.insertConfirmed(claims.email, claims.source, at);
    else if (row.status !== 'confirmed') await subscribers.markConfirmed(row.id, at);
    return { source: claims.source };
  }

  /** For sign-up's promoOptin: failures are logged, never allowed to fail the sign-up. */
  async function subscribeQuietly(email: string, source: TNewsletterSource, userId?: number) {
    try {
      await subscribe(email, source, userId);
    } catch (err) {
      log.error({ err }, 'newsletter confirmation could not be sent');
    }
  }

  /** Off the list at once (no confirmation needed to leave). */
  async function unsubscribe(email: string): Promise<void> {
    const row = await find(email);
    if (row) await subscribers.markUnsubscribed(row.id, new Date(now()));
  }

  /**
   * The list is keyed by address: when an account's email changes, its subscription follows,
   * unless the new address already has its own entry.
   */
  async function moveAddress(from: string, to: string): Promise<void> {
    const [old, taken] = await Promise.all([find(from), find(to)]);
    if (old && !taken) await subscribers.changeEmail(old.id, to);
  }

  return { subscribe, confirm, subscribeQuietly, find, unsubscribe, moveAddress };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
