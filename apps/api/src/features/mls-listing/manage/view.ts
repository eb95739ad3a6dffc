import {
  ESIGN_DISCLOSURE,
  formatListingDay,
  LISTING_LIFECYCLE_TEXTS as L,
  PRICE_CHANGE_LIMIT,
  REQUESTABLE_STATUSES,
  type TChangeRequestDetails,
  type TListingManage,
} from '@lantern/contracts';
import type { ChangeRow } from '../listing-changes.repository.ts';
import { type ListingContext, type Refusal, storedForm } from '../mls-listing.ts';
import {
  boardName,
  changeView,
  ENDED,
  emailOf,
  type ManageDeps,
  openRenewal,
  ownersOf,
  priceWindow,
  standardOf,
} from './shared.ts';

/** The sale price and date of the completed Closed change, if the listing has one. */
function closedSale(rows: readonly ChangeRow[]) {
  const closing = rows.find((r) => {
    const d = r.change.details as TChangeRequestDetails;
    return r.change.status === 'completed' && d.kind === 'status' && d.StandardStatus === 'Closed';
  });
  return closing?.change.details as { ClosePrice?: number; CloseDate?: string } | undefined;
}

/** Reading a live listing's management page. */
export function manageView(deps: ManageDeps) {
  const { changes, documents, signing } = deps;
  return {
    openRenewal: (listingId: number) => openRenewal(deps, listingId),

    /** GET manage: the live listing as it stands, what may be asked now, and what was. */
    async view(ctx: ListingContext): Promise<TListingManage | Refusal> {
      const { listing } = ctx.row;
      if (listing.status !== 'live') return { ok: false, status: 409, message: L.notLive };
      const form = storedForm(listing.fields);
      const standard = standardOf(listing);
      const ended = ENDED.includes(standard);
      const email = (await emailOf(deps, ctx.userId)).toLowerCase();
      const days = await changes.priceChangeDays(listing.id, PRICE_CHANGE_LIMIT.days);
      const window = priceWindow(days);
      const rows = await changes.ofListing(listing.id);
      const renewal = await openRenewal(deps, listing.id);
      const agreement = await documents.latest(listing.id, ['listing_agreement']);
      const closed = closedSale(rows);
      return {
        hash: listing.hash,
        status: listing.status,
        standardStatus: standard,
        ended,
        mlsNumber: listing.mlsNumber,
        board: await boardName(deps, listing),
        liveAt: listing.liveAt?.toISOString() ?? null,
        ListPrice: form.ListPrice ?? null,
        PublicRemarks: form.PublicRemarks ?? null,
        ExpirationDate: form.ExpirationDate ?? null,
        closed:
          standard === 'Closed' && closed?.ClosePrice && closed.CloseDate
            ? { ClosePrice: closed.ClosePrice, CloseDate: closed.CloseDate }
            : null,
        canEdit: ctx.participant.canEdit,
        youAreOwner: ownersOf(listing).some((o) => o.email.toLowerCase() === email),
        photoCount: ctx.readyPhotos,
        photos: await deps.photoSets.onMls(listing, ctx.property.hash),
        priceChanges: {
          used: window.used,
          limit: PRICE_CHANGE_LIMIT.count,
          days: PRICE_CHANGE_LIMIT.days,
          nextOn: window.nextOn,
          refusal: window.nextOn ? L.priceLimit(formatListingDay(window.nextOn)) : null,
        },
        requestableStatuses: ended ? [] : REQUESTABLE_STATUSES.filter((s) => s !== standard),
        renewal: renewal ? signing.view(renewal, email) : null,
        agreement: agreement?.document.status === 'signed' ? agreement.document.hash : null,
        changes: rows.map(changeView),
        disclosure: {
          version: ESIGN_DISCLOSURE.version,
          title: ESIGN_DISCLOSURE.title,
          sections: ESIGN_DISCLOSURE.sections.map((s) => ({ ...s })),
          consentLabel: ESIGN_DISCLOSURE.consentLabel,
        },
      };
    },
  };
}
