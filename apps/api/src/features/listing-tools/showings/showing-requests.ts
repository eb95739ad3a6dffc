import type { Listing, ShowingRequest } from '@lantern/db';
import { LEAD_MAX_LINKS, LEAD_SPAM_TEXTS, linkCount, SHOWING_TEXTS } from '@lantern/domain';
import type { ShowingRow } from '../showings.repository.ts';
import { ok, refuse, type ShowingContext } from './showing-context.ts';
import { announceRequest } from './showing-mail.ts';
import type { ShowingOutcome, ShowingRequestInput } from './showing-types.ts';
import { ownerView } from './showing-views.ts';

const T = SHOWING_TEXTS;

/** The refusal of a form whose name has a link or whose note has too many; else null. */
function spamRefusal(input: ShowingRequestInput) {
  if (linkCount(input.note) > LEAD_MAX_LINKS || linkCount(input.name) > 0) {
    const errors: Record<string, string[]> =
      linkCount(input.name) > 0
        ? { name: [T.errors.name] }
        : { note: [LEAD_SPAM_TEXTS.tooManyLinks] };
    return refuse(422, Object.values(errors)[0]?.[0] ?? T.errors.note, errors);
  }
  return null;
}

/** Tell the owners and the webhooks of a stored request. */
async function announceNew(ctx: ShowingContext, row: ShowingRow) {
  await announceRequest(ctx, row);
  await ctx.deps.webhooks?.emit(
    'showing.requested',
    { propertyId: row.propertyId },
    (property) => ({
      property,
      showing: {
        hash: row.showing.hash,
        start: row.showing.startAt.toISOString(),
        timeZone: ctx.zoneOf(row.listing.state),
        status: row.showing.status,
      },
    }),
  );
}

/** A visitor's request from the listing page, and the owners' list of requests. */
export function showingRequests(ctx: ShowingContext) {
  const { deps, repo } = ctx;
  return {
    /**
     * A visitor's request from the listing page. A bot that filled the honeypot gets the same
     * answer and nothing is stored or sent.
     */
    async request(
      listingHash: string,
      input: ShowingRequestInput,
    ): Promise<ShowingOutcome<{ message: string; showing: ShowingRequest | null }>> {
      const listing: Listing | undefined = await deps.listings.published(listingHash);
      if (!listing) return refuse(404, T.refusals.notFound);
      if (listing.status !== 'active' && listing.status !== 'pending') {
        return refuse(409, T.errors.notTaking);
      }
      const sent = { message: T.form.sent(input.email), showing: null };
      if (input.website?.trim()) return ok(sent);
      const spam = spamRefusal(input);
      if (spam) return spam;
      const checked = ctx.startFrom(
        { date: input.date, time: input.time },
        ctx.zoneOf(listing.state),
      );
      if (!checked.ok) {
        return refuse(422, Object.values(checked.errors)[0]?.[0] ?? T.errors.time, checked.errors);
      }
      const showing = await repo.create({
        listingId: listing.id,
        buyerName: input.name,
        buyerEmail: input.email,
        buyerPhone: input.phone,
        start: checked.start,
        durationMinutes: input.duration,
        note: input.note,
      });
      await deps.analytics.count(showing.listingId, 'ShowingRequestedCount');
      const row = await repo.find(showing.hash);
      if (row) await announceNew(ctx, row);
      return ok({ ...sent, showing });
    },

    /** The requests of the property's public listing(s), for its owners; newest first. */
    async forOwner(page: { property: { id: number; state: string } }) {
      const rows = await repo.forProperty(page.property.id);
      const events = await repo.events(rows.map((r) => r.showing.id));
      return {
        timeZone: ctx.zoneOf(page.property.state),
        showings: rows.map((r) => ownerView(r, events.get(r.showing.id) ?? [])),
      };
    },
  };
}
