import type { SalesCount, SalesCoverage, TSalePriceDisplay } from '@lantern/contracts';
import {
  type ClosedSaleRow,
  closedSales,
  type Db,
  type NewClosedSaleRow,
  type Property,
  properties,
  SALE_GRID_LAT_STRIDE,
  SALE_GRID_LNG_OFFSET,
  SALE_GRID_PER_DEGREE,
  SALE_POSITION,
  salePosition,
  salesAreaCoverage,
  salesCoverage,
  type Tx,
} from '@lantern/db';
import type { ClosedSale } from '@lantern/valuation';
import { and, asc, count, eq, gte, inArray, lt, max, or, type SQL, sql } from 'drizzle-orm';

/** Rows per INSERT: ~30 parameters a row stays far below PostgreSQL's 65,535. */
export const SALES_BATCH = 1_000;
const KM_PER_DEGREE = 111.32;

/** Where a sale came from and what it lets us do with its price (docs/decisions/058, 059). */
export interface SaleRights {
  source: string;
  priceDisplay: TSalePriceDisplay;
  attribution: string;
  importId?: number | null;
}

/** A stored sale as the engine reads it: RESO names, plus its id and display rights. */
export interface StoredSale extends ClosedSale {
  id: number;
  source: string;
  priceDisplay: TSalePriceDisplay;
  attribution: string;
  /** From the point asked about, km (equirectangular; exact enough within tens of km). */
  distanceKm: number;
}

export interface CandidatesQuery {
  lat: number;
  lng: number;
  radiusKm: number;
  /** Closed strictly before this day ('YYYY-MM-DD'): the engine never sees the future. */
  before: string;
  /** Closed on or after this day. */
  after: string;
  /** Nearest first, at most this many. */
  limit: number;
}

type Executor = Db | Tx;

export type PropertyPlace = Pick<
  Property,
  'street' | 'unit' | 'city' | 'zip' | 'state' | 'county' | 'lat' | 'lng' | 'positionPrecision'
>;
const whole = (n: number | null) => (n === null ? null : Math.round(n));

/** The row of a sale under its source's rights. */
export function saleRow(sale: ClosedSale, rights: SaleRights): NewClosedSaleRow {
  return {
    source: rights.source,
    listingKey: sale.ListingKey,
    parcelNumber: sale.ParcelNumber,
    closeDate: sale.CloseDate,
    closePrice: Math.round(sale.ClosePrice),
    livingArea: whole(sale.LivingArea),
    lotSizeSquareFeet: whole(sale.LotSizeSquareFeet),
    bedroomsTotal: sale.BedroomsTotal,
    bathroomsTotalDecimal: sale.BathroomsTotalDecimal,
    yearBuilt: sale.YearBuilt,
    yearRenovated: sale.YearRenovated,
    propertyType: sale.PropertyType,
    propertySubType: sale.PropertySubType,
    latitude: sale.Latitude,
    longitude: sale.Longitude,
    postalCode: sale.PostalCode,
    stateOrProvince: sale.StateOrProvince,
    countyOrParish: sale.CountyOrParish,
    propertyCondition: sale.PropertyCondition,
    qualityGrade: sale.QualityGrade,
    storiesTotal: sale.StoriesTotal,
    waterfrontYn: sale.WaterfrontYN,
    viewRating: sale.ViewRating,
    belowGradeFinishedArea: whole(sale.BelowGradeFinishedArea),
    unparsedAddress: sale.UnparsedAddress ?? null,
    priceDisplay: rights.priceDisplay,
    attribution: rights.attribution,
    importId: rights.importId ?? null,
  };
}

/** A row back under RESO names. */
export function saleOf(row: ClosedSaleRow): ClosedSale {
  return {
    ListingKey: row.listingKey,
    ParcelNumber: row.parcelNumber,
    CloseDate: row.closeDate,
    ClosePrice: row.closePrice,
    LivingArea: row.livingArea,
    LotSizeSquareFeet: row.lotSizeSquareFeet,
    BedroomsTotal: row.bedroomsTotal,
    BathroomsTotalDecimal: row.bathroomsTotalDecimal,
    YearBuilt: row.yearBuilt,
    YearRenovated: row.yearRenovated,
    PropertyType: row.propertyType,
    PropertySubType: row.propertySubType,
    Latitude: row.latitude,
    Longitude: row.longitude,
    PostalCode: row.postalCode,
    StateOrProvince: row.stateOrProvince,
    CountyOrParish: row.countyOrParish,
    PropertyCondition: row.propertyCondition,
    QualityGrade: row.qualityGrade,
    StoriesTotal: row.storiesTotal,
    WaterfrontYN: row.waterfrontYn,
    ViewRating: row.viewRating,
    BelowGradeFinishedArea: row.belowGradeFinishedArea,
    UnparsedAddress: row.unparsedAddress,
  };
}

/** What a customer may be told of a sale: whether its price may be shown, its credit, its place. */
export interface SaleDisplay {
  id: number;
  priceDisplay: TSalePriceDisplay;
  attribution: string;
  unparsedAddress: string | null;
  parcelNumber: string | null;
  postalCode: string | null;
}

export interface MonthTrend {
  month: string;
  sales: number;
  medianPricePerSqft: number | null;
}

/** The conditions and distance of a candidate search (see candidatesNear). */
function near(q: CandidatesQuery) {
  const cos = Math.max(0.05, Math.cos((q.lat * Math.PI) / 180));
  const distance = sql<number>`(${KM_PER_DEGREE} * sqrt(power(${closedSales.latitude} - ${q.lat}, 2) + power((${closedSales.longitude} - ${q.lng}) * ${cos}, 2)))`;
  const cells = or(
    ...gridRanges(q.lat, q.lng, q.radiusKm).map(
      ([lo, hi]) => sql`${closedSales.gridCell} between ${lo} and ${hi}`,
    ),
  );
  const where = and(
    cells,
    lt(closedSales.closeDate, q.before),
    gte(closedSales.closeDate, q.after),
    sql`${distance} <= ${q.radiusKm}`,
  );
  return { where, distance };
}

/** One engine candidate as `engineCandidates` reads it: a JSON array, in its select's order. */
type EngineRow = [
  id: number,
  closeDate: string,
  closePrice: number,
  livingArea: number | null,
  lot: number | null,
  beds: number | null,
  baths: number | null,
  yearBuilt: number | null,
  condition: number | null,
  subType: string | null,
  lat: number | null,
  lng: number | null,
];

/** A sale's facts the slim candidate read leaves out. */
const EMPTY_SALE: ClosedSale = {
  ListingKey: '',
  ParcelNumber: null,
  CloseDate: '',
  ClosePrice: 0,
  LivingArea: null,
  LotSizeSquareFeet: null,
  BedroomsTotal: null,
  BathroomsTotalDecimal: null,
  YearBuilt: null,
  YearRenovated: null,
  PropertyType: null,
  PropertySubType: null,
  Latitude: null,
  Longitude: null,
  PostalCode: null,
  StateOrProvince: null,
  CountyOrParish: null,
  PropertyCondition: null,
  QualityGrade: null,
  StoriesTotal: null,
  WaterfrontYN: null,
  ViewRating: null,
  BelowGradeFinishedArea: null,
};

/** The grid cell a position is in: the same number as the table's generated `grid_cell`. */
export function gridCell(lat: number, lng: number): number {
  return (
    Math.floor(lat * SALE_GRID_PER_DEGREE) * SALE_GRID_LAT_STRIDE +
    Math.floor(lng * SALE_GRID_PER_DEGREE) +
    SALE_GRID_LNG_OFFSET
  );
}

/** A home's nearby area: its cell and the eight around it. */
export function areaCells(lat: number, lng: number): number[] {
  const centre = gridCell(lat, lng);
  const cells: number[] = [];
  for (const row of [-1, 0, 1])
    for (const col of [-1, 0, 1]) cells.push(centre + row * SALE_GRID_LAT_STRIDE + col);
  return cells;
}

/** The grid rows a circle touches, each a range of cells: one index range scan apiece. */
export function gridRanges(lat: number, lng: number, radiusKm: number): [number, number][] {
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLng = radiusKm / (KM_PER_DEGREE * Math.max(0.05, Math.cos((lat * Math.PI) / 180)));
  const rowLo = Math.floor((lat - dLat) * SALE_GRID_PER_DEGREE);
  const rowHi = Math.floor((lat + dLat) * SALE_GRID_PER_DEGREE);
  const colLo = Math.floor((lng - dLng) * SALE_GRID_PER_DEGREE) + SALE_GRID_LNG_OFFSET;
  const colHi = Math.floor((lng + dLng) * SALE_GRID_PER_DEGREE) + SALE_GRID_LNG_OFFSET;
  const ranges: [number, number][] = [];
  for (let row = rowLo; row <= rowHi; row++) {
    ranges.push([row * SALE_GRID_LAT_STRIDE + colLo, row * SALE_GRID_LAT_STRIDE + colHi]);
  }
  return ranges;
}

/** The data columns a re-recorded own sale may change (its key and source stay). */
const UPDATABLE = [
  'parcel_number',
  'close_date',
  'close_price',
  'living_area',
  'lot_size_square_feet',
  'bedrooms_total',
  'bathrooms_total_decimal',
  'year_built',
  'property_type',
  'property_sub_type',
  'latitude',
  'longitude',
  'postal_code',
  'state_or_province',
  'county_or_parish',
  'unparsed_address',
  'year_renovated',
  'stories_total',
  'waterfront_yn',
  'below_grade_finished_area',
  'price_display',
  'attribution',
] as const;

/** Insert rows, or replace a stored row's data only where it differs; the ids written. */
async function upsertChanged(ex: Executor, rows: NewClosedSaleRow[]): Promise<number> {
  if (!rows.length) return 0;
  const set = Object.fromEntries(UPDATABLE.map((c) => [c, sql.raw(`excluded.${c}`)])) as Record<
    string,
    SQL
  >;
  const changed = sql.raw(
    `(${UPDATABLE.map((c) => `closed_sales.${c}`).join(', ')}) is distinct from (${UPDATABLE.map((c) => `excluded.${c}`).join(', ')})`,
  );
  const written = await ex
    .insert(closedSales)
    .values(rows)
    .onConflictDoUpdate({
      target: [closedSales.source, closedSales.listingKey],
      set: { ...toColumns(set), importedAt: sql`now()` },
      setWhere: changed,
    })
    .returning({ id: closedSales.id });
  return written.length;
}

/** The grid cells holding sales of these ZIPs (all cells when `only` is empty), recounted. */
async function refreshAreas(ex: Executor, today: string, only: SQL): Promise<void> {
  await ex.execute(sql`
    insert into ${salesAreaCoverage} as c (grid_cell, sales_12m, newest_close_date, updated_at)
    select grid_cell,
      (count(*) filter (where close_date > (${today}::date - interval '12 months')::date
        and close_date <= ${today}::date))::int,
      max(close_date), now()
    from ${closedSales}
    where grid_cell in (select distinct grid_cell from ${closedSales}
      where grid_cell is not null ${only})
    group by grid_cell
    on conflict (grid_cell) do update set
      sales_12m = excluded.sales_12m,
      newest_close_date = excluded.newest_close_date,
      updated_at = excluded.updated_at`);
}

/** Recomputing ZIP and area coverage from the store. */
function closedSaleCoverageRefresh(db: Db) {
  /** Coverage of these ZIPs (all when undefined) recomputed from the store, as of `today`. */
  async function refreshCoverage(
    today: string,
    zips?: readonly string[],
    ex: Executor = db,
  ): Promise<void> {
    if (zips?.length === 0) return;
    const chunks: (readonly string[] | undefined)[] = [];
    if (zips)
      for (let i = 0; i < zips.length; i += SALES_BATCH)
        chunks.push(zips.slice(i, i + SALES_BATCH));
    else chunks.push(undefined);
    for (const chunk of chunks) {
      const only = chunk
        ? sql`and postal_code in (${sql.join(
            chunk.map((z) => sql`${z}`),
            sql`, `,
          )})`
        : sql``;
      await ex.execute(sql`
        insert into ${salesCoverage} as c (postal_code, state_or_province, sales_12m, newest_close_date, updated_at)
        select postal_code, max(state_or_province),
          (count(*) filter (where close_date > (${today}::date - interval '12 months')::date
            and close_date <= ${today}::date))::int,
          max(close_date), now()
        from ${closedSales}
        where postal_code is not null ${only}
        group by postal_code
        on conflict (postal_code) do update set
          state_or_province = excluded.state_or_province,
          sales_12m = excluded.sales_12m,
          newest_close_date = excluded.newest_close_date,
          updated_at = excluded.updated_at`);
      // A ZIP whose last sale was removed has no coverage left.
      await ex.execute(sql`
        delete from ${salesCoverage} where not exists
          (select 1 from ${closedSales} s where s.postal_code = ${salesCoverage.postalCode}) ${only}`);
      await refreshAreas(ex, today, only);
    }
    // A cell whose last sale was removed has no coverage left (once, not per chunk of ZIPs).
    await ex.execute(sql`
      delete from ${salesAreaCoverage} where not exists
        (select 1 from ${closedSales} s where s.grid_cell = ${salesAreaCoverage.gridCell})`);
  }

  return { refreshCoverage };
}

/** Storing sales, our own included, and the coverage they change. */
function closedSaleImports(db: Db) {
  const { refreshCoverage } = closedSaleCoverageRefresh(db);
  return {
    refreshCoverage,

    /**
     * Store sales, batched; one already stored under the same source and key is left as it is
     * (ON CONFLICT DO NOTHING). Answers how many were new. Pass `tx` to make it part of a larger
     * transaction (a file's import is one).
     */
    async insertMany(
      sales: readonly ClosedSale[],
      rights: SaleRights,
      ex: Executor = db,
    ): Promise<number> {
      let inserted = 0;
      for (let i = 0; i < sales.length; i += SALES_BATCH) {
        const rows = sales.slice(i, i + SALES_BATCH).map((s) => saleRow(s, rights));
        const made = await ex
          .insert(closedSales)
          .values(rows)
          .onConflictDoNothing({ target: [closedSales.source, closedSales.listingKey] })
          .returning({ id: closedSales.id });
        inserted += made.length;
      }
      return inserted;
    },

    /**
     * One of our own listings' sales, inside the transaction that closed it: recording it again
     * with the same facts changes nothing; a corrected price, date or consent replaces them.
     * True when the row was written.
     */
    async recordOwnSale(tx: Tx, sale: ClosedSale, rights: SaleRights): Promise<boolean> {
      return (await upsertChanged(tx, [saleRow(sale, rights)])) > 0;
    },

    /**
     * A replicated source's records (an MLS, docs/decisions/097): new keys inserted, stored ones
     * updated where they changed, in batches. Answers how many rows were written and every ZIP
     * the sales were in before or after, for their coverage. One key per call at most once.
     */
    async upsertMany(
      tx: Tx,
      sales: readonly ClosedSale[],
      rights: SaleRights,
    ): Promise<{ written: number; zips: string[] }> {
      const zips = new Set<string>();
      let written = 0;
      for (let i = 0; i < sales.length; i += SALES_BATCH) {
        const batch = sales.slice(i, i + SALES_BATCH);
        const before = await tx
          .select({ postalCode: closedSales.postalCode })
          .from(closedSales)
          .where(
            and(
              eq(closedSales.source, rights.source),
              inArray(
                closedSales.listingKey,
                batch.map((s) => s.ListingKey),
              ),
            ),
          );
        for (const r of before) if (r.postalCode) zips.add(r.postalCode);
        for (const s of batch) if (s.PostalCode) zips.add(s.PostalCode);
        written += await upsertChanged(
          tx,
          batch.map((s) => saleRow(s, rights)),
        );
      }
      return { written, zips: [...zips] };
    },
  };
}

/** Removing our own sale, a property's place, and one sale by key. */
function closedSaleLookups(db: Db) {
  return {
    /** An own listing's sale that fell through (an FSBO listing back on the market). */
    async removeOwnSale(
      tx: Tx,
      source: string,
      listingKey: string,
    ): Promise<{ postalCode: string | null } | undefined> {
      const [gone] = await tx
        .delete(closedSales)
        .where(and(eq(closedSales.source, source), eq(closedSales.listingKey, listingKey)))
        .returning({ postalCode: closedSales.postalCode });
      return gone;
    },

    /** A replicated source's sales that no longer stand: the ZIPs they were in. */
    async removeMany(
      tx: Tx,
      source: string,
      listingKeys: readonly string[],
    ): Promise<{ removed: number; zips: string[] }> {
      if (!listingKeys.length) return { removed: 0, zips: [] };
      const gone = await tx
        .delete(closedSales)
        .where(
          and(eq(closedSales.source, source), inArray(closedSales.listingKey, [...listingKeys])),
        )
        .returning({ postalCode: closedSales.postalCode });
      const zips = new Set(gone.flatMap((g) => (g.postalCode ? [g.postalCode] : [])));
      return { removed: gone.length, zips: [...zips] };
    },

    /** Where a property is, for its sale's place (inside the closing transaction). */
    async placeOf(tx: Tx, propertyId: number): Promise<PropertyPlace | undefined> {
      const [row] = await tx
        .select({
          street: properties.street,
          unit: properties.unit,
          city: properties.city,
          zip: properties.zip,
          state: properties.state,
          county: properties.county,
          lat: properties.lat,
          lng: properties.lng,
          positionPrecision: properties.positionPrecision,
        })
        .from(properties)
        .where(eq(properties.id, propertyId));
      return row;
    },

    async find(source: string, listingKey: string): Promise<ClosedSaleRow | undefined> {
      const [row] = await db
        .select()
        .from(closedSales)
        .where(and(eq(closedSales.source, source), eq(closedSales.listingKey, listingKey)));
      return row;
    },
  };
}

/** Candidates near a point, how they are shown, and the monthly trend. */
function closedSaleComparables(db: Db) {
  return {
    /**
     * The engine's candidates: sales within `radiusKm` of a point that closed in [after, before),
     * nearest first. The grid cells the circle touches are index range scans on
     * (grid_cell, close_date); the exact distance is then checked on those rows only.
     */
    async candidatesNear(q: CandidatesQuery): Promise<StoredSale[]> {
      const { where, distance } = near(q);
      const rows = await db
        .select({ row: closedSales, distanceKm: distance.mapWith(Number) })
        .from(closedSales)
        .where(where)
        .orderBy(asc(distance), asc(closedSales.id))
        .limit(q.limit);
      return rows.map(({ row, distanceKm }) => ({
        ...saleOf(row),
        id: row.id,
        source: row.source,
        priceDisplay: row.priceDisplay,
        attribution: row.attribution,
        distanceKm,
      }));
    },

    /** What a customer may be told of the sales a valuation used: rights and place, by id. */
    async displayOf(ids: readonly number[]): Promise<Map<number, SaleDisplay>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({
          id: closedSales.id,
          priceDisplay: closedSales.priceDisplay,
          attribution: closedSales.attribution,
          unparsedAddress: closedSales.unparsedAddress,
          parcelNumber: closedSales.parcelNumber,
          postalCode: closedSales.postalCode,
        })
        .from(closedSales)
        .where(inArray(closedSales.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /**
     * The area's sales by month within `radiusKm` of a point, from `after` to before `before`:
     * how many, and the median price per square foot of those whose size is known. Model-only
     * prices count here: a median of many sales discloses no one sale's price.
     */
    async monthlyTrend(q: CandidatesQuery): Promise<MonthTrend[]> {
      const { where } = near(q);
      const month = sql<string>`to_char(${closedSales.closeDate}, 'YYYY-MM')`;
      const rows = await db
        .select({
          month,
          sales: sql<number>`count(*)::int`,
          median: sql<
            number | null
          >`percentile_cont(0.5) within group (order by ${closedSales.closePrice}::float8 / nullif(${closedSales.livingArea}, 0))`,
        })
        .from(closedSales)
        .where(where)
        .groupBy(month)
        .orderBy(month);
      return rows.map((r) => ({
        month: r.month,
        sales: r.sales,
        medianPricePerSqft: r.median == null ? null : Math.round(Number(r.median)),
      }));
    },
  };
}

/** The valuation engine's candidates. */
function closedSaleEngine(db: Db) {
  return {
    /**
     * The same candidates with only the facts the engine reads in `customer` mode, keyed by the
     * row's id, as one JSON text: on PGlite, bringing rows into JavaScript one by one was most of
     * an estimate's time (about 0.06 ms a row), and one parse of one value is a small part of it.
     * The few comparables a customer sees are read whole afterwards.
     */
    async engineCandidates(q: CandidatesQuery): Promise<ClosedSale[]> {
      const { distance } = near(q);
      // Nearest first by the index's (Mercator) distance, with a 20 % margin for where it
      // differs from the engine's — well under 1 % within the engine's reach; then the engine's
      // distance decides.
      const byIndex = db
        .select({
          id: closedSales.id,
          d: sql<number>`${distance}`.as('d'),
          close_date: closedSales.closeDate,
          close_price: closedSales.closePrice,
          living_area: closedSales.livingArea,
          lot_size_square_feet: closedSales.lotSizeSquareFeet,
          bedrooms_total: closedSales.bedroomsTotal,
          bathrooms_total_decimal: closedSales.bathroomsTotalDecimal,
          year_built: closedSales.yearBuilt,
          property_condition: closedSales.propertyCondition,
          property_sub_type: closedSales.propertySubType,
          latitude: closedSales.latitude,
          longitude: closedSales.longitude,
        })
        .from(closedSales)
        .where(and(lt(closedSales.closeDate, q.before), gte(closedSales.closeDate, q.after)))
        .orderBy(sql`${SALE_POSITION} <-> ${salePosition(q.lat, q.lng)}`)
        .limit(Math.ceil(q.limit * 1.2))
        .as('k');
      const nearest = db
        .select()
        .from(byIndex)
        .where(sql`${byIndex.d} <= ${q.radiusKm}`)
        .orderBy(byIndex.d, byIndex.id)
        .limit(q.limit)
        // Its columns keep their names in the outer query, which packs them into one JSON text.
        .as('c');
      const result = await db.execute(sql`
        select coalesce(json_agg(json_build_array(c.id, c.close_date, c.close_price,
          c.living_area, c.lot_size_square_feet, c.bedrooms_total, c.bathrooms_total_decimal,
          c.year_built, c.property_condition, c.property_sub_type, c.latitude, c.longitude)
          order by c.d, c.id), '[]')::text as rows
        from ${nearest}`);
      const [row] = (result as unknown as { rows: { rows: string }[] }).rows;
      return (JSON.parse(row?.rows ?? '[]') as EngineRow[]).map(
        ([id, date, price, area, lot, beds, baths, year, cond, subType, lat, lng]) => ({
          ...EMPTY_SALE,
          ListingKey: String(id),
          CloseDate: date,
          ClosePrice: price,
          LivingArea: area,
          LotSizeSquareFeet: lot,
          BedroomsTotal: beds,
          BathroomsTotalDecimal: baths,
          YearBuilt: year,
          PropertyCondition: cond,
          PropertySubType: subType,
          Latitude: lat,
          Longitude: lng,
        }),
      );
    },
  };
}

/** Coverage of a ZIP or a point, and the sales each source holds. */
function closedSaleCoverage(db: Db) {
  return {
    /** A ZIP code's coverage as last computed, or undefined when no sale there was stored. */
    async coverageFor(postalCode: string): Promise<SalesCoverage | undefined> {
      const [row] = await db
        .select()
        .from(salesCoverage)
        .where(eq(salesCoverage.postalCode, postalCode));
      return row && { ...row, updatedAt: row.updatedAt.toISOString() };
    },

    /**
     * The recent sales of a home's nearby area: its grid cell and the eight around it, summed
     * (docs/decisions/059). Nine primary-key reads, whatever the store holds.
     */
    async areaCoverageAt(lat: number, lng: number): Promise<SalesCount> {
      const [row] = await db
        .select({
          sales12m: sql<number>`coalesce(sum(${salesAreaCoverage.sales12m}), 0)::int`,
          newestCloseDate: max(salesAreaCoverage.newestCloseDate),
        })
        .from(salesAreaCoverage)
        .where(inArray(salesAreaCoverage.gridCell, areaCells(lat, lng)));
      return { sales12m: row?.sales12m ?? 0, newestCloseDate: row?.newestCloseDate ?? null };
    },

    /** Sales in the store by source, with the newest close date (the admin page's summary). */
    async sourceCounts(): Promise<{ source: string; sales: number; newest: string | null }[]> {
      return db
        .select({ source: closedSales.source, sales: count(), newest: max(closedSales.closeDate) })
        .from(closedSales)
        .groupBy(closedSales.source)
        .orderBy(asc(closedSales.source));
    },

    /** How many sales a source holds (tests and the command line's summary). */
    async countBySource(sources: readonly string[]): Promise<number> {
      if (sources.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(closedSales)
        .where(inArray(closedSales.source, [...sources]));
      return row?.n ?? 0;
    },
  };
}

/**
 * The closed sales store (issue 37; docs/decisions/058): idempotent inserts by (source, key),
 * the engine's candidates near a point, and per-ZIP coverage.
 */
export function createClosedSaleRepository(db: Db) {
  return {
    ...closedSaleImports(db),
    ...closedSaleLookups(db),
    ...closedSaleComparables(db),
    ...closedSaleEngine(db),
    ...closedSaleCoverage(db),
  };
}
export type ClosedSaleRepository = ReturnType<typeof createClosedSaleRepository>;

/** Snake-case column names to drizzle's column keys for an update's `set`. */
function toColumns(set: Record<string, SQL>): Partial<Record<keyof NewClosedSaleRow, SQL>> {
  const out: Record<string, SQL> = {};
  for (const [column, value] of Object.entries(set)) {
    out[column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out;
}
