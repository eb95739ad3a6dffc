import { z } from 'zod';
import { MESSAGES } from '../errors.ts';

/** Where a subscription came from: the newsletter form, or the promoOptin box at sign-up. */
export const NEWSLETTER_SOURCES = ['newsletter', 'promo'] as const;
export type TNewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** POST /api/newsletter — the /newsletter page and the Connect menu's form. */
export const ZNewsletterSubscribeRequestSchema = z.object({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .max(254, MESSAGES.emailInvalid)
    .pipe(z.email({ error: MESSAGES.emailInvalid })),
});
export type TNewsletterSubscribeRequest = z.input<typeof ZNewsletterSubscribeRequestSchema>;

/**
 * The same answer whatever the address's state (new, waiting for confirmation, already
 * subscribed), so the form reveals nothing about who is on the list.
 */
export const ZNewsletterSubscribeResponseSchema = z.object({ message: z.string() });
export type TNewsletterSubscribeResponse = z.infer<typeof ZNewsletterSubscribeResponseSchema>;

/**
 * The opt-in box's label wherever an account is made (the sign-in page and the header's user
 * area): one wording, so a visitor is asked the same thing in both places. Ticked, it sets the
 * account's offers flag (promoOptin) and starts a newsletter subscription's double opt-in, whose
 * mail and confirmation page speak of "news and offers" too.
 */
export const NEWSLETTER_OPT_IN_LABEL = 'Send me news and offers';

export const NEWSLETTER_MESSAGES = {
  checkInbox:
    'Thanks! Check your inbox for a message from us and click the link in it to confirm your subscription.',
  linkExpired: 'This confirmation link is no longer valid.',
} as const;

/** Static pages the confirmation link ends on (apps/web/src/pages/newsletter/). */
export const NEWSLETTER_PATHS = {
  page: '/newsletter',
  /** The emailed link's page; it posts the fragment's token to `confirmApi`. */
  confirm: '/newsletter/confirm',
  confirmApi: '/api/newsletter/confirm',
  confirmed: '/newsletter/confirmed',
  promoConfirmed: '/newsletter/promo-confirmed',
  invalidLink: '/newsletter/link-expired',
  api: '/api/newsletter',
} as const;
