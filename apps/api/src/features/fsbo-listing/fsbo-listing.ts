import {
  fsboBasicsIssues,
  fsboContactIssues,
  fsboDescribeIssues,
  LISTING_SYNDICATION_TEXTS as LS,
  listingPagePath,
  MESSAGES,
  storedSyndication,
  type TFsboBasicsDraft,
  type TFsboContactDraft,
  type TFsboDescribeDraft,
  type TFsboListing,
  type TFsboMarketStatusRequest,
  type TListingSyndication,
  type TPublicListingDetail,
} from '@lantern/contracts';
import type { FsboListing, NewAuditEntry } from '@lantern/db';
import {
  findFairHousingPhrases,
  fsboBlockingStep,
  fsboNextStep,
  fsboPublishMissing,
  fsboStepsDone,
  FSBO_LISTING_FIELD_MESSAGES as M,
  FSBO_LISTING_TEXTS as T,
  type TFsboListingStep,
} from '@lantern/domain';
import type { AuditChange } from '../audit/audit-change.ts';
import type { ProductRepository } from '../catalogue/products.repository.ts';
import type { ListingPhotoRepository } from '../photos/listing-photos.repository.ts';
import type { PropertyRepository, UserProperty } from '../properties/properties.repository.ts';
import { servicesForProperty } from '../properties/property-services.ts';
import type { PublicListingSync } from '../public-listings/public-listings.ts';
import type { OwnSales } from '../sales/own-sales.ts';
import type { FsboListingRepository } from './fsbo-listings.repository.ts';
import { fsboPreviewDetail } from './preview.ts';
import { storedSteps } from './stored.ts';

/**
 * The free FSBO listing's rules (issue 19): steps saved as drafts, publishing (free and at once),
 * and managing a published listing. Routes open the listing with `open`, then call one function;
 * each answers what to send. Every change of a published listing reaches its public row at once.
 */
export interface FsboListingDeps {
  properties: Pick<PropertyRepository, 'findForUser'>;
  fsboListings: FsboListingRepository;
  photos: Pick<ListingPhotoRepository, 'list'>;
  products: ProductRepository;
  publicListings: Pick<PublicListingSync, 'syncFsboListing'>;
  /** A sold listing becomes a sale in the store, in the same transaction (issue 37). */
  ownSales: Pick<OwnSales, 'fsboMarketStatus'>;
  siteName: string;
  /** Today, YYYY-MM-DD (a sale date may not be later). */
  today?: () => string;
}

export interface FsboListingContext extends UserProperty {
  userId: number;
  listing: FsboListing;
  readyPhotos: number;
}

export type Refusal = {
  ok: false;
  status: 403 | 404 | 409 | 422;
  message: string;
  errors?: Record<string, string[]>;
};
export type Opened = { ok: true; ctx: FsboListingContext } | Refusal;
type Saved = { ok: true } | Refusal;

const everPublished = (l: FsboListing) => l.status !== 'draft';
const asErrors = (prefix: string, issues: Record<string, string>) =>
  Object.fromEntries(Object.entries(issues).map(([k, v]) => [`${prefix}.${k}`, [v]]));

const marketOf = (l: FsboListing) => ({
  marketStatus: l.marketStatus,
  soldPrice: l.soldPrice,
  soldOn: l.soldOn,
});

const todayOf = (deps: FsboListingDeps) =>
  deps.today ?? (() => new Date().toISOString().slice(0, 10));

/** Why a sale date is refused: in the future, or before the listing was first published. */
function soldIssue(today: () => string, listing: FsboListing, soldOn: string): string | null {
  const first = (listing.firstPublishedAt ?? listing.publishedAt ?? new Date())
    .toISOString()
    .slice(0, 10);
  if (soldOn > today()) return M.soldInFuture;
  return soldOn < first ? M.soldBeforeListed(first) : null;
}

function stepsDone(ctx: FsboListingContext): TFsboListingStep[] {
  return fsboStepsDone({
    saved: ctx.listing.completedSteps,
    readyPhotos: ctx.readyPhotos,
    everPublished: everPublished(ctx.listing),
  });
}

/** 403 without can_edit; 409 while a step before this one is not done. */
function refuseWrite(ctx: FsboListingContext, step: TFsboListingStep): Refusal | null {
  if (!ctx.participant.canEdit) return { ok: false, status: 403, message: T.readOnly };
  const missing = fsboBlockingStep(step, stepsDone(ctx));
  return missing ? { ok: false, status: 409, message: T.finishStepFirst(missing) } : null;
}

/** After a change: the public row follows while the listing is published. */
async function resync(deps: FsboListingDeps, listing: FsboListing): Promise<void> {
  if (listing.status === 'published') await deps.publicListings.syncFsboListing(listing.id);
}

/**
 * Save one step's draft. A draft save keeps what was given and counts the step done only when
 * it is complete (`finish` asks for that: 422 naming the missing fields). A published listing
 * must stay complete, so there every save is checked as a finish.
 */
async function saveStep(
  deps: FsboListingDeps,
  ctx: FsboListingContext,
  step: 'basics' | 'contact' | 'describe',
  issues: Record<string, string>,
  write: Pick<FsboListing, 'fields' | 'contact'>,
  finish: boolean,
): Promise<Saved> {
  const refused = refuseWrite(ctx, step);
  if (refused) return refused;
  const complete = Object.keys(issues).length === 0;
  const published = ctx.listing.status === 'published';
  if (!complete && (finish || published)) {
    return {
      ok: false,
      status: 422,
      message: published ? T.publishedMustStayComplete : MESSAGES.validationFailed,
      errors: asErrors(step, issues),
    };
  }
  const steps = ctx.listing.completedSteps.filter((s) => s !== step);
  if (complete) steps.push(step);
  const saved = await deps.fsboListings.update(ctx.listing.id, { ...write, completedSteps: steps });
  await resync(deps, saved);
  return { ok: true };
}

/** The listing as its wizard and management page read it. */
function fsboView(ctx: FsboListingContext, publicSlug: string | null): TFsboListing {
  const { listing, property } = ctx;
  const steps = storedSteps(listing);
  const done = stepsDone(ctx);
  return {
    hash: listing.hash,
    status: listing.status,
    completedSteps: done,
    nextStep: fsboNextStep(done),
    canEdit: ctx.participant.canEdit,
    property: {
      hash: property.hash,
      streetAddress: property.street,
      unit: property.unit,
      city: property.city,
      state: property.state,
      zipCode: property.zip,
    },
    ...steps,
    warnings: findFairHousingPhrases(steps.describe.remarks ?? '').map((phrase) => ({
      field: 'describe.remarks',
      phrase,
      message: T.fairHousingWarning(phrase),
    })),
    readyPhotos: ctx.readyPhotos,
    publishNeeds:
      listing.status === 'published'
        ? []
        : fsboPublishMissing(done).map((s) => (s === 'media' ? T.needsPhoto : T.needsStep(s))),
    marketStatus: listing.marketStatus,
    soldPrice: listing.soldPrice,
    soldOn: listing.soldOn,
    publishedAt: listing.publishedAt?.toISOString() ?? null,
    firstPublishedAt: listing.firstPublishedAt?.toISOString() ?? null,
    publicPath: listing.status === 'published' && publicSlug ? listingPagePath(publicSlug) : null,
    syndication: storedSyndication(listing.syndication),
  };
}

/** Why the listing cannot be published now, if it cannot. */
function refusePublish(ctx: FsboListingContext): Refusal | null {
  if (!ctx.participant.canEdit) return { ok: false, status: 403, message: T.readOnly };
  if (ctx.listing.status === 'published')
    return { ok: false, status: 409, message: T.alreadyPublished };
  // The stored steps are checked again as they are now (a limit may have changed).
  const steps = storedSteps(ctx.listing);
  const stillComplete =
    Object.keys(fsboBasicsIssues(steps.basics)).length === 0 &&
    Object.keys(fsboContactIssues(steps.contact)).length === 0 &&
    Object.keys(fsboDescribeIssues(steps.describe)).length === 0;
  const missing = fsboPublishMissing(stepsDone(ctx));
  if (missing.length > 0 || !stillComplete) {
    const needs = missing.map((s) => (s === 'media' ? T.needsPhoto : T.needsStep(s)));
    return {
      ok: false,
      status: 409,
      message: [T.publishNeeds, ...(needs.length ? needs : [T.needsStep('basics')])].join(' '),
    };
  }
  return null;
}

/**
 * Pending, sold (price and closing date: not in the future, not before the listing was first
 * published) or back on the market. Only a published listing; its page shows it at once. A
 * sale is recorded in the sales store in the same transaction, with the person's activity
 * entry; leaving sold removes it (the sale fell through).
 */
async function setMarketStatus(
  deps: FsboListingDeps,
  ctx: FsboListingContext,
  body: TFsboMarketStatusRequest,
  audit?: (change: AuditChange) => NewAuditEntry,
): Promise<Saved> {
  if (!ctx.participant.canEdit) return { ok: false, status: 403, message: T.readOnly };
  const { listing } = ctx;
  if (listing.status !== 'published') return { ok: false, status: 409, message: T.notPublished };
  const issue = body.status === 'sold' ? soldIssue(todayOf(deps), listing, body.soldOn) : null;
  if (issue)
    return {
      ok: false,
      status: 422,
      message: MESSAGES.validationFailed,
      errors: { soldOn: [issue] },
    };
  const sold = body.status === 'sold';
  const patch = sold
    ? { marketStatus: 'sold' as const, soldPrice: body.soldPrice, soldOn: body.soldOn }
    : { marketStatus: body.status, soldPrice: null, soldOn: null };
  const consent = sold && body.showSoldPrice === true;
  const saved = await deps.fsboListings.updateWith(
    listing.id,
    patch,
    (tx, row) => deps.ownSales.fsboMarketStatus(tx, row, storedSteps(row).basics, consent),
    audit &&
      ((before, after) =>
        audit({
          action: 'fsbo-listing.market-status',
          recordType: 'fsbo_listing',
          recordId: listing.hash,
          before: marketOf(before),
          after: { ...marketOf(after), ...(sold ? { showSoldPrice: consent } : {}) },
        })),
  );
  await resync(deps, saved);
  return { ok: true };
}

/** Opening the listing, reading it, and saving the wizard's steps. */
function fsboDrafts(deps: FsboListingDeps) {
  const repo = deps.fsboListings;
  return {
    /**
     * The user's FSBO listing of the property, made on the first read: 404 when the property is
     * not theirs; 409 when there is none yet and the catalogue does not offer the free FSBO
     * listing at this place to this user's role. A listing once made stays reachable, so it can
     * always be finished, managed or taken down, and read by the property's other participants.
     */
    async open(userId: number, propertyHash: string): Promise<Opened> {
      const found = await deps.properties.findForUser(userId, propertyHash);
      if (!found) return { ok: false, status: 404, message: MESSAGES.notFound };
      const existing = await repo.forProperty(found.property.id);
      if (!existing) {
        const offered = await servicesForProperty(deps.products, deps.siteName, {
          state: found.property.state,
          county: found.property.county,
          role: found.participant.role,
        });
        if (!offered['fsbo-listing']) return { ok: false, status: 409, message: T.notOffered };
      }
      const listing = existing ?? (await repo.openForProperty(found.property.id, userId));
      const readyPhotos = await repo.readyPhotoCount(listing.id);
      return { ok: true, ctx: { ...found, userId, listing, readyPhotos } };
    },

    refuseWrite,

    view: (ctx: FsboListingContext, publicSlug: string | null): TFsboListing =>
      fsboView(ctx, publicSlug),

    /** The public row's slug (for the page's link), published or not. */
    async publicSlug(ctx: FsboListingContext): Promise<string | null> {
      return (await repo.publicRow(ctx.listing.id))?.row.slug ?? null;
    },

    saveBasics(ctx: FsboListingContext, basics: TFsboBasicsDraft, finish: boolean) {
      const { describe } = storedSteps(ctx.listing);
      return saveStep(
        deps,
        ctx,
        'basics',
        fsboBasicsIssues(basics),
        { fields: { basics, describe }, contact: ctx.listing.contact },
        finish,
      );
    },

    saveContact(ctx: FsboListingContext, contact: TFsboContactDraft, finish: boolean) {
      return saveStep(
        deps,
        ctx,
        'contact',
        fsboContactIssues(contact),
        { fields: ctx.listing.fields, contact },
        finish,
      );
    },

    saveDescribe(ctx: FsboListingContext, describe: TFsboDescribeDraft, finish: boolean) {
      const { basics } = storedSteps(ctx.listing);
      return saveStep(
        deps,
        ctx,
        'describe',
        fsboDescribeIssues(describe),
        { fields: { basics, describe }, contact: ctx.listing.contact },
        finish,
      );
    },
  };
}

/** Publishing, unpublishing, the market status, the preview and the public row. */
function fsboPublishing(deps: FsboListingDeps) {
  const repo = deps.fsboListings;
  return {
    /**
     * Publish at once (free): basics, contact and describe complete and at least one photo ready.
     * Also publishes again a listing its owner unpublished; its page keeps its address and history.
     */
    async publish(ctx: FsboListingContext, syndication?: TListingSyndication): Promise<Saved> {
      const refused = refusePublish(ctx);
      if (refused) return refused;
      // Nothing goes out without the seller's own choice (issue 49): the first publish needs it.
      const chosen = syndication ?? storedSyndication(ctx.listing.syndication);
      if (!chosen)
        return {
          ok: false,
          status: 422,
          message: LS.chooseBeforePublish,
          errors: { syndication: [LS.chooseBeforePublish] },
        };
      const now = new Date();
      const saved = await repo.update(ctx.listing.id, {
        status: 'published',
        publishedAt: now,
        firstPublishedAt: ctx.listing.firstPublishedAt ?? now,
        syndication: chosen,
      });
      await resync(deps, saved);
      return { ok: true };
    },

    /**
     * Where the listing may appear beyond our site, changed at any time by someone who can edit
     * it; a published listing's public row (which partners replicate) follows in the same
     * transaction.
     */
    async saveSyndication(
      ctx: FsboListingContext,
      syndication: TListingSyndication,
    ): Promise<Saved> {
      if (!ctx.participant.canEdit) return { ok: false, status: 403, message: LS.editorsOnly };
      const saved = await repo.update(ctx.listing.id, { syndication });
      await resync(deps, saved);
      return { ok: true };
    },

    /** Off the public pages; the price history records it as withdrawn. */
    async unpublish(ctx: FsboListingContext): Promise<Saved> {
      if (!ctx.participant.canEdit) return { ok: false, status: 403, message: T.readOnly };
      if (ctx.listing.status !== 'published')
        return { ok: false, status: 409, message: T.notPublished };
      await repo.update(ctx.listing.id, { status: 'unpublished', publishedAt: null });
      await deps.publicListings.syncFsboListing(ctx.listing.id);
      return { ok: true };
    },

    /**
     * Pending, sold (price and closing date: not in the future, not before the listing was first
     * published) or back on the market. Only a published listing; its page shows it at once. A
     * sale is recorded in the sales store in the same transaction, with the person's activity
     * entry; leaving sold removes it (the sale fell through).
     */
    setMarketStatus: (
      ctx: FsboListingContext,
      body: TFsboMarketStatusRequest,
      audit?: (change: AuditChange) => NewAuditEntry,
    ): Promise<Saved> => setMarketStatus(deps, ctx, body, audit),

    /** What the public page will show once published, photos on the owner's routes. */
    async preview(ctx: FsboListingContext): Promise<TPublicListingDetail | undefined> {
      const src = await repo.source(ctx.listing.id);
      if (!src) return undefined;
      return fsboPreviewDetail({
        src,
        published: await repo.publicRow(ctx.listing.id),
        photos: await deps.photos.list({ kind: 'fsbo', id: ctx.listing.id }),
        propertyHash: ctx.property.hash,
      });
    },

    /** After a photo change (upload processed, order, delete): the public row's photo follows. */
    resync: (listingId: number) => deps.publicListings.syncFsboListing(listingId),
  };
}

export function createFsboListingService(deps: FsboListingDeps) {
  return { ...fsboDrafts(deps), ...fsboPublishing(deps) };
}
export type FsboListingService = ReturnType<typeof createFsboListingService>;
