import type { TShowingChannel } from '@lantern/domain';
import type { JobRunner } from '../../jobs/runner.ts';
import type { BrandData } from '../../mail/templates.ts';
import type { ListingRepository } from '../../public-listings/listings.repository.ts';
import type { WebhookEmitter } from '../../webhooks/webhooks.ts';
import type { ShowingRepository } from '../showings.repository.ts';

// The showing service's types, apart so that its showing-* sub-modules and showings.ts can
// share them without importing each other (issue 42).

/** Who acts on a showing: an owner of the listing (by account), or the buyer (by their link). */
export type ShowingActor =
  | { side: 'seller'; userId: number; via: Exclude<TShowingChannel, 'form'> }
  | { side: 'buyer'; via: 'mail' };

/** A rule's answer: done, or refused with the status and words for the person. */
export type ShowingOutcome<V, S extends number = 404 | 409 | 410 | 422> =
  | { ok: true; value: V }
  | { ok: false; status: S; message: string; errors?: Record<string, string[]> };

/** What the listing page's form sends, once the contract's schema has read it. */
export interface ShowingRequestInput {
  name: string;
  email: string;
  phone: string;
  date: string;
  time: string;
  duration: number;
  note: string;
  /** The honeypot: people leave it empty. */
  website?: string | undefined;
}

export interface ShowingServiceDeps {
  repo: ShowingRepository;
  listings: Pick<ListingRepository, 'published'>;
  /** Mails go as `mail.send` jobs (the outbox), retried while SMTP is down. */
  jobs: Pick<JobRunner, 'enqueue'>;
  brand: BrandData;
  /** The From header of our mail: the invitations' ORGANIZER. */
  mailFrom: string;
  /** Signs the mailed links (SESSION_SECRET). */
  secret: string;
  /**
   * Owners who turned lead texts on get each request by text and may answer it by text
   * (text for info, decision 044): who they are, and the quiet-hours sender.
   */
  leadTexts: {
    recipients(listingId: number): Promise<{ userId: number; phone: string }[]>;
    send(text: {
      to: string;
      kind: 'showing_request' | 'showing_answer';
      body: string;
      userId: number;
      timeZone: string;
      dedupeKey: string;
    }): Promise<unknown>;
  };
  siteName: string;
  /** Listing analytics: each stored request counts (ShowingRequestedCount). */
  analytics: { count(listingId: number, metric: 'ShowingRequestedCount'): Promise<void> };
  /** Outbound webhooks: `showing.requested` (issue 25). */
  webhooks?: WebhookEmitter | undefined;
  now?: () => Date;
}
