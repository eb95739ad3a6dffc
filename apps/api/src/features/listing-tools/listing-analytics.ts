import {
  LISTING_ANALYTICS_DAYS_DEFAULT,
  LISTING_ANALYTICS_DAYS_MAX,
  LISTING_ANALYTICS_LABELS,
  LISTING_ANALYTICS_METRICS,
  LISTING_SUMMARY_UNSUBSCRIBE_PATH,
  LISTING_TOOLS_PAGES,
  REPORT_TEXTS,
  type TListingAnalytics,
  type TListingAnalyticsCountable,
  type TListingAnalyticsFigures,
  type TListingAnalyticsQuery,
} from '@lantern/contracts';
import { addDays, eachDay } from '@lantern/domain';
import type { FastifyBaseLogger } from 'fastify';
import { readSigned, signClaims } from '../../lib/keyed-hash.ts';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { MAIL_JOB } from '../mail/outbox.ts';
import { type BrandData, listingWeeklySummary } from '../mail/templates.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import { dayIn } from '../staff/reports/days.ts';
import { isBotAgent, summaryWeek, visitorHash, weekWords } from './analytics-rules.ts';
import type { ListingAnalyticsRepository } from './listing-analytics.repository.ts';

/** Scheduled hourly: forget the visitors and salts of days that have ended (in their zone). */
export const ANALYTICS_CLEANUP_JOB = 'listing-analytics.cleanup';
/** Scheduled hourly: the weekly summaries whose Monday morning has come (once per listing and week). */
export const ANALYTICS_SUMMARY_JOB = 'listing-analytics.weekly-summary';

const UNSUBSCRIBE_PURPOSE = 'listing-summary-unsubscribe';

/** The listing a beacon is about: its public row's id and state (its time zone's). */
export interface BeaconListing {
  id: number;
  state: string;
}

export interface Visitor {
  ip: string;
  userAgent: string | undefined;
}

export interface ListingAnalyticsDeps {
  repo: ListingAnalyticsRepository;
  jobs: JobRunner;
  /** SESSION_SECRET: signs the unsubscribe links. */
  secret: string;
  brand: BrandData;
  /** BUSINESS_POSTAL_ADDRESS; without it no summary is sent. */
  postalAddress: string | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

const zeros = (): TListingAnalyticsFigures => ({
  ViewCount: 0,
  UniqueVisitorCount: 0,
  PhotoGalleryCount: 0,
  InquiryCount: 0,
  ShowingRequestedCount: 0,
  TextCount: 0,
});

const unsubscribeUrl = (deps: ListingAnalyticsDeps, userHash: string) =>
  `${deps.brand.publicUrl}${LISTING_SUMMARY_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(
    signClaims(deps.secret, UNSUBSCRIBE_PURPOSE, [userHash]),
  )}`;

/** The user an unsubscribe token names; null for a token we did not sign. */
async function tokenUser(deps: ListingAnalyticsDeps, token: string) {
  const claims = readSigned(deps.secret, UNSUBSCRIBE_PURPOSE, token);
  const hash = claims?.[0];
  if (typeof hash !== 'string' || claims?.length !== 1) return null;
  return (await deps.repo.userByHash(hash)) ?? null;
}

/** Every day from `from` to `to` with its figures (zeros where nothing was counted), and the totals. */
function dayFigures(
  from: string,
  to: string,
  rows: ReadonlyMap<string, Awaited<ReturnType<ListingAnalyticsRepository['days']>>[number]>,
) {
  const totals = zeros();
  const days = eachDay(from, to).map((day) => {
    const row = rows.get(day);
    const figures = zeros();
    for (const m of LISTING_ANALYTICS_METRICS) {
      figures[m] = row?.[m] ?? 0;
      totals[m] += figures[m];
    }
    return { day, ...figures };
  });
  return { days, totals };
}

type SummaryCandidate = Awaited<
  ReturnType<ListingAnalyticsRepository['summaryCandidates']>
>[number];
type SummaryRecipient = Awaited<
  ReturnType<ListingAnalyticsRepository['summaryRecipients']>
>[number];

/** One owner's weekly summary mail, queued once per listing, week and address. */
async function queueSummary(
  deps: ListingAnalyticsDeps,
  postalAddress: string,
  c: SummaryCandidate,
  r: SummaryRecipient,
  week: { from: string; to: string },
  totals: Awaited<ReturnType<ListingAnalyticsRepository['totals']>>,
) {
  const link = unsubscribeUrl(deps, r.hash);
  const mail = listingWeeklySummary(deps.brand, {
    street: c.streetAddress,
    week: weekWords(week.from, week.to),
    views: totals.ViewCount,
    figures: LISTING_ANALYTICS_METRICS.map((m) => ({
      label: LISTING_ANALYTICS_LABELS[m],
      value: totals[m],
    })),
    analyticsUrl: `${deps.brand.publicUrl}${LISTING_TOOLS_PAGES.tab('analytics', c.propertyHash)}`,
    unsubscribeUrl: link,
    postalAddress,
  });
  await deps.jobs.enqueue(
    MAIL_JOB,
    {
      to: r.email,
      ...mail,
      // RFC 2369 and RFC 8058: mail programs offer an unsubscribe button that POSTs here.
      headers: {
        'List-Unsubscribe': `<${link}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
    { dedupeKey: `listing-summary:${c.listingHash}:${week.from}:${r.email.toLowerCase()}` },
  );
}

/** What the page's beacons and the other tools count. */
function analyticsCounts({ repo }: ListingAnalyticsDeps) {
  return {
    /**
     * One more inquiry, showing request, text or gallery open for the public listing `listingId`
     * (listings.id), on the day `at` falls on in the listing's time zone. Safe under concurrency
     * (one upsert that increments). A listing that does not exist is ignored.
     *
     *     await app.listingAnalytics.count(listing.id, 'InquiryCount');
     */
    async count(
      listingId: number,
      metric: TListingAnalyticsCountable,
      at: Date = new Date(),
    ): Promise<void> {
      const state = await repo.stateOf(listingId);
      if (state === undefined) return;
      await repo.increment(listingId, dayIn(timeZoneOfState(state), at), metric);
    },

    /**
     * A page view from the listing page's beacon: ViewCount + 1, and UniqueVisitorCount + 1 for
     * the first view of the day by this visitor. Known bots count nothing.
     */
    async recordView(
      listing: BeaconListing,
      visitor: Visitor,
      at: Date = new Date(),
    ): Promise<'counted' | 'bot'> {
      if (isBotAgent(visitor.userAgent)) return 'bot';
      const zone = timeZoneOfState(listing.state);
      const day = dayIn(zone, at);
      const salt = await repo.saltFor(zone, day);
      const hash = visitorHash(salt, listing.id, visitor.ip, visitor.userAgent ?? '');
      await repo.addView(listing.id, day, zone, hash);
      return 'counted';
    },

    /** The gallery was opened (the visitor went past the first photo); known bots count nothing. */
    async recordGalleryOpen(
      listing: BeaconListing,
      visitor: Visitor,
      at: Date = new Date(),
    ): Promise<'counted' | 'bot'> {
      if (isBotAgent(visitor.userAgent)) return 'bot';
      await repo.increment(
        listing.id,
        dayIn(timeZoneOfState(listing.state), at),
        'PhotoGalleryCount',
      );
      return 'counted';
    },
  };
}

/** The owners' read of the days, and forgetting the visitors of ended days. */
function analyticsReads({ repo }: ListingAnalyticsDeps) {
  return {
    /**
     * Every day of the range for the owners (zeros included): `to` defaults to today in the
     * listing's zone and `from` to 29 days before it; at most LISTING_ANALYTICS_DAYS_MAX days.
     */
    async series(
      listing: BeaconListing,
      userId: number,
      query: Omit<TListingAnalyticsQuery, 'property'>,
      now: Date = new Date(),
    ): Promise<Outcome<TListingAnalytics>> {
      const zone = timeZoneOfState(listing.state);
      const today = dayIn(zone, now);
      const to = query.to ?? today;
      const from = query.from ?? addDays(to, -(LISTING_ANALYTICS_DAYS_DEFAULT - 1));
      if (from > to) {
        return refuse(422, REPORT_TEXTS.dayFromAfterTo, { from: [REPORT_TEXTS.dayFromAfterTo] });
      }
      if (addDays(from, LISTING_ANALYTICS_DAYS_MAX - 1) < to) {
        return refuse(422, REPORT_TEXTS.tooManyDays, { from: [REPORT_TEXTS.tooManyDays] });
      }
      const rows = new Map((await repo.days(listing.id, from, to)).map((r) => [r.day, r]));
      const { days, totals } = dayFigures(from, to, rows);
      return ok({
        from,
        to,
        timeZone: zone,
        today,
        days,
        totals,
        weeklySummary: !(await repo.optedOut(userId)),
      });
    },

    /** Forget the visitors and salts of every day that has ended where it was counted. */
    endPastDays: (now: Date = new Date()) => repo.endPastDays(now),
  };
}

/** The weekly summary by mail and its unsubscribe. */
function analyticsSummaries(deps: ListingAnalyticsDeps) {
  const { repo } = deps;
  let warnedNoAddress = false;
  return {
    /**
     * Queue the weekly summary of every listing on the market whose Monday morning has come and
     * whose last week is not summed yet, one mail per owner. A week with nothing at all is marked
     * and not sent. Without BUSINESS_POSTAL_ADDRESS nothing is sent (logged once). Returns how
     * many mails were queued.
     */
    async sendWeeklySummaries(now: Date = new Date()): Promise<number> {
      if (!deps.postalAddress) {
        if (!warnedNoAddress) {
          warnedNoAddress = true;
          deps.log.warn(
            'weekly listing summaries are not sent: BUSINESS_POSTAL_ADDRESS is not set, and marketing mail must carry a postal address',
          );
        }
        return 0;
      }
      let queued = 0;
      for (const c of await repo.summaryCandidates()) {
        const zone = timeZoneOfState(c.state);
        const week = summaryWeek(zone, now);
        if (c.lastWeek !== null && c.lastWeek >= week.from) continue;
        const totals = await repo.totals(c.listingId, week.from, week.to);
        const any = LISTING_ANALYTICS_METRICS.some((m) => totals[m] > 0);
        const recipients = any ? await repo.summaryRecipients(c.propertyHash) : [];
        for (const r of recipients) {
          await queueSummary(deps, deps.postalAddress, c, r, week, totals);
          queued++;
        }
        await repo.markWeek(c.listingId, week.from, recipients.length);
      }
      return queued;
    },

    /** The address of a user's unsubscribe link (tests and the mail). */
    unsubscribeUrl: (userHash: string) => unsubscribeUrl(deps, userHash),

    /**
     * Who an unsubscribe token is for and whether the summary still goes to them (the page asks
     * to confirm, or says it is done), or null.
     */
    async unsubscribeTarget(token: string): Promise<{ email: string; subscribed: boolean } | null> {
      const user = await tokenUser(deps, token);
      return user ? { email: user.email, subscribed: !(await repo.optedOut(user.id)) } : null;
    },

    /** Stop the weekly summary for the token's user; null for a token we did not sign. */
    async unsubscribe(token: string): Promise<{ email: string } | null> {
      const user = await tokenUser(deps, token);
      if (!user) return null;
      await repo.optOut(user.id);
      return { email: user.email };
    },

    /** The signed-in owner turns the weekly summary on or off (the Analytics tab). */
    async setWeeklySummary(userId: number, on: boolean): Promise<boolean> {
      if (on) await repo.optIn(userId);
      else await repo.optOut(userId);
      return on;
    },
  };
}

/**
 * Listing analytics (issue 22, "Listing analytics"; docs/decisions/042-listing-analytics.md):
 * counts per public listing per day of the listing's own time zone, no cookies and no third
 * parties. Other tools add their leads with `count`; the page's beacons add views and gallery
 * opens; owners read the days; a weekly summary goes to the owners by mail.
 */
export function createListingAnalytics(deps: ListingAnalyticsDeps) {
  return {
    ...analyticsCounts(deps),
    ...analyticsReads(deps),
    ...analyticsSummaries(deps),
  };
}
export type ListingAnalytics = ReturnType<typeof createListingAnalytics>;
