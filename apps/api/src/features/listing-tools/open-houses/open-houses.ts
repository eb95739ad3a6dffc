import { buffer } from 'node:stream/consumers';
import {
  absoluteUrl,
  formatNumber,
  licensesFor,
  listingPagePath,
  OPEN_HOUSE_PAGE_TEXTS,
  OPEN_HOUSES_API,
  propertyTypeLabel,
  OPEN_HOUSE_TEXTS as T,
  type TListingPageSite,
  type TOpenHouse,
  type TOpenHouseRequest,
  type TOpenHouseState,
  type TOpenHousesResponse,
  type TPublicOpenHouse,
} from '@lantern/contracts';
import type { Listing, OpenHouse } from '@lantern/db';
import { timeZoneOfState } from '../../../lib/time-zones.ts';
import type { ListingPhotoRepository } from '../../photos/listing-photos.repository.ts';
import { sizeKey } from '../../photos/photos.ts';
import { type Outcome, ok, refuse } from '../../staff/outcome.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { OpenHouseRepository } from '../open-houses.repository.ts';
import type { OwnedListingContext } from '../owned-listing.ts';
import { type FlyerContent, renderFlyer } from './flyer.ts';
import { checkOpenHouse } from './rules.ts';
import { localParts, openHouseLabel, timeZoneWords } from './times.ts';

export interface OpenHouseServiceDeps {
  repo: OpenHouseRepository;
  listingPhotos: Pick<ListingPhotoRepository, 'ownerById' | 'find'>;
  storage: Pick<FileStorage, 'get'>;
  site: TListingPageSite;
  /** Told after a change the public page shows (its kept copy is dropped, issue 46). */
  onPublicChange?: () => Promise<void>;
  now?: () => Date;
}

/** How many ended or cancelled ones the owner's list keeps showing. */
const PAST_SHOWN = 50;

/** Open houses are planned while the listing is on the public site, for sale or under contract. */
const canSchedule = (listing: Listing) =>
  listing.publishedAt !== null && (listing.status === 'active' || listing.status === 'pending');

export function stateOf(row: OpenHouse, now: Date): TOpenHouseState {
  if (row.cancelledAt) return 'cancelled';
  if (row.endsAt <= now) return 'past';
  if (row.startsAt <= now) return 'now';
  return 'scheduled';
}

/** An open house as its owners see it, in the home's time zone. */
const view = (row: OpenHouse, timeZone: string, now: Date): TOpenHouse => {
  const start = localParts(row.startsAt, timeZone);
  const state = stateOf(row, now);
  return {
    id: row.hash,
    state,
    date: start.date,
    startTime: start.time,
    endTime: localParts(row.endsAt, timeZone).time,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    note: row.note,
    label: openHouseLabel(row.startsAt, row.endsAt, timeZone, {
      withYear: state === 'past' || state === 'cancelled',
    }),
  };
};

const zoneOf = (ctx: OwnedListingContext) => timeZoneOfState(ctx.property.state);

/** The listing's main photo (web size) for the flyer, or null. */
async function photoBytes(
  deps: OpenHouseServiceDeps,
  listing: Listing,
): Promise<Uint8Array | null> {
  if (!listing.photoHash) return null;
  const owner = listing.mlsListingId
    ? await deps.listingPhotos.ownerById('mls', listing.mlsListingId)
    : listing.fsboListingId
      ? await deps.listingPhotos.ownerById('fsbo', listing.fsboListingId)
      : undefined;
  const photo = owner ? await deps.listingPhotos.find(owner, listing.photoHash) : undefined;
  if (photo?.status !== 'ready') return null;
  const stream = await deps.storage.get(sizeKey(photo.storageKey, 'web'));
  return stream ? new Uint8Array(await buffer(stream)) : null;
}

/** The listing's facts the flyer lists: beds, baths, area and type, when known. */
function flyerFacts(listing: Listing): FlyerContent['facts'] {
  const labels = OPEN_HOUSE_PAGE_TEXTS.flyerFactLabels;
  const facts: FlyerContent['facts'] = [];
  if (listing.bedrooms != null) {
    facts.push({ label: labels.beds, value: formatNumber(listing.bedrooms) });
  }
  if (listing.bathrooms != null) {
    facts.push({ label: labels.baths, value: formatNumber(listing.bathrooms) });
  }
  if (listing.squareFeet != null) {
    facts.push({ label: labels.area, value: `${formatNumber(listing.squareFeet)} sq ft` });
  }
  const type = propertyTypeLabel(listing.propertyType);
  if (type) facts.push({ label: labels.type, value: type });
  return facts;
}

/** The printable flyer of a published listing: a PDF and its file name. */
async function makeFlyer(
  deps: OpenHouseServiceDeps,
  clock: () => Date,
  ctx: OwnedListingContext,
  log: { warn: (obj: object, msg: string) => void },
): Promise<Outcome<{ pdf: Uint8Array; filename: string }>> {
  const { listing } = ctx;
  if (listing.publishedAt === null) return refuse(409, T.notPublished);
  const now = clock();
  const timeZone = zoneOf(ctx);
  const upcoming = canSchedule(listing) ? await deps.repo.upcoming(listing.id, now) : [];
  let photo: Uint8Array | null = null;
  try {
    photo = await photoBytes(deps, listing);
  } catch (err) {
    log.warn({ err, listing: listing.hash }, 'flyer photo could not be read; made without it');
  }
  const slug = listing.slug ?? listing.hash;
  const facts = flyerFacts(listing);
  const pdf = await renderFlyer({
    siteName: deps.site.siteName,
    kind: listing.mlsListingId ? 'mls' : 'fsbo',
    status: listing.status,
    address: listing.streetAddress,
    place: `${listing.city}, ${listing.state} ${listing.zipCode}`,
    price: listing.price,
    facts,
    remarks: listing.remarks,
    photo,
    openHouses: upcoming.map((r) => ({
      label: openHouseLabel(r.startsAt, r.endsAt, timeZone),
      note: r.note,
    })),
    url: absoluteUrl(deps.site, listingPagePath(slug)),
    licenses: listing.mlsListingId ? licensesFor(listing.state, deps.site.brokerageLicenses) : [],
    contact:
      listing.fsboListingId && listing.contactName
        ? {
            name: listing.contactName,
            phone: listing.contactPhone,
            email: listing.contactEmail,
          }
        : null,
  });
  return ok({ pdf, filename: `flyer-${slug.slice(0, 80).replace(/[^a-z0-9-]/gi, '')}.pdf` });
}

/** The owners' list and the public page's upcoming ones. */
function openHouseReads(deps: OpenHouseServiceDeps, clock: () => Date) {
  return {
    async list(ctx: OwnedListingContext): Promise<TOpenHousesResponse> {
      const now = clock();
      const timeZone = zoneOf(ctx);
      const rows = await deps.repo.all(ctx.listing.id, 200);
      const views = rows.map((r) => view(r, timeZone, now));
      const upcoming = views
        .filter((v) => v.state === 'scheduled' || v.state === 'now')
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
      const past = views.filter((v) => v.state === 'past' || v.state === 'cancelled');
      return {
        timeZone,
        timeZoneName: timeZoneWords(timeZone, now),
        canSchedule: canSchedule(ctx.listing),
        flyerUrl:
          ctx.listing.publishedAt !== null
            ? `${OPEN_HOUSES_API.flyer}?property=${encodeURIComponent(ctx.property.hash)}`
            : null,
        upcoming,
        past: past.slice(0, PAST_SHOWN),
      };
    },

    /** What the public page shows: upcoming ones of a listing for sale or under contract. */
    async forPage(listing: Listing): Promise<TPublicOpenHouse[]> {
      if (!canSchedule(listing)) return [];
      const timeZone = timeZoneOfState(listing.state);
      const rows = await deps.repo.upcoming(listing.id, clock());
      return rows.map((r) => ({
        startsAt: r.startsAt.toISOString(),
        endsAt: r.endsAt.toISOString(),
        timeZone,
        note: r.note,
      }));
    },
  };
}

/** The owners plan, change and cancel open houses, each under the listing's lock. */
function openHouseChanges(deps: OpenHouseServiceDeps, clock: () => Date) {
  return {
    async add(ctx: OwnedListingContext, body: TOpenHouseRequest): Promise<Outcome<TOpenHouse>> {
      if (!canSchedule(ctx.listing)) return refuse(409, T.notOnSale);
      const now = clock();
      const timeZone = zoneOf(ctx);
      return deps.repo.locked(ctx.listing.id, async (scope) => {
        const others = await scope.active(now);
        const verdict = checkOpenHouse(body, { timeZone, now, others, adding: true });
        if (!verdict.ok) return refuse(verdict.status, verdict.message, verdict.errors);
        const row = await scope.insert({
          startsAt: verdict.startsAt,
          endsAt: verdict.endsAt,
          note: body.note ?? '',
          createdBy: ctx.userId,
        });
        return ok(view(row, timeZone, now));
      });
    },

    async change(
      ctx: OwnedListingContext,
      id: string,
      body: TOpenHouseRequest,
    ): Promise<Outcome<{ before: TOpenHouse; after: TOpenHouse }>> {
      const now = clock();
      const timeZone = zoneOf(ctx);
      return deps.repo.locked(ctx.listing.id, async (scope) => {
        const row = await scope.find(id);
        if (!row) return refuse(404, T.notFound);
        const state = stateOf(row, now);
        if (state === 'cancelled') return refuse(409, T.alreadyCancelled);
        if (state === 'past') return refuse(409, T.ended);
        if (state === 'now') return refuse(409, T.started);
        if (!canSchedule(ctx.listing)) return refuse(409, T.notOnSale);
        const others = (await scope.active(now)).filter((o) => o.id !== row.id);
        const verdict = checkOpenHouse(body, { timeZone, now, others, adding: false });
        if (!verdict.ok) return refuse(verdict.status, verdict.message, verdict.errors);
        const updated = await scope.update(row.id, {
          startsAt: verdict.startsAt,
          endsAt: verdict.endsAt,
          note: body.note ?? '',
        });
        return ok({ before: view(row, timeZone, now), after: view(updated, timeZone, now) });
      });
    },

    /** Cancel one that has not ended; its row stays, marked cancelled. */
    async cancel(ctx: OwnedListingContext, id: string): Promise<Outcome<TOpenHouse>> {
      const now = clock();
      const timeZone = zoneOf(ctx);
      return deps.repo.locked(ctx.listing.id, async (scope) => {
        const row = await scope.find(id);
        if (!row) return refuse(404, T.notFound);
        const state = stateOf(row, now);
        if (state === 'cancelled') return refuse(409, T.alreadyCancelled);
        if (state === 'past') return refuse(409, T.ended);
        const updated = await scope.update(row.id, { cancelledAt: now });
        return ok(view(updated, timeZone, now));
      });
    },
  };
}

/**
 * A listing's open houses for its owners (issue 22, "Open house kit"), the upcoming ones for its
 * public page, and the flyer. Times are the home's: `timeZoneOfState` of the property.
 */
export function createOpenHouseService(deps: OpenHouseServiceDeps) {
  const clock = deps.now ?? (() => new Date());
  const changes = openHouseChanges(deps, clock);
  /** After a committed change, the public page's kept copy goes. */
  const told =
    <A extends unknown[], T>(change: (...args: A) => Promise<Outcome<T>>) =>
    async (...args: A): Promise<Outcome<T>> => {
      const outcome = await change(...args);
      if (outcome.ok) await deps.onPublicChange?.();
      return outcome;
    };
  return {
    ...openHouseReads(deps, clock),
    add: told(changes.add),
    change: told(changes.change),
    cancel: told(changes.cancel),
    /** The printable flyer of a published listing: a PDF and its file name. */
    flyer: (ctx: OwnedListingContext, log: { warn: (obj: object, msg: string) => void }) =>
      makeFlyer(deps, clock, ctx, log),
  };
}
export type OpenHouseService = ReturnType<typeof createOpenHouseService>;
