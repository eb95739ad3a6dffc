import {
  MESSAGES,
  PHOTO_REASON_PREFIX,
  photoReasonKey,
  returnReasonLabel,
  streetAddressUnit,
  type TConciergeReturnRequest,
} from '@lantern/contracts';
import { CONCIERGE_TEXTS as CT, mlsListingStepPath, type TMlsListingStatus } from '@lantern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Outbox } from '../mail/outbox.ts';
import {
  type BrandData,
  listingConciergeReady,
  listingConciergeReturned,
  type MailContent,
} from '../mail/templates.ts';
import { mlsPhotoOwner, type PhotoService } from '../photos/photos.ts';
import type { RealtimeService } from '../realtime/realtime-service.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { ConciergeRepository } from './concierge.repository.ts';
import { groupReasons, recipients } from './review.ts';

export interface ConciergeDeps {
  repo: ConciergeRepository;
  photos: Pick<PhotoService, 'list'>;
  outbox: Pick<Outbox, 'enqueue'>;
  realtime: Pick<RealtimeService, 'publishToProperty'>;
  brand: BrandData;
  log: Pick<FastifyBaseLogger, 'error'>;
}

type Found = NonNullable<Awaited<ReturnType<ConciergeRepository['findFor']>>>;
type Snap = { status: TMlsListingStatus; returnReasons: unknown };
export interface ConciergeDecision {
  hash: string;
  before: Snap;
  after: Snap;
}

/**
 * The concierge's review of a signed MLS listing before staff (issue 24; docs/decisions/048):
 * return it to the customer with notes beside its fields and photos, or mark it ready for staff.
 * Only the concierge assigned to it sees it (anyone else: 404); each action runs under the
 * listing's row lock while it is with them (409 otherwise), then the owners are mailed and the
 * property's pages told over the socket.
 */
export function createConciergeService(deps: ConciergeDeps) {
  const { repo } = deps;
  const reviewUrl = (propertyHash: string) =>
    `${deps.brand.publicUrl}${mlsListingStepPath('review')}?property=${encodeURIComponent(propertyHash)}`;

  /** The action is committed: a failure to tell people is logged, never undoes it. */
  async function tell(found: Found, status: TMlsListingStatus, mail: MailContent) {
    try {
      for (const to of recipients(found.listing.fields, found.orderedBy))
        await deps.outbox.enqueue({ to, ...mail });
      await deps.realtime.publishToProperty(found.property.hash, {
        event: 'ListingUpdated',
        data: { hash: found.listing.hash, status },
      });
    } catch (err) {
      deps.log.error({ err, listing: found.listing.hash }, 'concierge notification failed');
    }
  }

  const snap = (l: { status: TMlsListingStatus; returnReasons: unknown }): Snap => ({
    status: l.status,
    returnReasons: l.returnReasons,
  });

  return {
    async returnToCustomer(
      userId: number,
      hash: string,
      body: TConciergeReturnRequest,
    ): Promise<Outcome<ConciergeDecision>> {
      const found = await repo.findFor(userId, hash);
      if (!found) return refuse(404, MESSAGES.notFound);
      if (found.listing.status !== 'concierge') return refuse(409, CT.notWaiting);
      // A note on a photo names one of the listing's shown photos; its place is said in words.
      const ready = (await deps.photos.list(mlsPhotoOwner(found.listing))).filter(
        (p) => p.status === 'ready',
      );
      const place = new Map(ready.map((p, i) => [photoReasonKey(p.hash), i + 1]));
      const errors: Record<string, string[]> = {};
      body.notes.forEach((n, i) => {
        if (n.field.startsWith(PHOTO_REASON_PREFIX) && !place.has(n.field))
          errors[`notes.${i}.field`] = [CT.photoUnknown];
      });
      if (Object.keys(errors).length) return refuse(422, MESSAGES.validationFailed, errors);

      const notes = groupReasons(body.notes.map((n) => ({ field: n.field, reason: n.note })));
      const done = await repo.returnToCustomer(found.listing.id, userId, notes);
      if (!done.ok) return refuse(409, CT.notWaiting);
      const labelOf = (field: string) => {
        const n = place.get(field);
        return n === undefined ? returnReasonLabel(field) : `Photo ${n}`;
      };
      await tell(
        found,
        'returned',
        listingConciergeReturned(deps.brand, {
          street: streetAddressUnit(found.property.street, found.property.unit),
          notes: body.notes.map((n) => `${labelOf(n.field)}: ${n.note}`),
          listingUrl: reviewUrl(found.property.hash),
        }),
      );
      return ok({ hash, before: snap(done.before), after: snap(done.after) });
    },

    async ready(userId: number, hash: string): Promise<Outcome<ConciergeDecision>> {
      const found = await repo.findFor(userId, hash);
      if (!found) return refuse(404, MESSAGES.notFound);
      if (found.listing.status !== 'concierge') return refuse(409, CT.notWaiting);
      const done = await repo.ready(found.listing.id, userId);
      if (!done.ok) return refuse(409, CT.notWaiting);
      await tell(
        found,
        'submitted',
        listingConciergeReady(deps.brand, {
          street: streetAddressUnit(found.property.street, found.property.unit),
          listingUrl: reviewUrl(found.property.hash),
        }),
      );
      return ok({ hash, before: snap(done.before), after: snap(done.after) });
    },
  };
}
export type ConciergeService = ReturnType<typeof createConciergeService>;
