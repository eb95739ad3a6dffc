import {
  CONCIERGE_LISTING_TEXTS as CL,
  MESSAGES,
  streetAddressUnit,
  type TMlsListing,
} from '@lantern/contracts';
import { mlsListingStepPath } from '@lantern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Outbox } from '../mail/outbox.ts';
import { type BrandData, listingConciergeHanded } from '../mail/templates.ts';
import type { RealtimeService } from '../realtime/realtime-service.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { ConciergeRepository, DraftOutcome } from './concierge.repository.ts';
import { asBefore, conciergeChanges } from './concierge-changes.ts';
import type { ListingContext, MlsListingService, Opened } from './mls-listing.ts';
import type { MlsListingRepository } from './mls-listings.repository.ts';
import { recipients } from './review.ts';

export interface ConciergeDraftDeps {
  repo: ConciergeRepository;
  listings: Pick<MlsListingRepository, 'forProperty' | 'snapshot'>;
  listingService: Pick<MlsListingService, 'context' | 'view'>;
  outbox: Pick<Outbox, 'enqueue'>;
  realtime: Pick<RealtimeService, 'publishToProperty'>;
  brand: BrandData;
  log: Pick<FastifyBaseLogger, 'error'>;
}

type Snap = { holder: number | null; handedAt: string | null };
export interface DraftChange {
  hash: string;
  before: Snap;
  after: Snap;
}

const REFUSALS: Record<Exclude<DraftOutcome, { ok: true }>['reason'], [409 | 404, string]> = {
  gone: [404, MESSAGES.notFound],
  notDraft: [409, CL.notDraft],
  notConciergeListing: [409, CL.notConciergeListing],
  heldByOther: [409, CL.heldByOther],
  pendingReview: [409, CL.pendingReview],
  notHeld: [409, CL.notHeld],
};

const snap = (l: { conciergeHolderId: number | null; conciergeHandedAt: Date | null }): Snap => ({
  holder: l.conciergeHolderId,
  handedAt: l.conciergeHandedAt?.toISOString() ?? null,
});

/**
 * The concierge listing (issue 39; docs/decisions/065): the concierge assigned to a property
 * opens its owners' MLS listing draft, edits it through the builder's own rules (the listing
 * service with `actingConcierge`), and hands it back for the owners to review and sign.
 */
export function createConciergeDraftService(deps: ConciergeDraftDeps) {
  const { repo } = deps;

  /** Told after the change is committed: a failure is logged, never undoes it. */
  async function publish(ctx: ListingContext) {
    try {
      await deps.realtime.publishToProperty(ctx.property.hash, {
        event: 'ListingUpdated',
        data: { hash: ctx.row.listing.hash, status: ctx.row.listing.status },
      });
    } catch (err) {
      deps.log.error({ err, listing: ctx.row.listing.hash }, 'concierge draft event failed');
    }
  }

  return {
    /** The draft of a property assigned to this concierge; any other property answers 404. */
    async open(userId: number, propertyHash: string): Promise<Opened> {
      const property = await repo.propertyFor(userId, propertyHash);
      const row = property ? await deps.listings.forProperty(property.id) : undefined;
      if (!property || !row || !(await repo.assigned(row.listing.id, userId)))
        return { ok: false, status: 404, message: MESSAGES.notFound };
      const canEdit = row.listing.conciergeHolderId === userId;
      const ctx = await deps.listingService.context(
        { property, participant: { canEdit, role: 'seller' } },
        userId,
        row,
        true,
      );
      return { ok: true, ctx };
    },

    view: (ctx: ListingContext): Promise<TMlsListing> => deps.listingService.view(ctx),

    async take(ctx: ListingContext): Promise<Outcome<DraftChange>> {
      const done = await repo.take(ctx.row.listing.id, ctx.userId);
      if (!done.ok) return refuse(...REFUSALS[done.reason]);
      await publish(ctx);
      return ok({ hash: ctx.row.listing.hash, before: snap(done.before), after: snap(done.after) });
    },

    async handOver(ctx: ListingContext): Promise<Outcome<DraftChange>> {
      const done = await repo.handOver(ctx.row.listing.id, ctx.userId);
      if (!done.ok) return refuse(...REFUSALS[done.reason]);
      await publish(ctx);
      try {
        const before = asBefore(done.after.conciergeBefore);
        const now = await deps.listings.snapshot(done.after);
        const mail = listingConciergeHanded(deps.brand, {
          street: streetAddressUnit(ctx.property.street, ctx.property.unit),
          concierge: ctx.conciergeName ?? '',
          changes: before ? conciergeChanges(before, now).length : 0,
          listingUrl: `${deps.brand.publicUrl}${mlsListingStepPath('form')}?property=${encodeURIComponent(ctx.property.hash)}`,
        });
        for (const to of recipients(done.after.fields, await repo.orderedBy(ctx.row.order.id)))
          await deps.outbox.enqueue({ to, ...mail });
      } catch (err) {
        deps.log.error({ err, listing: ctx.row.listing.hash }, 'concierge hand-over mail failed');
      }
      return ok({ hash: ctx.row.listing.hash, before: snap(done.before), after: snap(done.after) });
    },
  };
}
export type ConciergeDraftService = ReturnType<typeof createConciergeDraftService>;
