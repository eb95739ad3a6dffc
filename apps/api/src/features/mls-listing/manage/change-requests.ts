import {
  formatListingDay,
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_MANAGE_TEXTS as LM,
  MESSAGES,
  PRICE_CHANGE_LIMIT,
  STANDARD_STATUS_LABELS,
  type TChangeRequest,
  type TChangeRequestCreate,
  type TChangeRequestDetails,
} from '@lantern/contracts';
import type { Commit, MlsListing, Tx } from '@lantern/db';
import { todayUtc } from '@lantern/domain';
import type { ChosenPhoto } from '../../photo-shoots/photo-sets.ts';
import {
  CHANGE_FORM_TEMPLATE_VERSION,
  changeForm,
} from '../../signing/templates/exclusive-agency-agreement.ts';
import { type ListingContext, type Refusal, storedForm } from '../mls-listing.ts';
import {
  asker,
  boardName,
  changeView,
  dollars,
  fullAddress,
  type ManageDeps,
  priceWindow,
  publish,
  RefusedUnderLock,
  refuseClosed,
  signPrepared,
  standardOf,
  unprocessable,
} from './shared.ts';

/** A photo change's chosen set on its form: every photo by name, in order (issue 39). */
function photoSetLines(chosen: readonly ChosenPhoto[] | undefined): string[] {
  if (!chosen) return [];
  const names = chosen.map(
    (c, i) => `${i + 1}. ${c.photo.fileName}${c.own ? '' : ' (delivered by our photographer)'}`,
  );
  return [`The photos the listing should have, in this order: ${names.join('; ')}.`];
}

/** The change against the listing as it is (the same checks again under the lock). */
function refuseChange(listing: MlsListing, d: TChangeRequestDetails): Refusal | null {
  const form = storedForm(listing.fields);
  if (d.kind === 'price' && d.ListPrice === form.ListPrice)
    return unprocessable({ 'details.ListPrice': [L.samePrice] });
  if (d.kind === 'status') {
    const now = standardOf(listing);
    if (d.StandardStatus === now)
      return unprocessable({
        'details.StandardStatus': [L.sameStatus(STANDARD_STATUS_LABELS[now])],
      });
    if (d.StandardStatus === 'Closed') {
      const errors: Record<string, string[]> = {};
      if (d.ClosePrice === undefined) errors['details.ClosePrice'] = [L.closeNeedsPriceAndDate];
      if (d.CloseDate === undefined) errors['details.CloseDate'] = [L.closeNeedsPriceAndDate];
      else if (d.CloseDate > todayUtc()) errors['details.CloseDate'] = [L.closeDateFuture];
      if (Object.keys(errors).length) return unprocessable(errors);
    }
  }
  return null;
}

function refusePriceLimit(days: readonly string[]): Refusal | null {
  const { nextOn } = priceWindow(days);
  if (!nextOn) return null;
  const message = L.priceLimit(formatListingDay(nextOn));
  return { ok: false, status: 409, message, errors: { 'details.ListPrice': [message] } };
}

/** The change against the listing and, for a price, the price-change limit. */
async function refuseRequest(
  deps: ManageDeps,
  listing: MlsListing,
  details: TChangeRequestDetails,
  tx?: Tx,
): Promise<Refusal | null> {
  return (
    refuseChange(listing, details) ??
    (details.kind === 'price'
      ? refusePriceLimit(
          await deps.changes.priceChangeDays(listing.id, PRICE_CHANGE_LIMIT.days, tx),
        )
      : null)
  );
}

/** What is asked, with only the fields that go with its kind. */
function normalized(d: TChangeRequestDetails): TChangeRequestDetails {
  if (d.kind !== 'status' || d.StandardStatus === 'Closed') return d;
  return { kind: 'status', StandardStatus: d.StandardStatus };
}

/** The change form's lines: what changes, from what to what. */
function formLines(listing: MlsListing, d: TChangeRequestDetails) {
  const form = storedForm(listing.fields);
  switch (d.kind) {
    case 'price':
      return {
        changes: [
          `List price: from ${form.ListPrice ? dollars(form.ListPrice) : 'none'} to ${dollars(d.ListPrice)}.`,
        ],
        detail: null,
      };
    case 'remarks':
      return {
        changes: ['Public remarks: replace them with the text below.'],
        detail: d.PublicRemarks,
      };
    case 'photos':
      return {
        changes: ['Photos: change them as the Owner describes below.'],
        detail: d.instructions,
      };
    case 'status':
      return {
        changes: [
          `Status: from ${STANDARD_STATUS_LABELS[standardOf(listing)]} to ${STANDARD_STATUS_LABELS[d.StandardStatus]}.`,
          ...(d.StandardStatus === 'Closed' && d.ClosePrice && d.CloseDate
            ? [
                `Sale price: ${dollars(d.ClosePrice)}. Closing date: ${formatListingDay(d.CloseDate)}.`,
              ]
            : []),
        ],
        detail: null,
      };
    case 'renewal':
      return { changes: [`End date: ${formatListingDay(d.ExpirationDate)}.`], detail: null };
  }
}

/** The change form for what is asked, rendered and stored, waiting for the owner's signature. */
async function prepareChangeForm(
  deps: ManageDeps,
  ctx: ListingContext,
  details: TChangeRequestDetails,
  signer: { name: string; email: string },
  chosen: readonly ChosenPhoto[] | undefined,
) {
  const { listing } = ctx.row;
  const photos =
    details.kind === 'photos'
      ? (await deps.photos.list({ kind: 'mls', id: listing.id }))
          .filter((p) => p.status === 'ready')
          .map((p) => ({ hash: p.hash, caption: p.caption, fileName: p.fileName }))
      : undefined;
  const lines = formLines(listing, details);
  const formBody = changeForm({
    broker: deps.brand.siteName,
    address: fullAddress(ctx),
    mlsNumber: listing.mlsNumber,
    board: await boardName(deps, listing),
    changes: photos
      ? [...lines.changes, `The listing has ${photos.length} photos now.`, ...photoSetLines(chosen)]
      : lines.changes,
    detail: lines.detail,
    signer,
    startDate: todayUtc(),
  });
  return deps.signing.prepare({
    kind: 'change_form',
    listingId: listing.id,
    templateVersion: CHANGE_FORM_TEMPLATE_VERSION,
    body: { ...formBody, footer: `${deps.brand.siteName} · ${formBody.title}` },
    data: {
      details,
      listing: {
        ListPrice: storedForm(listing.fields).ListPrice ?? null,
        StandardStatus: standardOf(listing),
        mlsNumber: listing.mlsNumber,
      },
      ...(photos ? { photos } : {}),
    },
    createdBy: ctx.userId,
    replacing: false,
  });
}

/** The change request, once its checks pass again under the listing's lock. */
async function insertUnderLock(
  deps: ManageDeps,
  tx: Tx,
  listingId: number,
  details: TChangeRequestDetails,
  documentId: number,
  requestedBy: number,
): Promise<number> {
  const locked = await deps.changes.lockListing(tx, listingId);
  if (!locked) throw new RefusedUnderLock({ ok: false, status: 404, message: MESSAGES.notFound });
  const again = refuseClosed(locked) ?? (await refuseRequest(deps, locked, details, tx));
  if (again) throw new RefusedUnderLock(again);
  const row = await deps.changes.insert(tx, {
    listingId,
    kind: details.kind,
    details,
    documentId,
    requestedBy,
  });
  return row.id;
}

/** Owners asking for a change to a live listing. */
export function changeRequests(deps: ManageDeps) {
  const { changes, signing } = deps;
  return {
    /**
     * POST changes: the change form made and signed by the owner asking, in one call; the
     * request goes to staff's queue. Every check is made again under the listing's lock in the
     * signing transaction, so two price changes at once cannot both pass the limit. The form's
     * files are stored first; `commit` holds the signature, the request and `record` (which
     * describes it for the activity log).
     */
    async request(
      ctx: ListingContext,
      body: TChangeRequestCreate,
      meta: { ip: string; userAgent: string },
      commit: Commit,
      record: (change: TChangeRequest) => void = () => {},
    ): Promise<{ ok: true; change: TChangeRequest } | Refusal> {
      const who = await asker(deps, ctx);
      if (!who.ok) return who;
      const { listing } = ctx.row;
      const closed = refuseClosed(listing);
      if (closed) return closed;
      if (body.details.kind === 'renewal')
        return unprocessable({ 'details.kind': [LM.renewThroughRenewal] });
      const details = normalized(body.details);
      const refused = await refuseRequest(deps, listing, details);
      if (refused) return refused;
      const chosen =
        details.kind === 'photos' && details.photos
          ? await deps.photoSets.resolve(listing, ctx.property.id, details.photos)
          : undefined;
      if (chosen === null) return unprocessable({ 'details.photos': [LM.photosUnknown] });
      let made: number | undefined;
      let change: TChangeRequest | undefined;
      const doc = await prepareChangeForm(deps, ctx, details, who.owner, chosen);
      const signed = await signPrepared(deps, doc, () =>
        signing.sign(
          doc.document,
          { userId: ctx.userId, email: who.email, consentVersion: body.consentVersion, ...meta },
          commit,
          {
            finish: async (tx, done) => {
              made = await insertUnderLock(
                deps,
                tx,
                listing.id,
                details,
                done.document.id,
                ctx.userId,
              );
            },
            recorded: async () => {
              // The form has one signer: signed means the request was made.
              const row = made === undefined ? undefined : await changes.find(made);
              if (!row)
                throw new RefusedUnderLock({ ok: false, status: 409, message: L.documentReplaced });
              change = changeView(row);
              await publish(deps, ctx.property.hash, listing);
              record(change);
            },
          },
        ),
      );
      if (!signed.ok) return signed;
      if (!change) throw new Error('change request missing after insert');
      return { ok: true, change };
    },
  };
}
