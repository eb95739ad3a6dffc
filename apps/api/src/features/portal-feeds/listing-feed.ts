import { createHash } from 'node:crypto';
import type { Filter, OrderItem } from '../../rules/odata-query.ts';
import {
  fieldOf,
  RESO_RESOURCES,
  type ResoField,
  type ResoResource,
} from '../../rules/reso-fields.ts';
import type { ListingChanges } from '../public-listings/listing-changes.ts';
import type { ResoRecordRepository } from '../reso/reso-records.repository.ts';
import type { ListingFeedExtrasRepository } from './listing-feed-extras.repository.ts';
import { FEED_TAIL, type FeedSite, feedHead, listingXml } from './listing-feed-xml.ts';

/**
 * The portal feed's file (issue 49; docs/feeds/README.md), built from the RESO records — the one
 * mapping of our listings to the Data Dictionary, already cut to what each seller shares — and
 * kept in this process until a listing changes (the same notifier that drops the sitemap, told
 * across instances through the bus) or the first open house in it ends. Each listing is kept as
 * its own bytes, so a portal's file is those of the listings its owners did not keep out of it,
 * joined once and kept too until its opt-outs change.
 */
const PAGE = 500;

type Json = Record<string, unknown>;

export interface FeedFile {
  bytes: Buffer;
  /** A strong validator of the bytes, quoted as ETag wants it. */
  etag: string;
}

interface KeptFeed {
  generatedAt: Date;
  entries: { key: string; xml: Buffer }[];
  /** When the soonest open house in it ends (ms); the file is built again after that. */
  expiresAt: number;
  /** Each portal's file, with the opt-outs it was joined without. */
  files: Map<number, FeedFile & { skipped: string }>;
}

const field = (resource: ResoResource, name: string) => fieldOf(resource, name) as ResoField;
const ascending = (resource: ResoResource, names: string[]): OrderItem[] =>
  names.map((name) => ({ field: field(resource, name), desc: false }));

/** Every record of a resource in `order` (fields never null), a page at a time by keyset. */
async function* allRecords(
  records: ResoRecordRepository,
  resource: ResoResource,
  filter: Filter | null,
  order: OrderItem[],
): AsyncGenerator<Json[]> {
  let after: string[] | null = null;
  for (;;) {
    const rows = await records.page({ resource, filter, order, after, offset: 0, limit: PAGE });
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (rows.length < PAGE || !last) return;
    after = order.map((o) => String(last[o.field.name]));
  }
}

/** Every shared listing's photos, by ListingKey, in their order. */
async function photosByKey(records: ResoRecordRepository): Promise<Map<string, Json[]>> {
  const media = RESO_RESOURCES.Media;
  const byKey = new Map<string, Json[]>();
  const order = ascending(media, ['ResourceRecordKey', 'MediaKey']);
  for await (const rows of allRecords(records, media, null, order)) {
    for (const m of rows) {
      const key = String(m.ResourceRecordKey);
      const list = byKey.get(key) ?? [];
      list.push(m);
      byKey.set(key, list);
    }
  }
  for (const list of byKey.values()) list.sort((a, b) => Number(a.Order) - Number(b.Order));
  return byKey;
}

export function createListingFeed(deps: {
  records: ResoRecordRepository;
  extras: ListingFeedExtrasRepository;
  changes: ListingChanges;
  site: FeedSite;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const property = RESO_RESOURCES.Property;
  // A withdrawn or expired listing is a bare record whose consent fields are null.
  const shared: Filter = {
    kind: 'compare',
    op: 'eq',
    field: field(property, 'InternetEntireListingDisplayYN'),
    value: true,
  };
  let kept: Promise<KeptFeed> | null = null;
  deps.changes.onChange(() => {
    kept = null;
  });

  async function build(): Promise<KeptFeed> {
    const generatedAt = now();
    const photos = await photosByKey(deps.records);
    const entries: KeptFeed['entries'] = [];
    let expiresAt = Number.POSITIVE_INFINITY;
    const order = ascending(property, ['ListingKey']);
    for await (const rows of allRecords(deps.records, property, shared, order)) {
      const extras = await deps.extras.byKeys(
        rows.map((p) => String(p.ListingKey)),
        generatedAt,
      );
      for (const p of rows) {
        const key = String(p.ListingKey);
        const more = extras.get(key);
        const xml = listingXml(p, photos.get(key) ?? [], more, deps.site);
        if (!xml) continue;
        entries.push({ key, xml: Buffer.from(xml) });
        for (const o of more?.openHouses ?? []) {
          expiresAt = Math.min(expiresAt, o.endsAt.getTime());
        }
      }
    }
    return { generatedAt, entries, expiresAt, files: new Map() };
  }

  async function current(again = false): Promise<KeptFeed> {
    const promise = kept;
    if (promise) {
      const have = await promise;
      // Dropped by a change, or replaced, while it was being built: read the newer one (once,
      // so a stream of changes cannot keep a fetch waiting).
      if (kept !== promise && !again) return current(true);
      if (kept !== promise || have.expiresAt > now().getTime()) return have;
    }
    const building = build();
    kept = building;
    // A failed read is not kept: the next fetch tries again.
    building.catch(() => {
      if (kept === building) kept = null;
    });
    return building;
  }

  function join(feed: KeptFeed, skipped: ReadonlySet<string>): FeedFile {
    const parts = feed.entries.filter((e) => !skipped.has(e.key)).map((e) => e.xml);
    const bytes = Buffer.concat([
      Buffer.from(feedHead(feed.generatedAt, parts.length, deps.site)),
      ...parts,
      Buffer.from(FEED_TAIL),
    ]);
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
    return { bytes, etag };
  }

  return {
    /** One portal's file: every shared listing but those kept out of it (ListingKeys). */
    async file(feedId: number, skipped: readonly string[]): Promise<FeedFile> {
      const feed = await current();
      const signature = [...skipped].sort().join('\n');
      const have = feed.files.get(feedId);
      if (have && have.skipped === signature) return have;
      const file = join(feed, new Set(skipped));
      feed.files.set(feedId, { ...file, skipped: signature });
      return file;
    },
  };
}
export type ListingFeed = ReturnType<typeof createListingFeed>;
