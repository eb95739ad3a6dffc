import {
  formatListingDay,
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_MANAGE_TEXTS as LM,
  MESSAGES,
  RENEWAL_MAX_DAYS,
  type TMlsListingSignRequest,
  type TRenewRequest,
} from '@lantern/contracts';
import { type Commit, isUniqueViolation, type Tx } from '@lantern/db';
import { addDays, todayUtc } from '@lantern/domain';
import { MAIL_JOB } from '../../mail/outbox.ts';
import { listingSignatureRequest } from '../../mail/templates.ts';
import type { SigningService } from '../../signing/signing.ts';
import type { DocumentWithSigners } from '../../signing/signing-documents.repository.ts';
import {
  RENEWAL_TEMPLATE_VERSION,
  renewalAgreement,
} from '../../signing/templates/exclusive-agency-agreement.ts';
import { type ListingContext, type Refusal, storedForm } from '../mls-listing.ts';
import {
  asker,
  boardName,
  emailOf,
  fullAddress,
  type ManageDeps,
  openRenewal,
  ownersOf,
  publish,
  RefusedUnderLock,
  refuseClosed,
  signOrRefuse,
  signPrepared,
  signUrl,
  street,
  unprocessable,
} from './shared.ts';

/**
 * The last owner signed the renewal (inside the signing transaction): it goes to staff as a
 * renewal change request, unless one is already waiting (two renewals raced).
 */
async function renewalSigned(
  deps: ManageDeps,
  tx: Tx,
  listingId: number,
  doc: DocumentWithSigners,
) {
  await deps.changes.lockListing(tx, listingId);
  if (await deps.changes.hasPendingRenewal(listingId, tx))
    throw new RefusedUnderLock({ ok: false, status: 409, message: L.renewalOpen });
  const data = deps.signing.dataOf(doc.document) as { ExpirationDate: string };
  await deps.changes.insert(tx, {
    listingId,
    kind: 'renewal',
    details: { kind: 'renewal', ExpirationDate: data.ExpirationDate },
    documentId: doc.document.id,
    requestedBy: doc.document.createdBy,
  });
}

/** The owners who have not signed the renewal yet are asked to, on the Sign page. */
async function askRenewalSigners(
  deps: ManageDeps,
  ctx: ListingContext,
  doc: DocumentWithSigners,
  askerEmail: string,
  next: string,
) {
  const asking = await deps.users.findById(ctx.userId);
  for (const s of doc.signers) {
    if (s.email.toLowerCase() === askerEmail.toLowerCase()) continue;
    await deps.jobs.enqueue(MAIL_JOB, {
      to: s.email,
      ...listingSignatureRequest(deps.brand, {
        street: street(ctx.property),
        requestedBy: asking?.name?.trim() || askerEmail,
        document: 'renewal of the listing agreement',
        signUrl: signUrl(deps, ctx.property.hash),
        purpose: `The renewal moves the listing's end date to ${formatListingDay(next)}. Every owner signs it before our team changes the date on the MLS.`,
      }),
    });
  }
}

/** The new end date and the one it replaces, or why a renewal cannot be asked now. */
async function checkRenewal(
  deps: ManageDeps,
  ctx: ListingContext,
  next: string,
): Promise<{ ok: true; current: string } | Refusal> {
  const { listing } = ctx.row;
  const closed = refuseClosed(listing);
  if (closed) return closed;
  const current = storedForm(listing.fields).ExpirationDate ?? todayUtc();
  if (next <= current || next > addDays(todayUtc(), RENEWAL_MAX_DAYS))
    return unprocessable({ ExpirationDate: [L.renewalDate] });
  if ((await openRenewal(deps, listing.id)) || (await deps.changes.hasPendingRenewal(listing.id)))
    return { ok: false, status: 409, message: L.renewalOpen };
  return { ok: true, current };
}

/** The renewal agreement rendered and stored, waiting for every owner's signature. */
async function prepareRenewal(
  deps: ManageDeps,
  ctx: ListingContext,
  current: string,
  next: string,
): Promise<{ ok: true; doc: DocumentWithSigners } | Refusal> {
  const { listing } = ctx.row;
  const content = renewalAgreement({
    broker: deps.brand.siteName,
    licenses: deps.licenses,
    owners: ownersOf(listing),
    address: fullAddress(ctx),
    mlsNumber: listing.mlsNumber,
    board: await boardName(deps, listing),
    currentExpiration: formatListingDay(current),
    newExpiration: formatListingDay(next),
    startDate: todayUtc(),
  });
  try {
    const doc = await deps.signing.prepare({
      kind: 'renewal',
      listingId: listing.id,
      templateVersion: RENEWAL_TEMPLATE_VERSION,
      body: { ...content, footer: `${deps.brand.siteName} · ${content.title}` },
      data: { ExpirationDate: next, previous: current },
      createdBy: ctx.userId,
      replacing: false,
    });
    return { ok: true, doc };
  } catch (err) {
    // Another renewal was started at the same moment (one open renewal per listing).
    if (isUniqueViolation(err)) return { ok: false, status: 409, message: L.renewalOpen };
    throw err;
  }
}

/** An owner asking for a renewal of a live listing, signing it first. */
export function renewalRequests(deps: ManageDeps) {
  const { signing } = deps;
  return {
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
      const who = await asker(deps, ctx);
      if (!who.ok) return who;
      const { listing } = ctx.row;
      const next = body.ExpirationDate;
      const checked = await checkRenewal(deps, ctx, next);
      if (!checked.ok) return checked;
      const prepared = await prepareRenewal(deps, ctx, checked.current, next);
      if (!prepared.ok) return prepared;
      const { doc } = prepared;
      const signed = await signPrepared(deps, doc, () =>
        signing.sign(
          doc.document,
          { userId: ctx.userId, email: who.email, consentVersion: body.consentVersion, ...meta },
          commit,
          {
            finish: (tx, done) => renewalSigned(deps, tx, listing.id, done),
            recorded: async (done) => {
              if (!done.completed) await askRenewalSigners(deps, ctx, doc, who.email, next);
              await publish(deps, ctx.property.hash, listing);
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
  };
}

/** The other owners signing an open renewal on the Sign page. */
export function renewalSignatures(deps: ManageDeps) {
  const { documents, signing } = deps;
  return {
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
      const email = await emailOf(deps, ctx.userId);
      const signed = await signOrRefuse(() =>
        signing.sign(
          found.document,
          { userId: ctx.userId, email, consentVersion: body.consentVersion, ...meta },
          commit,
          {
            finish: (tx, done) => renewalSigned(deps, tx, listing.id, done),
            recorded: () => publish(deps, ctx.property.hash, listing),
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
  };
}
