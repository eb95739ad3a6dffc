import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, keyColumns, serialId, tz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * What a sale's source lets us do with its price (docs/decisions/059): `public` may be shown to
 * other customers (with the attribution), `model_only` feeds the valuation engine and is never
 * shown — MLS licences and non-disclosure states, or a seller who did not consent.
 */
export const SALE_PRICE_DISPLAYS = ['public', 'model_only'] as const;
export const salePriceDisplay = pgEnum('sale_price_display', SALE_PRICE_DISPLAYS);

export const SALES_IMPORT_STATUSES = [
  'queued',
  'checking',
  'storing',
  'done',
  'refused',
  'failed',
] as const;
export const salesImportStatus = pgEnum('sales_import_status', SALES_IMPORT_STATUSES);

/**
 * One import of a file of closed sales (issue 37; docs/decisions/058): staff's upload or the
 * `pnpm sales:import` command. All or nothing: the file is checked whole first, and stored in
 * one transaction only when no line was refused. The page polls the row for progress.
 */
export const salesImports = pgTable('sales_imports', {
  ...keyColumns(),
  /** `file:<name>`: the source every sale of the file is stored under. */
  source: text('source').notNull(),
  fileName: text('file_name').notNull(),
  attribution: text('attribution').notNull(),
  priceDisplay: salePriceDisplay('price_display').notNull(),
  status: salesImportStatus('status').notNull().default('queued'),
  linesRead: integer('lines_read').notNull().default(0),
  /** Sales new to the store. */
  stored: integer('stored').notNull().default(0),
  /** Sales the store already had under the same source and key (importing again changes nothing). */
  alreadyStored: integer('already_stored').notNull().default(0),
  refused: integer('refused').notNull().default(0),
  /** The first refused lines, `{line, reason}` (the count is in `refused`). */
  refusals: jsonb('refusals').notNull().default([]),
  /** Why the import stopped, when it failed for a reason other than its lines. */
  error: text('error'),
  /** The uploaded file in storage until the import ends; null for the command line. */
  storageKey: text('storage_key'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  finishedAt: tz('finished_at'),
});

/**
 * The cell of the 1/50-degree grid a position falls in (about 2.2 km north–south, 1.5 km east–
 * west at 47°N), one integer: the engine's "sales near here" is a range scan of a few cells.
 * The repository computes the same number for its query (`gridCell`).
 */
export const SALE_GRID_PER_DEGREE = 50;
export const SALE_GRID_LAT_STRIDE = 20_000;
export const SALE_GRID_LNG_OFFSET = 10_000;

/**
 * A sale's position on the Mercator plane (degrees), the expression `closed_sales_position_idx`
 * indexes. Mercator keeps shapes: within the engine's 10 km, plane distance is map distance times
 * one scale, to within 0.2 %, so nearest on the plane is nearest on the ground.
 */
export const SALE_POSITION = sql`point(longitude, degrees(ln(tan(radians(45 + latitude / 2)))))`;

/** The same point for a position asked about, with the same arithmetic as SALE_POSITION. */
export function salePosition(lat: number, lng: number): SQL {
  return sql`point(${lng}::float8, degrees(ln(tan(radians(45 + ${lat}::float8 / 2)))))`;
}

/**
 * Closed sales under RESO Data Dictionary names (issue 37; docs/decisions/058), from our own
 * closed listings and from imported files. `(source, listing_key)` is unique: the same sale
 * imported twice is one row. Money is whole dollars, as RESO's ClosePrice is.
 */
export const closedSales = pgTable(
  'closed_sales',
  {
    id: serialId(),
    /** 'lantern-mls', 'lantern-fsbo' or 'file:<name>'. */
    source: text('source').notNull(),
    /** The source's own key of the sale (ListingKey). */
    listingKey: text('listing_key').notNull(),
    parcelNumber: text('parcel_number'),
    closeDate: calendarDate('close_date').notNull(),
    closePrice: integer('close_price').notNull(),
    livingArea: integer('living_area'),
    lotSizeSquareFeet: integer('lot_size_square_feet'),
    bedroomsTotal: smallint('bedrooms_total'),
    bathroomsTotalDecimal: real('bathrooms_total_decimal'),
    yearBuilt: smallint('year_built'),
    yearRenovated: smallint('year_renovated'),
    /** RESO UnparsedAddress: the street address, when the source carries one (records may not). */
    unparsedAddress: text('unparsed_address'),
    propertyType: text('property_type'),
    propertySubType: text('property_sub_type'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    postalCode: text('postal_code'),
    stateOrProvince: text('state_or_province'),
    countyOrParish: text('county_or_parish'),
    propertyCondition: smallint('property_condition'),
    qualityGrade: smallint('quality_grade'),
    storiesTotal: real('stories_total'),
    waterfrontYn: boolean('waterfront_yn'),
    viewRating: smallint('view_rating'),
    belowGradeFinishedArea: integer('below_grade_finished_area'),
    gridCell: integer('grid_cell').generatedAlwaysAs(
      sql`(floor(latitude * 50)::integer * 20000 + floor(longitude * 50)::integer + 10000)`,
    ),
    priceDisplay: salePriceDisplay('price_display').notNull(),
    /** The source's credit line, shown wherever the sale is. */
    attribution: text('attribution').notNull(),
    importId: integer('import_id').references(() => salesImports.id, { onDelete: 'set null' }),
    importedAt: tz('imported_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('closed_sales_source_key_idx').on(t.source, t.listingKey),
    index('closed_sales_grid_date_idx').on(t.gridCell, t.closeDate),
    index('closed_sales_postal_date_idx').on(t.postalCode, t.closeDate),
    // Nearest-first search (`<->` on a GiST index): an estimate reads its nearest sales without
    // measuring every sale of a wider square.
    index('closed_sales_position_idx').using('gist', SALE_POSITION),
  ],
);

/**
 * Per ZIP code: how many sales closed in the 12 months before `updated_at`, and the newest close
 * date — written when sales arrive and refreshed daily (docs/decisions/059).
 */
export const salesCoverage = pgTable('sales_coverage', {
  postalCode: text('postal_code').primaryKey(),
  stateOrProvince: text('state_or_province'),
  sales12m: integer('sales_12m').notNull(),
  newestCloseDate: calendarDate('newest_close_date'),
  updatedAt: updatedAt(),
});

/**
 * Per grid cell (SALE_GRID_PER_DEGREE): the same counts as `sales_coverage`, so the "nearby
 * area" of a home — its cell and the eight around it, about 6.7 km by 4.5 km at 47°N — is read
 * as nine primary-key rows (docs/decisions/059).
 */
export const salesAreaCoverage = pgTable('sales_area_coverage', {
  gridCell: integer('grid_cell').primaryKey(),
  sales12m: integer('sales_12m').notNull(),
  newestCloseDate: calendarDate('newest_close_date'),
  updatedAt: updatedAt(),
});

export type ClosedSaleRow = typeof closedSales.$inferSelect;
export type NewClosedSaleRow = typeof closedSales.$inferInsert;
export type SalesImport = typeof salesImports.$inferSelect;
export type SalesCoverageRow = typeof salesCoverage.$inferSelect;
