import { listingPagePath, type TTransactionAccessView } from '@lantern/contracts';
import type { TransactionAccessRequest } from '@lantern/db';
import { DOCUMENT_TYPES, TRANSACTION_ACCESS_API } from '@lantern/domain';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import type { AccessContext } from './access-context.ts';
import type { ViewerMeta } from './access-types.ts';
import type { TransactionAccessRepository } from './transaction-access.repository.ts';

type SharedListing = NonNullable<Awaited<ReturnType<TransactionAccessRepository['listing']>>>;

/** The listing's facts, always part of the shared view. */
const listingFacts = (listing: SharedListing): TTransactionAccessView['listing'] => ({
  status: listing.status,
  address: listing.streetAddress,
  city: listing.city,
  state: listing.state,
  zipCode: listing.zipCode,
  price: listing.price,
  bedrooms: listing.bedrooms,
  bathrooms: listing.bathrooms,
  squareFeet: listing.squareFeet,
  listedAt: listing.listedAt.toISOString(),
  url: listing.publishedAt && listing.slug ? listingPagePath(listing.slug) : null,
});

/** The property's documents, when they are shared. */
async function sharedDocuments(ctx: AccessContext, r: TransactionAccessRequest) {
  if (!r.shares.includes('documents')) return null;
  return (await ctx.repo.documents(r.propertyId)).map((d) => ({
    hash: d.hash,
    type: d.type,
    label: DOCUMENT_TYPES[d.type].label,
    state: d.state,
    fileName: d.fileName,
    uploadedAt: d.uploadedAt.toISOString(),
    url: TRANSACTION_ACCESS_API.documentFile(d.hash),
  }));
}

/** The coming showings, when they are shared. */
async function sharedShowings(ctx: AccessContext, r: TransactionAccessRequest) {
  if (!r.shares.includes('showings')) return null;
  return (await ctx.repo.showings(r.propertyId, ctx.now())).map((s) => ({
    start: s.start.toISOString(),
    end: new Date(s.start.getTime() + s.minutes * 60_000).toISOString(),
    status: s.status,
  }));
}

/** The requester's side: the shared view and its documents, through the access link. */
export function accessView(ctx: AccessContext) {
  const { deps, repo } = ctx;
  return {
    /** Whether a token opens a live access now (to set the cookie only for one that does). */
    async isLive(token: string | undefined): Promise<boolean> {
      return Boolean(await ctx.liveAccess(token));
    },

    /** The shared view, read fresh from the row and logged; undefined when access is not live. */
    async view(
      token: string | undefined,
      meta: ViewerMeta,
    ): Promise<TTransactionAccessView | undefined> {
      const r = await ctx.liveAccess(token);
      if (!r?.expiresAt) return undefined;
      const listing = await repo.listing(r.listingId);
      if (!listing) return undefined;
      await repo.logView({ requestId: r.id, what: 'overview', ...meta });
      const timeZone = timeZoneOfState(listing.state);
      const shares = r.shares;
      const documents = await sharedDocuments(ctx, r);
      const showings = await sharedShowings(ctx, r);
      return {
        requester: { name: r.name, company: r.company },
        expiresAt: r.expiresAt.toISOString(),
        timeZone,
        shares,
        listing: listingFacts(listing),
        documents,
        showings,
      };
    },

    /** One shared document's file, when documents are shared and it is this property's. */
    async documentFile(token: string | undefined, docHash: string, meta: ViewerMeta) {
      const r = await ctx.liveAccess(token);
      if (!r?.shares.includes('documents')) return undefined;
      const doc = (await repo.documents(r.propertyId)).find((d) => d.hash === docHash);
      if (!doc) return undefined;
      const file = await deps.fileOf(doc.hash);
      if (!file) return undefined;
      await repo.logView({
        requestId: r.id,
        what: `document:${doc.type}:${doc.fileName}`,
        ...meta,
      });
      return file;
    },
  };
}
