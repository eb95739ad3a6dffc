import { randomBytes } from 'node:crypto';
import {
  LISTING_PORTALS_TEXTS,
  storedSyndication,
  type TListingPortals,
  type TPortalFeed,
} from '@lantern/contracts';
import type { Listing, PortalFeedRow } from '@lantern/db';
import { hashToken } from '../api-tokens/api-tokens.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { ListingFeed } from './listing-feed.ts';
import type { PortalFeedRepository } from './portal-feeds.repository.ts';

/**
 * Portals' feeds (issue 49; docs/decisions/098): each portal reads the listing feed at an address
 * whose last part is a secret token of 256 random bits. Only the token's SHA-256 is kept, as for
 * personal access tokens, so the address is answered once, when made or rotated.
 */
const TOKEN_PREFIX = 'lpf_';
/** `lpf_` and 43 base64url characters: anything else is not a token we gave. */
const TOKEN = /^lpf_[A-Za-z0-9_-]{43}$/;
/** The path of a feed's address; the route folder is routes/feeds. */
export const FEED_PATH = '/feeds/';

const newToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
const newHash = () => randomBytes(12).toString('base64url');

export function toPortalFeed(
  row: PortalFeedRow,
  createdBy: string | null = null,
  optOuts = 0,
): TPortalFeed {
  return {
    hash: row.hash,
    name: row.name,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    rotatedAt: row.rotatedAt?.toISOString() ?? null,
    lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    optOuts,
  };
}

export function createPortalFeedService(deps: {
  repo: PortalFeedRepository;
  feed: ListingFeed;
  origin: string;
}) {
  const { repo } = deps;
  const urlOf = (token: string) => `${deps.origin}${FEED_PATH}${token}.xml`;
  return {
    /** A new feed; its address is in this answer only. */
    async create(name: string, createdBy: number) {
      const token = newToken();
      const row = await repo.insert({
        hash: newHash(),
        name,
        tokenHash: hashToken(token),
        createdBy,
      });
      return { row, url: urlOf(token) };
    },

    /** A new address for a live feed: the old one stops now. Undefined when revoked meanwhile. */
    async rotate(row: PortalFeedRow) {
      const token = newToken();
      const rotated = await repo.rotate(row.id, hashToken(token));
      return rotated ? { row: rotated, url: urlOf(token) } : undefined;
    },

    /**
     * The file at `/feeds/{file}` for the live feed whose token it names, or null. The fetch
     * is recorded (once a minute at most), and the listings kept out of this portal are left out.
     */
    async fetch(file: string) {
      const token = file.endsWith('.xml') ? file.slice(0, -4) : '';
      if (!TOKEN.test(token)) return null;
      const row = await repo.liveByTokenHash(hashToken(token));
      if (!row) return null;
      await repo.fetched(row.id);
      return deps.feed.file(row.id, await repo.optedOutKeys(row.id));
    },

    /** The owner's Portals tab: the live portals by name, and whether the listing goes to each. */
    async forListing(listing: Listing): Promise<TListingPortals> {
      const rows = await repo.forListing(listing.id);
      return {
        shared: storedSyndication(listing.syndication)?.InternetEntireListingDisplayYN === true,
        portals: rows.map((r) => ({ hash: r.hash, name: r.name, send: !r.skipped })),
      };
    },

    /** Keeps the listing out of exactly these portals (hashes of live feeds). */
    async skip(
      listing: Listing,
      hashes: readonly string[],
      userId: number,
    ): Promise<Outcome<null>> {
      const wanted = [...new Set(hashes)];
      const live = await repo.liveByHashes(wanted);
      if (live.length !== wanted.length) {
        const message = LISTING_PORTALS_TEXTS.portal;
        return refuse(422, message, { skip: [message] });
      }
      await repo.setOptOuts(
        listing.id,
        live.map((f) => f.id),
        userId,
      );
      return ok(null);
    },
  };
}
export type PortalFeedService = ReturnType<typeof createPortalFeedService>;
