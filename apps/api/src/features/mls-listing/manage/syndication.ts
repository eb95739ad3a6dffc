import {
  CONCIERGE_LISTING_TEXTS as CL,
  LISTING_SYNDICATION_TEXTS as LS,
  storedSyndication,
  type TListingSyndication,
  type TListingSyndicationResponse,
} from '@lantern/contracts';
import type { ListingContext, Refusal } from '../mls-listing.ts';
import { emailOf, type ManageDeps, ownersOf } from './shared.ts';

type Allowed = { ok: true; on: 'draft' | 'live' } | Refusal;

/**
 * Who may choose now, and on what. Before signing: whoever may edit the draft, while nobody
 * else holds it — the agreement is made again with the new choices. Signed and waiting for
 * review: nobody (the agreement holds them). Live, whatever its status (a sold listing's price
 * is one of the choices): an owner named on it who can edit, as for change requests.
 */
async function allowed(deps: ManageDeps, ctx: ListingContext): Promise<Allowed> {
  const { status, conciergeHolderId } = ctx.row.listing;
  if (ctx.actingConcierge || !ctx.participant.canEdit)
    return { ok: false, status: 403, message: LS.editorsOnly };
  if (status === 'draft' || status === 'returned') {
    if (conciergeHolderId !== null)
      return { ok: false, status: 409, message: CL.heldBy(ctx.conciergeName ?? '') };
    return { ok: true, on: 'draft' };
  }
  if (status !== 'live') return { ok: false, status: 409, message: LS.signedFixed };
  const email = (await emailOf(deps, ctx.userId)).toLowerCase();
  const owner = ownersOf(ctx.row.listing).some((o) => o.email.toLowerCase() === email);
  return owner ? { ok: true, on: 'live' } : { ok: false, status: 403, message: LS.ownersOnly };
}

/** The MLS listing's syndication choices (issue 49): read, and changed by the owners. */
export function syndicationChoices(deps: ManageDeps) {
  return {
    async syndication(ctx: ListingContext): Promise<TListingSyndicationResponse> {
      const may = await allowed(deps, ctx);
      return {
        syndication: storedSyndication(ctx.row.listing.syndication),
        canChange: may.ok,
        whyNot: may.ok ? null : may.message,
      };
    },

    /**
     * Store the choices. A live listing's public row — what partners replicate, by its
     * modification time — follows in the same transaction.
     */
    async chooseSyndication(
      ctx: ListingContext,
      syndication: TListingSyndication,
    ): Promise<{ ok: true; before: TListingSyndication | null } | Refusal> {
      const may = await allowed(deps, ctx);
      if (!may.ok) return may;
      const { listing } = ctx.row;
      const saved = await deps.mlsListings.setSyndication(listing.id, syndication, may.on);
      if (!saved) return { ok: false, status: 409, message: CL.changedMeanwhile };
      if (may.on === 'live') await deps.publicListings.syncMlsListing(listing.id);
      return { ok: true, before: storedSyndication(listing.syndication) };
    },
  };
}
