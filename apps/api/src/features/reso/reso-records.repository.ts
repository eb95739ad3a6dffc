import type { Db } from '@lantern/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Filter, FilterValue, OrderItem } from '../../rules/odata-query.ts';
import type { ResoField, ResoResource, ResoResourceName } from '../../rules/reso-fields.ts';

/**
 * Our listings under RESO Data Dictionary names (issue 49): the one place that maps the public
 * `listings` row (street_address, price, square_feet, …) and its source listing to the published
 * fields, for the RESO Web API and the portal feeds alike. Each resource is a subquery whose
 * columns are the Dictionary's names, so a compiled filter names only published values, and
 * every value a seller kept back is null in it before any filter sees it.
 *
 * A listing is *shown* while published, active, pending or sold, and shared by its seller. Once
 * shared it stays in the answer after that as a bare record (key, Withdrawn or Expired, and
 * ModificationTimestamp), so a replicating client learns that it left.
 */

const SHOWN_TEXT = `(l.published_at is not null and l.status in ('active', 'pending', 'sold')
    and l.syndication->>'InternetEntireListingDisplayYN' = 'true')`;
const SHOWN = sql.raw(SHOWN_TEXT);
const ADDRESS = sql.raw(`l.syndication->>'InternetAddressDisplayYN' = 'true'`);
const when = (condition: SQL, value: SQL) => sql`case when ${condition} then ${value} end`;
const shown = (value: string) => when(SHOWN, sql.raw(value));
const shownWithAddress = (value: string) => when(sql`${SHOWN} and ${ADDRESS}`, sql.raw(value));
/**
 * ModificationTimestamp as text, to the microsecond: what a record and a page token carry, so a
 * replicating client's `gt` never reads the same change twice (a JS Date keeps milliseconds).
 * The column of the same name stays a timestamp, so ordering by it uses the index.
 */
export const MODIFIED_TEXT = '_modified';

/** A timestamp column as that text (the field's format, in UTC). */
const timestamp = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

const STANDARD_STATUS = sql.raw(`case
  when ${SHOWN_TEXT} then coalesce(case when m.standard_status::text in ('Active', 'ActiveUnderContract', 'Pending', 'Closed')
      then m.standard_status::text end,
      case l.status when 'active' then 'Active' when 'pending' then 'Pending' else 'Closed' end)
  when l.status = 'expired' then 'Expired'
  else 'Withdrawn' end`);

/** PropertyType and PropertySubType: the MLS listing's own, or the FSBO's public type's. */
const FSBO_TYPES: Record<string, [string, string | null]> = {
  'single-family': ['Residential', 'SingleFamilyResidence'],
  condo: ['Residential', 'Condominium'],
  townhouse: ['Residential', 'Townhouse'],
  'multi-family': ['ResidentialIncome', 'MultiFamily'],
  manufactured: ['Residential', 'ManufacturedHome'],
  land: ['Land', 'UnimprovedLand'],
};
const fsboType = (i: 0 | 1) =>
  `case l.property_type ${Object.entries(FSBO_TYPES)
    .map(([k, v]) => `when '${k}' then ${v[i] === null ? 'null' : `'${v[i]}'`}`)
    .join(' ')} end`;

function propertyColumns(brokerage: string): Record<string, SQL> {
  const mlsField = (path: string, type: string) => `(m.fields->>'${path}')::${type}`;
  return {
    ListingKey: sql.raw('l.hash'),
    ListingId: shown('m.mls_number'),
    StandardStatus: STANDARD_STATUS,
    ModificationTimestamp: sql.raw('l.updated_at'),
    [MODIFIED_TEXT]: timestamp('l.updated_at'),
    OnMarketDate: shown(`to_char(l.listed_at at time zone 'UTC', 'YYYY-MM-DD')`),
    ListPrice: shown(`case when l.status <> 'sold' then l.price::float8 end`),
    ClosePrice: shown(
      `case when l.status = 'sold' and l.syndication->>'ClosePriceDisplayYN' = 'true' then l.price::float8 end`,
    ),
    CloseDate: shown(
      `case when l.status = 'sold' then to_char(l.closed_at at time zone 'UTC', 'YYYY-MM-DD') end`,
    ),
    PropertyType: shown(`coalesce(m.property_type, ${fsboType(0)})`),
    PropertySubType: shown(
      `case when m.id is not null then m.property_sub_type else ${fsboType(1)} end`,
    ),
    UnparsedAddress: shownWithAddress(
      `l.street_address || ', ' || l.city || ', ' || l.state || ' ' || l.zip_code`,
    ),
    City: shown('l.city'),
    StateOrProvince: shown('l.state'),
    PostalCode: shown('l.zip_code'),
    Country: shown(`'US'`),
    Latitude: shownWithAddress('l.lat'),
    Longitude: shownWithAddress('l.lng'),
    BedroomsTotal: shown('l.bedrooms'),
    BathroomsTotalInteger: shown(
      `case when m.id is not null then ${mlsField('BathroomsFull', 'int')} + coalesce(${mlsField('BathroomsHalf', 'int')}, 0) else ceil(l.bathrooms)::int end`,
    ),
    LivingArea: shown('l.square_feet::float8'),
    LivingAreaUnits: shown(`case when l.square_feet is not null then 'SquareFeet' end`),
    LotSizeSquareFeet: shown(mlsField('LotSizeSquareFeet', 'float8')),
    LotSizeAcres: shown(mlsField('LotSizeAcres', 'float8')),
    YearBuilt: shown('l.year_built'),
    PublicRemarks: shown('l.remarks'),
    PhotosCount: shown(
      `(select count(*)::int from listing_photos ph where ph.status = 'ready' and
        (ph.listing_id = l.mls_listing_id or ph.fsbo_listing_id = l.fsbo_listing_id))`,
    ),
    ListOfficeName: when(SHOWN, sql`case when m.id is not null then ${brokerage}::text end`),
    InternetEntireListingDisplayYN: shown('true'),
    InternetAddressDisplayYN: shown(`(l.syndication->>'InternetAddressDisplayYN')::boolean`),
    InternetAutomatedValuationDisplayYN: shown(
      `(l.syndication->>'InternetAutomatedValuationDisplayYN')::boolean`,
    ),
    InternetConsumerCommentYN: shown(`(l.syndication->>'InternetConsumerCommentYN')::boolean`),
    LTN_ForSaleByOwnerYN: shown('l.fsbo_listing_id is not null'),
    ...HIDDEN,
  };
}

/**
 * Plain columns beside the published ones, read by compiled filters only (never answered): a
 * comparison on them is one the planner can estimate from the table's statistics and an index
 * can serve, where the same comparison on a CASE of the published value could be neither.
 */
const HIDDEN: Record<string, SQL> = {
  _shown: SHOWN,
  _address: ADDRESS,
  _status: sql.raw('l.status'),
  _mls_status: sql.raw('m.standard_status'),
  _price: sql.raw('l.price'),
  _city: sql.raw('l.city'),
  _state: sql.raw('l.state'),
  _zip: sql.raw('l.zip_code'),
  _beds: sql.raw('l.bedrooms'),
  _sqft: sql.raw('l.square_feet'),
  _year: sql.raw('l.year_built'),
  _lat: sql.raw('l.lat'),
  _lng: sql.raw('l.lng'),
};
const r = (name: string) => sql.raw(`r.${name}`);
const SHOWN_R = r('_shown');

/** Published fields with a plain form: shown when `cond`, then `raw` (integers: `int`). */
const SARGABLE: Record<string, { cond: SQL; raw: SQL; int?: true }> = {
  ListPrice: { cond: sql`${SHOWN_R} and r._status <> 'sold'`, raw: r('_price'), int: true },
  City: { cond: SHOWN_R, raw: r('_city') },
  StateOrProvince: { cond: SHOWN_R, raw: r('_state') },
  PostalCode: { cond: SHOWN_R, raw: r('_zip') },
  BedroomsTotal: { cond: SHOWN_R, raw: r('_beds'), int: true },
  LivingArea: { cond: SHOWN_R, raw: r('_sqft'), int: true },
  YearBuilt: { cond: SHOWN_R, raw: r('_year'), int: true },
  Latitude: { cond: sql`${SHOWN_R} and r._address`, raw: r('_lat') },
  Longitude: { cond: sql`${SHOWN_R} and r._address`, raw: r('_lng') },
};

/** StandardStatus values a shown listing has, as plain comparisons of its status. */
const STATUS_EQ: Record<string, SQL> = {
  Active: sql`${SHOWN_R} and r._status = 'active'`,
  Pending: sql`${SHOWN_R} and r._status = 'pending' and r._mls_status is distinct from 'ActiveUnderContract'`,
  ActiveUnderContract: sql`${SHOWN_R} and r._status = 'pending' and r._mls_status = 'ActiveUnderContract'`,
  Closed: sql`${SHOWN_R} and r._status = 'sold'`,
};

/**
 * The plain form of a comparison that holds only for a non-null value (so only where the value
 * is shown), or undefined. Under `not` a comparison's unknown matters, so it is never used there.
 */
function sargable(filter: Extract<Filter, { kind: 'compare' }>): SQL | undefined {
  const { field, op, value } = filter;
  if (value === null || op === 'ne') return undefined;
  if (field.name === 'StandardStatus') return op === 'eq' ? STATUS_EQ[String(value)] : undefined;
  const plain = SARGABLE[field.name];
  if (!plain || (plain.int && !Number.isInteger(value))) return undefined;
  const literal = typeof value === 'number' ? sql`${value}` : sql`${String(value)}::text`;
  return sql`(${plain.cond} and ${plain.raw} ${sql.raw(OPERATORS[op])} ${literal})`;
}

const PROPERTY_FROM = sql.raw(`listings l
  left join mls_listings m on m.id = l.mls_listing_id
  where l.syndicated_at is not null`);

function mediaColumns(publicUrl: string): Record<string, SQL> {
  return {
    MediaKey: sql.raw('ph.hash'),
    ResourceName: sql.raw(`'Property'`),
    ResourceRecordKey: sql.raw('l.hash'),
    MediaCategory: sql.raw(`'Photo'`),
    MediaURL: sql`${publicUrl}::text || '/api/listings/' || l.hash || '/photos/' || ph.hash || '/web'`,
    Order: sql.raw('ph.position + 1'),
    ShortDescription: sql.raw(`nullif(ph.caption, '')`),
    ImageWidth: sql.raw('ph.width'),
    ImageHeight: sql.raw('ph.height'),
    ModificationTimestamp: sql.raw('greatest(ph.updated_at, l.updated_at)'),
    [MODIFIED_TEXT]: timestamp('greatest(ph.updated_at, l.updated_at)'),
  };
}

const select = (columns: Record<string, SQL>) =>
  sql.join(
    Object.entries(columns).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );

/** The resource as a subquery `r` whose columns are the Dictionary's names. */
function resourceSource(name: ResoResourceName, publicUrl: string, brokerage: string): SQL {
  if (name === 'Property') {
    return sql`(select ${select(propertyColumns(brokerage))} from ${PROPERTY_FROM}) r`;
  }
  const media = select(mediaColumns(publicUrl));
  const ready = sql`ph.status = 'ready' and ${SHOWN}`;
  return sql`(
    select ${media} from listing_photos ph join listings l on l.mls_listing_id = ph.listing_id
      where ${ready}
    union all
    select ${media} from listing_photos ph join listings l on l.fsbo_listing_id = ph.fsbo_listing_id
      where ${ready}
  ) r`;
}

const OPERATORS = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

/** A literal as the SQL value its column compares with. */
function param(field: ResoField, value: Exclude<FilterValue, null>): SQL {
  if (field.type === 'Edm.DateTimeOffset') return sql`${String(value)}::timestamptz`;
  if (field.type === 'Edm.Decimal') return sql`${value}::float8`;
  if (field.type === 'Edm.Int64') return sql`${value}::int8`;
  if (field.type === 'Edm.Boolean') return sql`${value}::boolean`;
  return sql`${String(value)}::text`;
}

const column = (field: ResoField) => sql.identifier(field.name);

/**
 * A filter as SQL over `r`. OData's comparisons are two-valued (null ne 5 is true; not of a
 * comparison with null is true), so `ne` is IS DISTINCT FROM and `not` reads unknown as false.
 * Outside `not`, a Property comparison uses its plain form when it has one.
 */
export function filterSql(filter: Filter, plain: boolean, positive = true): SQL {
  switch (filter.kind) {
    case 'and':
      return sql`(${filterSql(filter.left, plain, positive)} and ${filterSql(filter.right, plain, positive)})`;
    case 'or':
      return sql`(${filterSql(filter.left, plain, positive)} or ${filterSql(filter.right, plain, positive)})`;
    case 'not':
      return sql`(not coalesce(${filterSql(filter.expr, plain, false)}, false))`;
    case 'compare': {
      const fast = plain && positive ? sargable(filter) : undefined;
      if (fast) return fast;
      const col = column(filter.field);
      if (filter.value === null) {
        return filter.op === 'eq' ? sql`(${col} is null)` : sql`(${col} is not null)`;
      }
      const value = param(filter.field, filter.value);
      if (filter.op === 'ne') return sql`(${col} is distinct from ${value})`;
      return sql`(${col} ${sql.raw(OPERATORS[filter.op])} ${value})`;
    }
  }
}

/**
 * OData sorts null first when ascending. A field that is never null keeps PostgreSQL's own
 * spelling, so its order can be read from an index.
 */
function direction(o: OrderItem): string {
  if (o.field.required) return o.desc ? 'desc' : 'asc';
  return o.desc ? 'desc nulls last' : 'asc nulls first';
}

function orderSql(order: readonly OrderItem[]): SQL {
  return sql.join(
    order.map((o) => sql`${column(o.field)} ${sql.raw(direction(o))}`),
    sql`, `,
  );
}

/**
 * Rows after `after` in `order` (every field non-null): the keyset of server-driven paging. One
 * direction is a row comparison, which an index on those columns reads as its bound.
 */
function afterSql(order: readonly OrderItem[], after: readonly string[]): SQL {
  const value = (i: number) => param((order[i] as OrderItem).field, after[i] ?? '');
  if (order.every((o) => o.desc === order[0]?.desc)) {
    const columns = sql.join(
      order.map((o) => column(o.field)),
      sql`, `,
    );
    const values = sql.join(
      order.map((_, i) => value(i)),
      sql`, `,
    );
    return sql`((${columns}) ${sql.raw(order[0]?.desc ? '<' : '>')} (${values}))`;
  }
  const parts = order.map((o, i) => {
    const equal = order.slice(0, i).map((p, j) => sql`${column(p.field)} = ${value(j)}`);
    const past = sql`${column(o.field)} ${sql.raw(o.desc ? '<' : '>')} ${value(i)}`;
    return sql`(${sql.join([...equal, past], sql` and `)})`;
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}

export interface RecordsQuery {
  resource: ResoResource;
  filter: Filter | null;
  order: readonly OrderItem[];
  /** The previous page's last values of `order` (keyset), when paging by it. */
  after: readonly string[] | null;
  offset: number;
  limit: number;
  /** A single record by key. */
  key?: string;
}

export function createResoRecordRepository(db: Db, site: { publicUrl: string; brokerage: string }) {
  const from = (r: ResoResource) => resourceSource(r.name, site.publicUrl, site.brokerage);
  const where = (q: Pick<RecordsQuery, 'filter' | 'key' | 'resource'>, extra?: SQL) => {
    const parts: SQL[] = [];
    if (q.filter) parts.push(filterSql(q.filter, q.resource.name === 'Property'));
    if (q.key !== undefined) parts.push(sql`${sql.identifier(q.resource.key)} = ${q.key}`);
    if (extra) parts.push(extra);
    return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  };
  return {
    /** One page of records, in `order`, with DD names as keys. */
    async page(q: RecordsQuery): Promise<Record<string, unknown>[]> {
      const after = q.after ? afterSql(q.order, q.after) : undefined;
      const result = (await db.execute(
        sql`select * from ${from(q.resource)} ${where(q, after)}
          order by ${orderSql(q.order)} limit ${q.limit} offset ${q.offset}`,
      )) as { rows: unknown[] };
      return result.rows as Record<string, unknown>[];
    },
    /** How many records the filter matches (`$count=true`). */
    async count(q: Pick<RecordsQuery, 'filter' | 'resource'>): Promise<number> {
      const result = (await db.execute(
        sql`select count(*)::int as n from ${from(q.resource)} ${where(q)}`,
      )) as { rows: unknown[] };
      return Number((result.rows[0] as { n: number } | undefined)?.n ?? 0);
    },
  };
}
export type ResoRecordRepository = ReturnType<typeof createResoRecordRepository>;
