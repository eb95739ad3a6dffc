import { emailedLink, NEWSLETTER_PATHS, type TNewsletterSource } from '@lantern/contracts';
import { type Db, newsletterSubscribers } from '@lantern/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type BrandData, newsletterConfirmation, promoConfirmation } from '../mail/index.ts';
import type { Outbox } from '../mail/outbox.ts';
import { createConfirmToken, verifyConfirmToken } from './tokens.ts';

/** A pending address gets at most one confirmation email in this period. */
export const RESEND_AFTER_MS = 10 * 60_000;

export interface NewsletterDeps {
  db: Db;
  /** Mail goes through the outbox, so an SMTP outage delays it instead of losing it (issue 8). */
  outbox: Pick<Outbox, 'send'>;
  secret: string;
  brand: BrandData;
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => number;
}

export type SubscribeOutcome = 'sent' | 'already-confirmed' | 'recently-sent';

const byEmail = (email: string) => sql`lower(${newsletterSubscribers.email}) = lower(${email})`;

/**
 * Double opt-in newsletter list (issue 3). `subscribe` never says whether an address was
 * already on the list: callers answer the same whatever the outcome.
 */
export function createNewsletterService({
  db,
  outbox,
  secret,
  brand,
  log,
  now = Date.now,
}: NewsletterDeps) {
  async function find(email: string) {
    const [row] = await db.select().from(newsletterSubscribers).where(byEmail(email)).limit(1);
    return row;
  }

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
      try {
        [row] = await db
          .insert(newsletterSubscribers)
          .values({ email, source, userId: userId ?? null, confirmationSentAt: at })
          .returning();
      } catch (err) {
        // Two requests for one address at once: the unique index keeps one row; use it.
        row = await find(email);
        if (!row) throw err;
        if (row.status === 'confirmed') return 'already-confirmed';
      }
    }
    if (row) {
      await db
        .update(newsletterSubscribers)
        .set({
          status: 'pending',
          source,
          ...(userId ? { userId } : {}),
          confirmationSentAt: at,
          updatedAt: at,
        })
        .where(eq(newsletterSubscribers.id, row.id));
    }
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
    if (!row) {
      await db
        .insert(newsletterSubscribers)
        .values({
          email: claims.email,
          source: claims.source,
          status: 'confirmed',
          confirmedAt: at,
        })
        .onConflictDoNothing();
      return { source: claims.source };
    }
    if (row.status !== 'confirmed') {
      await db
        .update(newsletterSubscribers)
        .set({ status: 'confirmed', confirmedAt: at, unsubscribedAt: null, updatedAt: at })
        .where(eq(newsletterSubscribers.id, row.id));
    }
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

  return { subscribe, confirm, subscribeQuietly, find };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
