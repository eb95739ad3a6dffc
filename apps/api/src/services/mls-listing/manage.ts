import {
  changeSummary,
  ENDED_STATUSES,
  ESIGN_DISCLOSURE,
  EXPIRY_REMINDER_DAYS,
  formatListingDay,
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_MANAGE_TEXTS as LM,
  MESSAGES,
  mlsListingStepPath,
  PRICE_CHANGE_LIMIT,
  RENEWAL_MAX_DAYS,
  REQUESTABLE_STATUSES,
  STANDARD_STATUS_LABELS,
  streetAddressUnit,
  type TChangeRequest,
  type TChangeRequestCreate,
  type TChangeRequestDetails,
  type TListingManage,
  type TMlsListingSignRequest,
  type TRenewRequest,
  type TResoStandardStatus,
  todayUtc,
} from '@lantern/contracts';
import {
  afterCommit,
  type Commit,
  commitAsItIs,
  isUniqueViolation,
  type MlsListing,
  type Tx,
} from '@lantern/db';
import type { RealtimeService } from '../../plugins/app/realtime.ts';
import type { ChangeRow, ListingChangeRepository } from '../../repositories/listing-changes.ts';
import type { ListingPhotoRepository } from '../../repositories/listing-photos.ts';
import type { MlsListingRepository } from '../../repositories/mls-listings.ts';
import type {
  DocumentWithSigners,
  SigningDocumentRepository,
} from '../../repositories/signing-documents.ts';
import type { UserRepository } from '../../repositories/users.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { PublicListingSync } from '../listings/public-listings.ts';
import { MAIL_JOB } from '../mail/outbox.ts';
import {
  type BrandData,
  listingChangeDecided,
  listingClosingReminder,
  listingExpired,
  listingExpiryReminder,
  listingSignatureRequest,
  type MailContent,
} from '../mail/templates.ts';
import type { ChosenPhoto, PhotoSets, PreparedSet } from '../photography/photo-sets.ts';
import type { OwnSales } from '../sales/own-sales.ts';
import type { Signed, SigningService } from '../signing/signing.ts';
import {
  CHANGE_FORM_TEMPLATE_VERSION,
  changeForm,
  RENEWAL_TEMPLATE_VERSION,
  renewalAgreement,
} from '../signing/templates/exclusive-agency-agreement.ts';
import { type ListingContext, type Refusal, storedForm } from './mls-listing.ts';

/**
 * Managing a live MLS listing (issue 18, "Manage (once live)"; docs/decisions/032): change
 * requests for price, remarks, photos and status, each a change form the owner signs at once;
 * the renewal, a new agreement every owner signs; staff carrying changes out or declining them;
 * and the daily expiry reminder and expiry.
 */
export interface ManageDeps {
  changes: ListingChangeRepository;
  mlsListings: Pick<MlsListingRepository, 'boardById'>;
  photos: Pick<ListingPhotoRepository, 'list'>;
  users: Pick<UserRepository, 'findById'>;
  signing: SigningService;
  documents: SigningDocumentRepository;
  /** Mails go as `mail.send` jobs with a dedupe key where a job may run twice. */
  jobs: Pick<JobRunner, 'enqueue'>;
  realtime: Pick<RealtimeService, 'publishToProperty'>;
  /** The public listing pages follow each change of a live listing. */
  publicListings: Pick<PublicListingSync, 'syncMlsListing'>;
  /** A Closed change carried out records the sale in the store, in its transaction (issue 37). */
  ownSales: Pick<OwnSales, 'mlsClosed'>;
  /** A photo change may name the set the listing should have (issue 39). */
  photoSets: Pick<PhotoSets, 'resolve' | 'onMls' | 'prepare'>;
  brand: BrandData;
  licenses: readonly string[];
}

/** A photo change's chosen set on its form: every photo by name, in order (issue 39). */
function photoSetLines(chosen: readonly ChosenPhoto[] | undefined): string[] {
  if (!chosen) return [];
  const names = chosen.map(
    (c, i) => `${i + 1}. ${c.photo.fileName}${c.own ? '' : ' (delivered by our photographer)'}`,
  );
  return [`The photos the listing should have, in this order: ${names.join('; ')}.`];
}

export const EXPIRY_REMINDERS_JOB = 'listing.expiry-reminders';
export const EXPIRE_JOB = 'listing.expire';

const ENDED: readonly TResoStandardStatus[] = ENDED_STATUSES;
const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const standardOf = (l: MlsListing): TResoStandardStatus => l.standardStatus ?? 'Active';
const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;
const unprocessable = (errors: Record<string, string[]>): Refusal => ({
  ok: false,
  status: 422,
  message: MESSAGES.validationFailed,
  errors,
});

type Decision = { done: boolean; note: string | null };
type PropertyRef = { hash: string; street: string; unit: string | null };

/** Thrown inside a commit to roll it back with a refusal (checked under lock). */
class RefusedUnderLock extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

/** The price changes allowed now, and when the next one is when none is. */
export function priceWindow(days: readonly string[]) {
  const { count, days: window } = PRICE_CHANGE_LIMIT;
  if (days.length < count) return { used: days.length, nextOn: null };
  // The change that has to leave the window for one more to fit (the oldest, at the limit).
  const leaving = days[days.length - count] ?? days[0] ?? todayUtc();
  return { used: days.length, nextOn: addDays(leaving, window) };
}

/** A change request as the owners and staff read it. */
export function changeView(r: ChangeRow): TChangeRequest {
  const details = r.change.details as TChangeRequestDetails;
  return {
    hash: r.change.hash,
    kind: r.change.kind,
    status: r.change.status,
    details,
    summary: changeSummary(details),
    requestedBy: r.requesterName?.trim() || r.requesterEmail,
    createdAt: r.change.createdAt.toISOString(),
    decidedAt: r.change.decidedAt?.toISOString() ?? null,
    staffNote: r.change.staffNote,
    document: r.document,
  };
}

export function createManageService(deps: ManageDeps) {
  const { changes, documents, signing } = deps;
  const manageUrl = (propertyHash: string) =>
    `${deps.brand.publicUrl}${mlsListingStepPath('manage')}?property=${propertyHash}`;
  const signUrl = (propertyHash: string) =>
    `${deps.brand.publicUrl}${mlsListingStepPath('sign')}?property=${propertyHash}`;
  const street = (p: { street: string; unit: string | null }) =>
    streetAddressUnit(p.street, p.unit);

  /** The owners named on the listing's form, those with an email address. */
  const ownersOf = (listing: MlsListing) =>
    (storedForm(listing.fields).Owners ?? [])
      .filter((o) => o.email?.trim())
      .map((o) => ({ name: o.name?.trim() || o.email, email: o.email.trim() }));

  const emailOf = async (userId: number) => (await deps.users.findById(userId))?.email ?? '';

  async function mailOwners(listing: MlsListing, mail: MailContent, dedupe?: string) {
    for (const o of ownersOf(listing)) {
      await deps.jobs.enqueue(
        MAIL_JOB,
        { to: o.email, ...mail },
        dedupe ? { dedupeKey: `${dedupe}:${o.email.toLowerCase()}` } : {},
      );
    }
  }

  const publish = async (propertyHash: string, listing: MlsListing) => {
    await deps.realtime.publishToProperty(propertyHash, {
      event: 'ListingUpdated',
      data: { hash: listing.hash, status: listing.status },
    });
    await deps.publicListings.syncMlsListing(listing.id);
  };

  /** Not live yet, or ended: nothing can be asked. */
  function refuseClosed(listing: MlsListing): Refusal | null {
    if (listing.status !== 'live') return { ok: false, status: 409, message: L.notLive };
    const standard = standardOf(listing);
    if (ENDED.includes(standard))
      return { ok: false, status: 409, message: L.listingEnded(STANDARD_STATUS_LABELS[standard]) };
    return null;
  }

  /** Who may ask: a participant who can edit, and an owner named on the listing (who signs). */
  async function asker(ctx: ListingContext) {
    if (!ctx.participant.canEdit)
      return { ok: false, status: 403, message: L.requestEditorsOnly } as Refusal;
    const email = await emailOf(ctx.userId);
    const owner = ownersOf(ctx.row.listing).find(
      (o) => o.email.toLowerCase() === email.toLowerCase(),
    );
    if (!owner) return { ok: false, status: 403, message: LM.ownersOnly } as Refusal;
    return { ok: true as const, owner, email };
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

  async function boardName(listing: MlsListing) {
    return listing.boardId
      ? ((await deps.mlsListings.boardById(listing.boardId))?.name ?? null)
      : null;
  }

  /** The listing's renewal waiting for signatures, if any. */
  async function openRenewal(listingId: number): Promise<DocumentWithSigners | undefined> {
    const latest = await documents.latest(listingId, ['renewal']);
    return latest?.document.status === 'awaiting' ? latest : undefined;
  }

  /**
   * The last owner signed the renewal (inside the signing transaction): it goes to staff as a
   * renewal change request, unless one is already waiting (two renewals raced).
   */
  async function renewalSigned(tx: Tx, listingId: number, doc: DocumentWithSigners) {
    await changes.lockListing(tx, listingId);
    if (await changes.hasPendingRenewal(listingId, tx))
      throw new RefusedUnderLock({ ok: false, status: 409, message: L.renewalOpen });
    const data = signing.dataOf(doc.document) as { ExpirationDate: string };
    await changes.insert(tx, {
      listingId,
      kind: 'renewal',
      details: { kind: 'renewal', ExpirationDate: data.ExpirationDate },
      documentId: doc.document.id,
      requestedBy: doc.document.createdBy,
    });
  }

  /**
   * A signature whose finishing step may refuse under the lock: the signing service's refusals
   * and the lock's, as answers.
   */
  async function signOrRefuse(
    run: () => ReturnType<SigningService['sign']>,
  ): Promise<{ ok: true; completed: boolean; now: DocumentWithSigners } | Refusal> {
    try {
      const signed = await run();
      if (signed.ok) return signed;
      if (signed.reason === 'notSigner') return { ok: false, status: 403, message: L.notOwner };
      if (signed.reason === 'alreadySigned')
        return { ok: false, status: 409, message: L.alreadySigned };
      return { ok: false, status: 409, message: L.documentReplaced };
    } catch (err) {
      if (err instanceof RefusedUnderLock) return err.refusal;
      throw err;
    }
  }

  /**
   * A signature on a document prepared for this request. Its row had to exist before the
   * signed copy was stored (outside any transaction), so if the signature is refused or does
   * not commit the document is superseded: it never stands open or signed for this request.
   * Should even that fail, it is only an unsigned document waiting for signatures.
   */
  async function signPrepared(
    doc: DocumentWithSigners,
    run: () => ReturnType<SigningService['sign']>,
  ): Promise<Signed | Refusal> {
    try {
      const signed = await signOrRefuse(run);
      if (!signed.ok) await documents.supersede(doc.document.id);
      return signed;
    } catch (err) {
      await documents.supersede(doc.document.id);
      throw err;
    }
  }

  /** The change form for what is asked, rendered and stored, waiting for the owner's signature. */
  async function prepareChangeForm(
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
      address: `${street(ctx.property)}, ${ctx.property.city}, ${ctx.property.state} ${ctx.property.zip}`,
      mlsNumber: listing.mlsNumber,
      board: await boardName(listing),
      changes: photos
        ? [
            ...lines.changes,
            `The listing has ${photos.length} photos now.`,
            ...photoSetLines(chosen),
          ]
        : lines.changes,
      detail: lines.detail,
      signer,
      startDate: todayUtc(),
    });
    return signing.prepare({
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
    tx: Tx,
    listingId: number,
    details: TChangeRequestDetails,
    documentId: number,
    requestedBy: number,
  ): Promise<number> {
    const locked = await changes.lockListing(tx, listingId);
    if (!locked) throw new RefusedUnderLock({ ok: false, status: 404, message: MESSAGES.notFound });
    const again =
      refuseClosed(locked) ??
      refuseChange(locked, details) ??
      (details.kind === 'price'
        ? refusePriceLimit(await changes.priceChangeDays(listingId, PRICE_CHANGE_LIMIT.days, tx))
        : null);
    if (again) throw new RefusedUnderLock(again);
    const row = await changes.insert(tx, {
      listingId,
      kind: details.kind,
      details,
      documentId,
      requestedBy,
    });
    return row.id;
  }

  /** The owners who have not signed the renewal yet are asked to, on the Sign page. */
  async function askRenewalSigners(
    ctx: ListingContext,
    doc: DocumentWithSigners,
    askerEmail: string,
    next: string,
  ) {
    const asker = await deps.users.findById(ctx.userId);
    for (const s of doc.signers) {
      if (s.email.toLowerCase() === askerEmail.toLowerCase()) continue;
      await deps.jobs.enqueue(MAIL_JOB, {
        to: s.email,
        ...listingSignatureRequest(deps.brand, {
          street: street(ctx.property),
          requestedBy: asker?.name?.trim() || askerEmail,
          document: 'renewal of the listing agreement',
          signUrl: signUrl(ctx.property.hash),
          purpose: `The renewal moves the listing's end date to ${formatListingDay(next)}. Every owner signs it before our team changes the date on the MLS.`,
        }),
      });
    }
  }

  return {
    openRenewal,

    /** GET manage: the live listing as it stands, what may be asked now, and what was. */
    async view(ctx: ListingContext): Promise<TListingManage | Refusal> {
      const { listing } = ctx.row;
      if (listing.status !== 'live') return { ok: false, status: 409, message: L.notLive };
      const form = storedForm(listing.fields);
      const standard = standardOf(listing);
      const ended = ENDED.includes(standard);
      const email = (await emailOf(ctx.userId)).toLowerCase();
      const days = await changes.priceChangeDays(listing.id, PRICE_CHANGE_LIMIT.days);
      const window = priceWindow(days);
      const rows = await changes.ofListing(listing.id);
      const renewal = await openRenewal(listing.id);
      const agreement = await documents.latest(listing.id, ['listing_agreement']);
      const closing = rows.find((r) => {
        const d = r.change.details as TChangeRequestDetails;
        return (
          r.change.status === 'completed' && d.kind === 'status' && d.StandardStatus === 'Closed'
        );
      });
      const closed = closing?.change.details as
        | { ClosePrice?: number; CloseDate?: string }
        | undefined;
      return {
        hash: listing.hash,
        status: listing.status,
        standardStatus: standard,
        ended,
        mlsNumber: listing.mlsNumber,
        board: await boardName(listing),
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
      const who = await asker(ctx);
      if (!who.ok) return who;
      const { listing } = ctx.row;
      const closed = refuseClosed(listing);
      if (closed) return closed;
      if (body.details.kind === 'renewal')
        return unprocessable({ 'details.kind': [LM.renewThroughRenewal] });
      const details = normalized(body.details);
      const refused =
        refuseChange(listing, details) ??
        (details.kind === 'price'
          ? refusePriceLimit(await changes.priceChangeDays(listing.id, PRICE_CHANGE_LIMIT.days))
          : null);
      if (refused) return refused;
      const chosen =
        details.kind === 'photos' && details.photos
          ? await deps.photoSets.resolve(listing, ctx.property.id, details.photos)
          : undefined;
      if (chosen === null) return unprocessable({ 'details.photos': [LM.photosUnknown] });
      let made: number | undefined;
      let change: TChangeRequest | undefined;
      const doc = await prepareChangeForm(ctx, details, who.owner, chosen);
      const signed = await signPrepared(doc, () =>
        signing.sign(
          doc.document,
          { userId: ctx.userId, email: who.email, consentVersion: body.consentVersion, ...meta },
          commit,
          {
            finish: async (tx, done) => {
              made = await insertUnderLock(tx, listing.id, details, done.document.id, ctx.userId);
            },
            recorded: async () => {
              // The form has one signer: signed means the request was made.
              const row = made === undefined ? undefined : await changes.find(made);
              if (!row)
                throw new RefusedUnderLock({ ok: false, status: 409, message: L.documentReplaced });
              change = changeView(row);
              await publish(ctx.property.hash, listing);
              record(change);
            },
          },
        ),
      );
      if (!signed.ok) return signed;
      if (!change) throw new Error('change request missing after insert');
      return { ok: true, change };
    },

    /**
     * POST renew: a renewal (a new agreement with a later end date) every owner signs; the
     * owner asking signs it now, the others are emailed to sign it on the Sign page. When the
     * last one signs it becomes a renewal request for staff. The renewal's files are stored
     * first; `commit` holds the signature, what it makes and `record` (the activity row's).
     */
    async renew(
      ctx: ListingContext,
      body: TRenewRequest,
      meta: { ip: string; userAgent: string },
      commit: Commit,
      record: (document: string) => void = () => {},
    ): Promise<
      { ok: true; document: ReturnType<SigningService['view']>; completed: boolean } | Refusal
    > {
      const who = await asker(ctx);
      if (!who.ok) return who;
      const { listing } = ctx.row;
      const closed = refuseClosed(listing);
      if (closed) return closed;
      const current = storedForm(listing.fields).ExpirationDate ?? todayUtc();
      const next = body.ExpirationDate;
      if (next <= current || next > addDays(todayUtc(), RENEWAL_MAX_DAYS))
        return unprocessable({ ExpirationDate: [L.renewalDate] });
      if ((await openRenewal(listing.id)) || (await changes.hasPendingRenewal(listing.id)))
        return { ok: false, status: 409, message: L.renewalOpen };
      const owners = ownersOf(listing);
      const content = renewalAgreement({
        broker: deps.brand.siteName,
        licenses: deps.licenses,
        owners,
        address: `${street(ctx.property)}, ${ctx.property.city}, ${ctx.property.state} ${ctx.property.zip}`,
        mlsNumber: listing.mlsNumber,
        board: await boardName(listing),
        currentExpiration: formatListingDay(current),
        newExpiration: formatListingDay(next),
        startDate: todayUtc(),
      });
      let doc: DocumentWithSigners;
      try {
        doc = await signing.prepare({
          kind: 'renewal',
          listingId: listing.id,
          templateVersion: RENEWAL_TEMPLATE_VERSION,
          body: { ...content, footer: `${deps.brand.siteName} · ${content.title}` },
          data: { ExpirationDate: next, previous: current },
          createdBy: ctx.userId,
          replacing: false,
        });
      } catch (err) {
        // Another renewal was started at the same moment (one open renewal per listing).
        if (isUniqueViolation(err)) return { ok: false, status: 409, message: L.renewalOpen };
        throw err;
      }
      const signed = await signPrepared(doc, () =>
        signing.sign(
          doc.document,
          { userId: ctx.userId, email: who.email, consentVersion: body.consentVersion, ...meta },
          commit,
          {
            finish: (tx, done) => renewalSigned(tx, listing.id, done),
            recorded: async (done) => {
              if (!done.completed) await askRenewalSigners(ctx, doc, who.email, next);
              await publish(ctx.property.hash, listing);
              record(doc.document.hash);
            },
          },
        ),
      );
      if (!signed.ok) return signed;
      return {
        ok: true,
        document: signing.view(signed.now, who.email),
        completed: signed.completed,
      };
    },

    /**
     * The Sign page of a live listing: an owner's signature on the open renewal. The last one
     * sends the renewal to staff, in `commit` with the signature.
     */
    async signRenewal(
      ctx: ListingContext,
      body: TMlsListingSignRequest,
      meta: { ip: string; userAgent: string },
      commit: Commit,
    ): Promise<{ ok: true; completed: boolean; message: string } | Refusal> {
      const { listing } = ctx.row;
      const found = await documents.findByHash(body.document);
      if (!found || found.document.listingId !== listing.id || found.document.kind !== 'renewal')
        return { ok: false, status: 404, message: MESSAGES.notFound };
      const closed = refuseClosed(listing);
      if (closed) return closed;
      const email = await emailOf(ctx.userId);
      const signed = await signOrRefuse(() =>
        signing.sign(
          found.document,
          { userId: ctx.userId, email, consentVersion: body.consentVersion, ...meta },
          commit,
          {
            finish: (tx, done) => renewalSigned(tx, listing.id, done),
            recorded: () => publish(ctx.property.hash, listing),
          },
        ),
      );
      if (!signed.ok) return signed;
      return {
        ok: true,
        completed: signed.completed,
        message: signed.completed ? LM.renewalSent : L.signed,
      };
    },

    /**
     * Staff carry a change out: price, remarks and the end date go into the listing's form, a
     * status onto the listing (the sale price and date stay in the request); photos are changed
     * by hand. The listing as it now stands becomes a version made by the change's form. All
     * under the request's and the listing's locks, in `commit` with `record` (see `decide`).
     */
    async complete(
      hash: string,
      staffId: number,
      note: string | null,
      commit: Commit,
      record?: (change: ChangeRow) => void,
    ) {
      return decide(hash, staffId, { done: true, note }, commit, record);
    },

    /** Staff cannot make the change: the owners read why (no outside call: the route's unit). */
    async decline(hash: string, staffId: number, note: string) {
      return decide(hash, staffId, { done: false, note }, commitAsItIs);
    },

    /** Daily: owners of a listing ending within 14 days are reminded once per end date. */
    async sendExpiryReminders(today = todayUtc()): Promise<number> {
      let sent = 0;
      for (const { listing, property } of await changes.endingSoon(
        today,
        addDays(today, EXPIRY_REMINDER_DAYS),
      )) {
        const date = storedForm(listing.fields).ExpirationDate;
        if (!date) continue;
        // Mails first, each at most once per listing, date and owner; then the mark.
        await mailOwners(
          listing,
          listingExpiryReminder(deps.brand, {
            street: street(property),
            expirationDate: formatListingDay(date),
            days: daysBetween(today, date),
            listingUrl: manageUrl(property.hash),
          }),
          `listing-expiry-reminder:${listing.hash}:${date}`,
        );
        if (await changes.markReminded(listing.id, date)) sent++;
      }
      return sent;
    },

    /** Daily: a live listing past its end date, with no renewal waiting for staff, expires. */
    async expireListings(today = todayUtc()): Promise<number> {
      let expired = 0;
      for (const { listing, property } of await changes.pastEnd(today)) {
        if (!(await changes.expire(listing.id, today))) continue;
        expired++;
        const date = storedForm(listing.fields).ExpirationDate ?? today;
        await mailOwners(
          listing,
          listingExpired(deps.brand, {
            street: street(property),
            expirationDate: formatListingDay(date),
            listingUrl: manageUrl(property.hash),
          }),
          `listing-expired:${listing.hash}:${date}`,
        );
        await publish(property.hash, listing);
      }
      return expired;
    },
  };

  /** The set a pending photo change chose, copied and ready to apply; 'gone' if it cannot be. */
  async function preparePhotoSet(
    hash: string,
    staffId: number,
  ): Promise<PreparedSet | 'gone' | null> {
    const found = await changes.withListing(hash);
    const details = found?.change.details as TChangeRequestDetails | undefined;
    if (found?.change.status !== 'pending' || details?.kind !== 'photos') return null;
    if (!details.photos) return null;
    const { listing } = found;
    return (
      (await deps.photoSets.prepare(listing, listing.propertyId, details.photos, staffId)) ?? 'gone'
    );
  }

  /**
   * A decision on a change. A photo change's chosen set has its delivered photos copied first
   * (outside any transaction); `commit` then holds the decision, the set applied, the owners'
   * mails and `record` (the activity row's). The copies go if it does not commit, the photos
   * the set replaced once it has.
   */
  async function decide(
    hash: string,
    staffId: number,
    decision: Decision,
    commit: Commit,
    record: (change: ChangeRow) => void = () => {},
  ): Promise<{ ok: true; change: ChangeRow } | Refusal> {
    const photoSet = decision.done ? await preparePhotoSet(hash, staffId) : null;
    if (photoSet === 'gone') return { ok: false, status: 409, message: LM.photosGone };
    try {
      const change = await commit(async () => {
        const out = await changes.decide(hash, (tx, locked) =>
          applyDecision(tx, locked, staffId, decision, photoSet),
        );
        if (!out)
          throw new RefusedUnderLock({ ok: false, status: 404, message: MESSAGES.notFound });
        if (!out.ok) throw new RefusedUnderLock(out);
        await tellDecision(out, decision);
        await publish(out.property.hash, out.listing);
        const row = await changes.find(out.change.id);
        if (!row) throw new Error('change request missing after decision');
        record(row);
        if (photoSet) await afterCommit(() => photoSet.committed());
        return row;
      });
      return { ok: true, change };
    } catch (err) {
      await photoSet?.abandoned();
      if (err instanceof RefusedUnderLock) return err.refusal;
      throw err;
    }
  }

  /** Inside the decision's transaction, under the request's and the listing's locks. */
  async function applyDecision(
    tx: Tx,
    { change, listing, property }: Parameters<Parameters<typeof changes.decide>[1]>[1],
    staffId: number,
    decision: Decision,
    photoSet: PreparedSet | null,
  ) {
    if (change.status !== 'pending')
      return { ok: false, status: 409, message: L.changeNotPending } as Refusal;
    const details = change.details as TChangeRequestDetails;
    let applied = listing;
    if (decision.done) {
      const standard = standardOf(listing);
      if (listing.status !== 'live' || ENDED.includes(standard))
        return {
          ok: false,
          status: 409,
          message: LM.endedForStaff(STANDARD_STATUS_LABELS[standard]),
        } as Refusal;
      const form = storedForm(listing.fields);
      const patch: Partial<Pick<MlsListing, 'fields' | 'standardStatus'>> = {};
      if (details.kind === 'price') patch.fields = { ...form, ListPrice: details.ListPrice };
      if (details.kind === 'remarks')
        patch.fields = { ...form, PublicRemarks: details.PublicRemarks };
      if (details.kind === 'renewal')
        patch.fields = { ...form, ExpirationDate: details.ExpirationDate };
      if (details.kind === 'status') patch.standardStatus = details.StandardStatus;
      if (patch.fields || patch.standardStatus) await changes.applyToListing(tx, listing.id, patch);
      if (photoSet) await photoSet.apply(tx);
      applied = { ...listing, ...patch };
      if (
        details.kind === 'status' &&
        details.StandardStatus === 'Closed' &&
        details.ClosePrice &&
        details.CloseDate
      ) {
        await deps.ownSales.mlsClosed(tx, applied, form, {
          ClosePrice: details.ClosePrice,
          CloseDate: details.CloseDate,
          ShowClosePrice: details.ShowClosePrice,
        });
      }
      if (change.documentId !== null) {
        const before = (await changes.latestSnapshot(tx, listing.id)) ?? {};
        await documents.addVersion(tx, listing.id, change.documentId, {
          ...(before as object),
          form: storedForm(applied.fields),
          mlsNumber: applied.mlsNumber,
          standardStatus: standardOf(applied),
          change: { hash: change.hash, kind: change.kind, details },
        });
      }
    }
    await changes.markDecided(tx, change.id, {
      status: decision.done ? 'completed' : 'declined',
      decidedBy: staffId,
      note: decision.note?.trim() || null,
    });
    return { ok: true as const, change, listing: applied, property };
  }

  /** The owners read the decision; a sale under contract reminds them of the closing. */
  async function tellDecision(
    out: { change: { details: unknown }; listing: MlsListing; property: PropertyRef },
    decision: Decision,
  ) {
    const details = out.change.details as TChangeRequestDetails;
    const where = { street: street(out.property), listingUrl: manageUrl(out.property.hash) };
    await mailOwners(
      out.listing,
      listingChangeDecided(deps.brand, {
        ...where,
        summary: changeSummary(details),
        done: decision.done,
        note: decision.note?.trim() || null,
      }),
    );
    if (
      decision.done &&
      details.kind === 'status' &&
      (details.StandardStatus === 'ActiveUnderContract' || details.StandardStatus === 'Pending')
    ) {
      await mailOwners(
        out.listing,
        listingClosingReminder(deps.brand, {
          ...where,
          status: STANDARD_STATUS_LABELS[details.StandardStatus].toLowerCase(),
        }),
      );
    }
  }
}
export type ManageService = ReturnType<typeof createManageService>;
