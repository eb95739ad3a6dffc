import type { TAccountSettings } from '@lantern/contracts';
import { type Db, newsletterSubscribers } from '@lantern/db';
import { eq } from 'drizzle-orm';
import type { NewsletterService } from '../newsletter/newsletter.ts';

type State = TAccountSettings['newsletter'];

/** The account's newsletter state, read from the double opt-in list (issue 3) by email. */
export async function newsletterState(
  newsletter: NewsletterService,
  email: string,
): Promise<State> {
  const row = await newsletter.find(email);
  return row?.status ?? 'none';
}

/**
 * Turning the newsletter on goes through the same double opt-in as the public form (a pending
 * row and a confirmation email); turning it off unsubscribes at once.
 */
export async function setNewsletter(
  db: Db,
  newsletter: NewsletterService,
  user: { id: number; email: string },
  wanted: boolean,
): Promise<void> {
  const state = await newsletterState(newsletter, user.email);
  const on = state === 'pending' || state === 'confirmed';
  if (wanted && !on) await newsletter.subscribe(user.email, 'newsletter', user.id);
  if (!wanted && on) {
    const row = await newsletter.find(user.email);
    if (!row) return;
    const at = new Date();
    await db
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', unsubscribedAt: at, updatedAt: at })
      .where(eq(newsletterSubscribers.id, row.id));
  }
}

/**
 * The list is keyed by address: when the account's email changes, its subscription follows,
 * unless the new address already has its own entry.
 */
export async function moveSubscription(
  db: Db,
  newsletter: NewsletterService,
  from: string,
  to: string,
): Promise<void> {
  const [old, taken] = await Promise.all([newsletter.find(from), newsletter.find(to)]);
  if (!old || taken) return;
  await db
    .update(newsletterSubscribers)
    .set({ email: to, updatedAt: new Date() })
    .where(eq(newsletterSubscribers.id, old.id));
}
