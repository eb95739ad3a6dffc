import type { Readable } from 'node:stream';
import {
  CONCIERGE_LISTING_TEXTS as CL,
  ESIGN_DISCLOSURE,
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_SYNDICATION_TEXTS as LS,
  MESSAGES,
  RESO_LISTING_TERMS,
  RESO_POSSESSION,
  RESO_PROPERTY_SUB_TYPES,
  RESO_PROPERTY_TYPES,
  storedSyndication,
  streetAddressUnit,
  type TMlsListingSignRequest,
  type TMlsListingSignResponse,
} from '@lantern/contracts';
import type { Commit, Tx } from '@lantern/db';
import { CONCIERGE_PAGES, formatCents, invoiceNumber, mlsListingStepPath } from '@lantern/domain';
import type { UserRepository } from '../auth/users.repository.ts';
import type { Outbox } from '../mail/outbox.ts';
import {
  type BrandData,
  conciergeListingWaiting,
  listingSignatureRequest,
  listingSubmitted,
  listingWithConcierge,
} from '../mail/templates.ts';
import type { InvitationService } from '../participants/invitations.ts';
import type { ListingPhotoRepository } from '../photos/listing-photos.repository.ts';
import type { RealtimeService } from '../realtime/realtime-service.ts';
import type { SigningService } from '../signing/signing.ts';
import type {
  DocumentWithSigners,
  SigningDocumentRepository,
} from '../signing/signing-documents.repository.ts';
import {
  AGREEMENT_TEMPLATE_VERSION,
  exclusiveAgencyAgreement,
} from '../signing/templates/exclusive-agency-agreement.ts';
import type { ManageService } from './manage.ts';
import {
  type ListingContext,
  type MlsListingService,
  type Refusal,
  storedForm,
} from './mls-listing.ts';
import type { MlsListingRepository } from './mls-listings.repository.ts';
import { stableJson } from './stable-json.ts';
import { blockingStep } from './steps.ts';

/**
 * The sign step (issue 18; docs/decisions/032): the Exclusive Agency agreement made from the
 * listing as it stands, signed by every owner named on it; the last signature submits the
 * listing to staff and keeps what was signed as a listing version.
 */
export interface AgreementDeps {
  listings: MlsListingService;
  mlsListings: Pick<MlsListingRepository, 'submitTo' | 'boardById' | 'conciergeEmails'>;
  photos: Pick<ListingPhotoRepository, 'list'>;
  users: Pick<UserRepository, 'findById'>;
  signing: SigningService;
  documents: SigningDocumentRepository;
  invitations: Pick<InvitationService, 'invite'>;
  outbox: Pick<Outbox, 'enqueue'>;
  realtime: Pick<RealtimeService, 'publishToProperty'>;
  /** A live listing's Sign page shows and signs its open renewal instead (issue 18, manage). */
  renewals: Pick<ManageService, 'openRenewal' | 'signRenewal'>;
  brand: BrandData;
  licenses: readonly string[];
}

const label = <V extends string>(list: readonly { value: V; label: string }[], v: string | null) =>
  list.find((x) => x.value === v)?.label ?? v ?? '';
const today = () => new Date().toISOString().slice(0, 10);

const url = (deps: AgreementDeps, ctx: ListingContext, step: 'sign' | 'review') =>
  `${deps.brand.publicUrl}${mlsListingStepPath(step)}?property=${ctx.property.hash}`;

/** The listing as the agreement would be made from it now: what a signature covers. */
async function snapshotOf(deps: AgreementDeps, ctx: ListingContext) {
  const { listing } = ctx.row;
  const { property } = ctx;
  const board = listing.boardId ? await deps.mlsListings.boardById(listing.boardId) : undefined;
  const { listing: invoice } = await deps.listings.invoicesOf(ctx);
  const photos = (await deps.photos.list({ kind: 'mls', id: listing.id })).filter(
    (p) => p.status === 'ready',
  );
  return {
    listing: listing.hash,
    property: {
      street: property.street,
      unit: property.unit,
      city: property.city,
      state: property.state,
      zip: property.zip,
      county: property.county,
    },
    board: board ? { slug: board.slug, name: board.name } : null,
    propertyType: listing.propertyType,
    propertySubType: listing.propertySubType,
    form: storedForm(listing.fields),
    // What the owners agreed may travel beyond our site (issue 49), signed with the rest.
    syndication: storedSyndication(listing.syndication),
    photos: photos.map((p) => ({ hash: p.hash, caption: p.caption })),
    invoice: invoice
      ? {
          number: invoiceNumber(invoice.invoice.number),
          totalCents: invoice.invoice.totalCents,
          lines: invoice.lines.map((l) => l.description),
        }
      : null,
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshotOf>>;

async function makeAgreement(deps: AgreementDeps, ctx: ListingContext, snapshot: Snapshot) {
  const owners = snapshot.form.Owners ?? [];
  const { property } = snapshot;
  const body = exclusiveAgencyAgreement({
    broker: deps.brand.siteName,
    licenses: deps.licenses,
    owners: owners.map((o) => ({ name: o.name ?? '', email: o.email ?? '' })),
    address: `${streetAddressUnit(property.street, property.unit)}, ${property.city}, ${property.state} ${property.zip}`,
    county: property.county,
    state: property.state,
    board: snapshot.board?.name ?? null,
    propertyType: [
      label(RESO_PROPERTY_TYPES, snapshot.propertyType),
      label(RESO_PROPERTY_SUB_TYPES, snapshot.propertySubType),
    ]
      .filter(Boolean)
      .join(', '),
    listPrice: snapshot.form.ListPrice ?? 0,
    listingTerms: (snapshot.form.ListingTerms ?? []).map((v) => label(RESO_LISTING_TERMS, v)),
    possession: (snapshot.form.Possession ?? []).map((v) => label(RESO_POSSESSION, v)),
    startDate: today(),
    expirationDate: snapshot.form.ExpirationDate ?? '',
    fee: formatCents(snapshot.invoice?.totalCents ?? 0),
    services: (snapshot.invoice?.lines ?? []).slice(1),
    syndication: snapshot.syndication,
  });
  return deps.signing.prepare({
    kind: 'listing_agreement',
    listingId: ctx.row.listing.id,
    templateVersion: AGREEMENT_TEMPLATE_VERSION,
    body: { ...body, footer: `${deps.brand.siteName} · ${body.title}` },
    data: snapshot,
    createdBy: ctx.userId,
    replacing: true,
  });
}

/** Owners not on the property are invited to it; every owner but the one asking is mailed. */
async function askOwners(
  deps: AgreementDeps,
  ctx: ListingContext,
  doc: DocumentWithSigners,
  askerEmail: string,
) {
  const asker = await deps.users.findById(ctx.userId);
  const street = streetAddressUnit(ctx.property.street, ctx.property.unit);
  for (const s of doc.signers) {
    if (s.email.toLowerCase() === askerEmail.toLowerCase()) continue;
    // Already on the property or already invited: the invitation is refused, which is fine.
    await deps.invitations.invite(ctx.userId, ctx.property, {
      email: s.email,
      role: 'seller',
      canEdit: false,
    });
    await deps.outbox.enqueue({
      to: s.email,
      ...listingSignatureRequest(deps.brand, {
        street,
        requestedBy: asker?.name?.trim() || asker?.email || 'A co-owner',
        document: 'listing agreement',
        signUrl: url(deps, ctx, 'sign'),
      }),
    });
  }
}

/**
 * The agreement for the listing as it is now: the open one when the listing has not changed
 * since it was made; otherwise (changed, or none yet) a new one, made only for a participant
 * who can edit, which supersedes the old one and its signatures.
 */
async function current(deps: AgreementDeps, ctx: ListingContext, email: string) {
  const latest = await deps.documents.latest(ctx.row.listing.id, ['listing_agreement']);
  const { status } = ctx.row.listing;
  if (status === 'live') {
    const renewal = await deps.renewals.openRenewal(ctx.row.listing.id);
    return { doc: renewal ?? latest, replaced: false };
  }
  if (status !== 'draft' && status !== 'returned') return { doc: latest, replaced: false };
  const snapshot = await snapshotOf(deps, ctx);
  // No agreement until the owners have chosen where the listing may appear (issue 49).
  if (!snapshot.syndication) return { doc: undefined, replaced: false };
  if (
    latest?.document.status === 'awaiting' &&
    stableJson(deps.signing.dataOf(latest.document)) === stableJson(snapshot)
  ) {
    return { doc: latest, replaced: false };
  }
  if (!ctx.participant.canEdit) return { doc: undefined, replaced: false };
  const replaced =
    latest?.document.status === 'awaiting' && latest.signers.some((s) => s.signedAt !== null);
  const doc = await makeAgreement(deps, ctx, snapshot);
  await askOwners(deps, ctx, doc, email);
  return { doc, replaced };
}

async function refuseBeforePayment(
  deps: AgreementDeps,
  ctx: ListingContext,
): Promise<Refusal | null> {
  // Decision 065: nobody signs a draft the concierge holds, or their changes unreviewed.
  const { conciergeHolderId, conciergeBefore, conciergeHandedAt } = ctx.row.listing;
  if (conciergeHolderId !== null)
    return { ok: false, status: 409, message: CL.heldBy(ctx.conciergeName ?? '') };
  if (conciergeBefore !== null && conciergeHandedAt !== null)
    return { ok: false, status: 409, message: CL.reviewFirst };
  const { paid } = await deps.listings.invoicesOf(ctx);
  const missing = blockingStep('sign', deps.listings.stepsDone(ctx, paid));
  if (!missing) return null;
  return {
    ok: false,
    status: 409,
    message: missing === 'payment' ? L.payFirst : `Finish the ${missing} step first.`,
  };
}

/** Every signer hears where the listing went; a concierge is told it waits for them. */
async function tellSigned(
  deps: AgreementDeps,
  ctx: ListingContext,
  doc: DocumentWithSigners,
  went: 'submitted' | 'concierge' | null,
) {
  const street = streetAddressUnit(ctx.property.street, ctx.property.unit);
  const mail =
    went === 'concierge'
      ? listingWithConcierge(deps.brand, { street, listingUrl: url(deps, ctx, 'review') })
      : listingSubmitted(deps.brand, { street, listingUrl: url(deps, ctx, 'review') });
  for (const s of doc.signers) await deps.outbox.enqueue({ to: s.email, ...mail });
  if (went !== 'concierge') return;
  const waiting = conciergeListingWaiting(deps.brand, {
    street,
    reviewUrl: `${deps.brand.publicUrl}${CONCIERGE_PAGES.one(ctx.row.listing.hash)}`,
  });
  for (const to of await deps.mlsListings.conciergeEmails(ctx.row.listing.id))
    await deps.outbox.enqueue({ to, ...waiting });
}

/** A draft whose owners have not yet chosen where it may appear: nothing to sign yet. */
const unchosen = (ctx: ListingContext) =>
  ['draft', 'returned'].includes(ctx.row.listing.status) &&
  storedSyndication(ctx.row.listing.syndication) === null;

const emailOf = async (deps: AgreementDeps, userId: number) =>
  (await deps.users.findById(userId))?.email ?? '';

/** The Sign page and the listing's document files. */
function agreementPages(deps: AgreementDeps) {
  return {
    async page(ctx: ListingContext): Promise<TMlsListingSignResponse | Refusal> {
      const refused = await refuseBeforePayment(deps, ctx);
      if (refused) return refused;
      const email = await emailOf(deps, ctx.userId);
      const { doc, replaced } = await current(deps, ctx, email);
      const me = doc?.signers.find((s) => s.email.toLowerCase() === email.toLowerCase());
      const awaiting = doc?.document.status === 'awaiting';
      return {
        document: doc ? deps.signing.view(doc, email) : null,
        youMaySign: !!awaiting && !!me && !me.signedAt,
        notSignerReason: !doc
          ? unchosen(ctx)
            ? LS.chooseFirst
            : L.signEditorsOnly
          : awaiting && !me
            ? L.notOwner
            : null,
        replacedSignatures: replaced,
        disclosure: {
          version: ESIGN_DISCLOSURE.version,
          title: ESIGN_DISCLOSURE.title,
          sections: ESIGN_DISCLOSURE.sections.map((s) => ({ ...s })),
          consentLabel: ESIGN_DISCLOSURE.consentLabel,
        },
      };
    },

    /** A PDF of one of the listing's documents; any participant of the property may read it. */
    async file(
      ctx: ListingContext,
      hash: string,
      copy: 'unsigned' | 'signed',
    ): Promise<{ ok: true; stream: Readable; name: string } | Refusal> {
      const found = await deps.documents.findByHash(hash);
      if (!found || found.document.listingId !== ctx.row.listing.id)
        return { ok: false, status: 404, message: MESSAGES.notFound };
      const stream = await deps.signing.file(found.document, copy);
      if (!stream) return { ok: false, status: 404, message: MESSAGES.notFound };
      const base = found.document.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      return { ok: true, stream, name: `${base}-${copy}-${found.document.hash}.pdf` };
    },
  };
}

/** An owner's signature on the agreement. */
function agreementSigning(deps: AgreementDeps) {
  return {
    /**
     * One owner's signature on the agreement they were shown. The copy must still be the one
     * for the listing as it stands (an edit meanwhile makes a new copy: 409). The last signature
     * submits the listing and records the listing version; `commit` (the request's, so its
     * activity row is part of it) holds the signature, that and the mails it sends.
     */
    async sign(
      ctx: ListingContext,
      body: TMlsListingSignRequest,
      meta: { ip: string; userAgent: string },
      commit: Commit,
    ): Promise<{ ok: true; completed: boolean; message?: string } | Refusal> {
      const refused = await refuseBeforePayment(deps, ctx);
      if (refused) return refused;
      const { status } = ctx.row.listing;
      if (status === 'live') return deps.renewals.signRenewal(ctx, body, meta, commit);
      if (status !== 'draft' && status !== 'returned')
        return { ok: false, status: 409, message: L.alreadySigned };
      if (unchosen(ctx)) return { ok: false, status: 409, message: LS.chooseFirst };
      const email = await emailOf(deps, ctx.userId);
      const found = await deps.documents.findByHash(body.document);
      if (!found || found.document.listingId !== ctx.row.listing.id)
        return { ok: false, status: 404, message: MESSAGES.notFound };
      const snapshot = await snapshotOf(deps, ctx);
      if (
        found.document.status !== 'awaiting' ||
        stableJson(deps.signing.dataOf(found.document)) !== stableJson(snapshot)
      ) {
        return { ok: false, status: 409, message: L.documentReplaced };
      }
      // Where the last signature sent it: staff, or the property's concierge first (decision 048).
      let went: 'submitted' | 'concierge' | null = null;
      const signed = await deps.signing.sign(
        found.document,
        { userId: ctx.userId, email, consentVersion: body.consentVersion, ...meta },
        commit,
        {
          finish: async (tx: Tx, done) => {
            went = await deps.mlsListings.submitTo(tx, ctx.row.listing.id);
            await deps.documents.addVersion(tx, ctx.row.listing.id, done.document.id, snapshot);
          },
          recorded: async (done) => {
            await deps.realtime.publishToProperty(ctx.property.hash, {
              event: 'ListingUpdated',
              data: {
                hash: ctx.row.listing.hash,
                status: done.completed ? (went ?? status) : status,
              },
            });
            if (done.completed) await tellSigned(deps, ctx, done.now, went);
          },
        },
      );
      if (signed.ok) return { ok: true, completed: signed.completed };
      if (signed.reason === 'notSigner') return { ok: false, status: 403, message: L.notOwner };
      if (signed.reason === 'alreadySigned')
        return { ok: false, status: 409, message: L.alreadySigned };
      return { ok: false, status: 409, message: L.documentReplaced };
    },
  };
}

export function createAgreementService(deps: AgreementDeps) {
  return { ...agreementPages(deps), ...agreementSigning(deps) };
}
export type AgreementService = ReturnType<typeof createAgreementService>;
