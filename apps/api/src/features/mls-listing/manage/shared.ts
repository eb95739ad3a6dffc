import {
  changeSummary,
  ENDED_STATUSES,
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_MANAGE_TEXTS as LM,
  MESSAGES,
  PRICE_CHANGE_LIMIT,
  STANDARD_STATUS_LABELS,
  streetAddressUnit,
  type TChangeRequest,
  type TChangeRequestDetails,
} from '@lantern/contracts';
import type { MlsListing } from '@lantern/db';
import { addDays, mlsListingStepPath, type TResoStandardStatus, todayUtc } from '@lantern/domain';
import type { UserRepository } from '../../auth/users.repository.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { MAIL_JOB } from '../../mail/outbox.ts';
import type { BrandData, MailContent } from '../../mail/templates.ts';
import type { PhotoSets } from '../../photo-shoots/photo-sets.ts';
import type { ListingPhotoRepository } from '../../photos/listing-photos.repository.ts';
import type { PublicListingSync } from '../../public-listings/public-listings.ts';
import type { RealtimeService } from '../../realtime/realtime-service.ts';
import type { OwnSales } from '../../sales/own-sales.ts';
import type { Signed, SigningService } from '../../signing/signing.ts';
import type {
  DocumentWithSigners,
  SigningDocumentRepository,
} from '../../signing/signing-documents.repository.ts';
import type { ChangeRow, ListingChangeRepository } from '../listing-changes.repository.ts';
import { type ListingContext, type Refusal, storedForm } from '../mls-listing.ts';
import type { MlsListingRepository } from '../mls-listings.repository.ts';

/**
 * What the parts of managing a live MLS listing share (issue 18; docs/decisions/032): the
 * dependencies, the day arithmetic, who the owners are, and how a signature is refused.
 */
export interface ManageDeps {
  changes: ListingChangeRepository;
  mlsListings: Pick<MlsListingRepository, 'boardById' | 'setSyndication'>;
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

export const ENDED: readonly TResoStandardStatus[] = ENDED_STATUSES;
export const standardOf = (l: MlsListing): TResoStandardStatus => l.standardStatus ?? 'Active';
export const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;
export const unprocessable = (errors: Record<string, string[]>): Refusal => ({
  ok: false,
  status: 422,
  message: MESSAGES.validationFailed,
  errors,
});

export type Decision = { done: boolean; note: string | null };
export type PropertyRef = { hash: string; street: string; unit: string | null };

/** Thrown inside a commit to roll it back with a refusal (checked under lock). */
export class RefusedUnderLock extends Error {
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

export const manageUrl = (deps: ManageDeps, propertyHash: string) =>
  `${deps.brand.publicUrl}${mlsListingStepPath('manage')}?property=${propertyHash}`;
export const signUrl = (deps: ManageDeps, propertyHash: string) =>
  `${deps.brand.publicUrl}${mlsListingStepPath('sign')}?property=${propertyHash}`;
export const street = (p: { street: string; unit: string | null }) =>
  streetAddressUnit(p.street, p.unit);

/** The owners named on the listing's form, those with an email address. */
export const ownersOf = (listing: MlsListing) =>
  (storedForm(listing.fields).Owners ?? [])
    .filter((o) => o.email?.trim())
    .map((o) => ({ name: o.name?.trim() || o.email, email: o.email.trim() }));

export const emailOf = async (deps: ManageDeps, userId: number) =>
  (await deps.users.findById(userId))?.email ?? '';

export async function mailOwners(
  deps: ManageDeps,
  listing: MlsListing,
  mail: MailContent,
  dedupe?: string,
) {
  for (const o of ownersOf(listing)) {
    await deps.jobs.enqueue(
      MAIL_JOB,
      { to: o.email, ...mail },
      dedupe ? { dedupeKey: `${dedupe}:${o.email.toLowerCase()}` } : {},
    );
  }
}

export async function publish(deps: ManageDeps, propertyHash: string, listing: MlsListing) {
  await deps.realtime.publishToProperty(propertyHash, {
    event: 'ListingUpdated',
    data: { hash: listing.hash, status: listing.status },
  });
  await deps.publicListings.syncMlsListing(listing.id);
}

/** Not live yet, or ended: nothing can be asked. */
export function refuseClosed(listing: MlsListing): Refusal | null {
  if (listing.status !== 'live') return { ok: false, status: 409, message: L.notLive };
  const standard = standardOf(listing);
  if (ENDED.includes(standard))
    return { ok: false, status: 409, message: L.listingEnded(STANDARD_STATUS_LABELS[standard]) };
  return null;
}

/** Who may ask: a participant who can edit, and an owner named on the listing (who signs). */
export async function asker(deps: ManageDeps, ctx: ListingContext) {
  if (!ctx.participant.canEdit)
    return { ok: false, status: 403, message: L.requestEditorsOnly } as Refusal;
  const email = await emailOf(deps, ctx.userId);
  const owner = ownersOf(ctx.row.listing).find(
    (o) => o.email.toLowerCase() === email.toLowerCase(),
  );
  if (!owner) return { ok: false, status: 403, message: LM.ownersOnly } as Refusal;
  return { ok: true as const, owner, email };
}

export async function boardName(deps: ManageDeps, listing: MlsListing) {
  return listing.boardId
    ? ((await deps.mlsListings.boardById(listing.boardId))?.name ?? null)
    : null;
}

/** The listing's full address, as the forms print it. */
export const fullAddress = (ctx: ListingContext) =>
  `${street(ctx.property)}, ${ctx.property.city}, ${ctx.property.state} ${ctx.property.zip}`;

/** The listing's renewal waiting for signatures, if any. */
export async function openRenewal(
  deps: ManageDeps,
  listingId: number,
): Promise<DocumentWithSigners | undefined> {
  const latest = await deps.documents.latest(listingId, ['renewal']);
  return latest?.document.status === 'awaiting' ? latest : undefined;
}

/**
 * A signature whose finishing step may refuse under the lock: the signing service's refusals
 * and the lock's, as answers.
 */
export async function signOrRefuse(
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
export async function signPrepared(
  deps: ManageDeps,
  doc: DocumentWithSigners,
  run: () => ReturnType<SigningService['sign']>,
): Promise<Signed | Refusal> {
  try {
    const signed = await signOrRefuse(run);
    if (!signed.ok) await deps.documents.supersede(doc.document.id);
    return signed;
  } catch (err) {
    await deps.documents.supersede(doc.document.id);
    throw err;
  }
}
