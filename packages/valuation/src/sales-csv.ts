import { parse } from 'csv-parse';
import type { ClosedSale } from './sale.ts';

/**
 * Closed sales from CSV, in either of two layouts: RESO Data Dictionary column names, or the
 * county-records layout of the King County sales file (id, date, price, bedrooms, …; its README
 * maps the columns). Streamed: one record at a time, whatever the file's size. Every line gives
 * a sale or the reason it was refused, in words, with its line number.
 */
export type SalesCsvLayout = 'reso' | 'king-county';

const KING_COUNTY = ['id', 'date', 'price', 'sqft_living', 'zipcode', 'lat', 'long'];
const RESO = ['CloseDate', 'ClosePrice'];

/** The layout a header row is in, or undefined when it is neither. */
export function detectLayout(header: readonly string[]): SalesCsvLayout | undefined {
  const names = new Set(header.map((h) => h.trim()));
  if (KING_COUNTY.every((n) => names.has(n))) return 'king-county';
  if (RESO.every((n) => names.has(n)) && (names.has('ListingKey') || names.has('ParcelNumber')))
    return 'reso';
  return undefined;
}

export type SalesCsvLine = { line: number; sale: ClosedSale } | { line: number; error: string };

export class SalesCsvError extends Error {
  override name = 'SalesCsvError';
}

/** A field's value: '' and the usual spellings of nothing are null. */
function cell(row: Record<string, string>, name: string): string | null {
  const v = row[name]?.trim();
  return v === undefined || v === '' || /^(null|n\/a|na)$/i.test(v) ? null : v;
}

class Refused extends Error {}

function number(
  row: Record<string, string>,
  name: string,
  range: [number, number],
  opts: { integer?: boolean; required?: boolean } = {},
): number | null {
  const raw = cell(row, name);
  if (raw === null) {
    if (opts.required) throw new Refused(`${name} is missing.`);
    return null;
  }
  const value = Number(raw.replace(/[$,]/g, ''));
  if (!Number.isFinite(value)) throw new Refused(`${name} "${raw}" is not a number.`);
  if (opts.integer && !Number.isInteger(value))
    throw new Refused(`${name} "${raw}" is not a whole number.`);
  if (value < range[0] || value > range[1])
    throw new Refused(`${name} ${raw} is outside ${range[0]}–${range[1]}.`);
  return value;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPACT_DAY = /^(\d{4})(\d{2})(\d{2})(?:T.*)?$/;

/** A calendar day from 'YYYY-MM-DD' or 'YYYYMMDD' (county records), checked to exist. */
function day(row: Record<string, string>, name: string): string {
  const raw = cell(row, name);
  if (raw === null) throw new Refused(`${name} is missing.`);
  const m = ISO_DAY.exec(raw.slice(0, 10)) ?? COMPACT_DAY.exec(raw);
  if (!m) throw new Refused(`${name} "${raw}" is not a date (YYYY-MM-DD).`);
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso)
    throw new Refused(`${name} "${raw}" is not a real date.`);
  return iso;
}

function position(row: Record<string, string>, lat: string, lng: string) {
  const latitude = number(row, lat, [17, 72]);
  const longitude = number(row, lng, [-180, -64]);
  if ((latitude === null) !== (longitude === null))
    throw new Refused(`${lat} and ${lng} come together or not at all.`);
  return { Latitude: latitude, Longitude: longitude };
}

const PRICE: [number, number] = [1_000, 1_000_000_000];
const AREA: [number, number] = [100, 100_000];
const LOT: [number, number] = [0, 100_000_000];
const YEAR: [number, number] = [1600, 2100];

function fromKingCounty(row: Record<string, string>): ClosedSale {
  const parcel = cell(row, 'id');
  if (!parcel || !/^\d{1,10}$/.test(parcel))
    throw new Refused(`id "${parcel ?? ''}" is not a parcel number.`);
  const CloseDate = day(row, 'date');
  const renovated = number(row, 'yr_renovated', [0, 2100], { integer: true });
  const condition = number(row, 'condition', [1, 5], { integer: true });
  const zip = cell(row, 'zipcode');
  if (zip !== null && !/^\d{5}$/.test(zip))
    throw new Refused(`zipcode "${zip}" is not a ZIP code.`);
  const ParcelNumber = parcel.padStart(10, '0');
  return {
    ListingKey: `${ParcelNumber}-${CloseDate}`,
    ParcelNumber,
    CloseDate,
    ClosePrice: number(row, 'price', PRICE, { required: true }) as number,
    LivingArea: number(row, 'sqft_living', AREA),
    LotSizeSquareFeet: number(row, 'sqft_lot', LOT),
    BedroomsTotal: number(row, 'bedrooms', [0, 50], { integer: true }),
    BathroomsTotalDecimal: number(row, 'bathrooms', [0, 50]),
    YearBuilt: number(row, 'yr_built', YEAR, { integer: true }),
    YearRenovated: renovated ? renovated : null,
    PropertyType: 'Residential',
    PropertySubType: null,
    ...position(row, 'lat', 'long'),
    PostalCode: zip,
    StateOrProvince: 'WA',
    CountyOrParish: 'King',
    PropertyCondition: condition,
    QualityGrade: number(row, 'grade', [1, 13], { integer: true }),
    StoriesTotal: number(row, 'floors', [0, 200]),
    WaterfrontYN: cell(row, 'waterfront') === null ? null : cell(row, 'waterfront') === '1',
    ViewRating: number(row, 'view', [0, 4], { integer: true }),
    BelowGradeFinishedArea: number(row, 'sqft_basement', [0, 100_000]),
  };
}

function bathrooms(row: Record<string, string>): number | null {
  const total = number(row, 'BathroomsTotalDecimal', [0, 50]);
  if (total !== null) return total;
  const full = number(row, 'BathroomsFull', [0, 50], { integer: true });
  const half = number(row, 'BathroomsHalf', [0, 50], { integer: true });
  return full === null && half === null ? null : (full ?? 0) + 0.5 * (half ?? 0);
}

function fromReso(row: Record<string, string>): ClosedSale {
  const CloseDate = day(row, 'CloseDate');
  const ParcelNumber = cell(row, 'ParcelNumber');
  const key = cell(row, 'ListingKey') ?? (ParcelNumber ? `${ParcelNumber}-${CloseDate}` : null);
  if (!key) throw new Refused('ListingKey or ParcelNumber is missing.');
  const state = cell(row, 'StateOrProvince');
  if (state !== null && !/^[A-Za-z]{2}$/.test(state))
    throw new Refused(`StateOrProvince "${state}" is not a two-letter state.`);
  const zip = cell(row, 'PostalCode')?.slice(0, 5) ?? null;
  if (zip !== null && !/^\d{5}$/.test(zip))
    throw new Refused(`PostalCode "${zip}" is not a ZIP code.`);
  return {
    ListingKey: key.slice(0, 255),
    ParcelNumber: ParcelNumber?.slice(0, 64) ?? null,
    UnparsedAddress: cell(row, 'UnparsedAddress')?.slice(0, 300) ?? null,
    CloseDate,
    ClosePrice: number(row, 'ClosePrice', PRICE, { required: true }) as number,
    LivingArea: number(row, 'LivingArea', AREA),
    LotSizeSquareFeet: number(row, 'LotSizeSquareFeet', LOT),
    BedroomsTotal: number(row, 'BedroomsTotal', [0, 50], { integer: true }),
    BathroomsTotalDecimal: bathrooms(row),
    YearBuilt: number(row, 'YearBuilt', YEAR, { integer: true }),
    YearRenovated: number(row, 'YearRenovated', YEAR, { integer: true }),
    PropertyType: cell(row, 'PropertyType')?.slice(0, 60) ?? null,
    PropertySubType: cell(row, 'PropertySubType')?.slice(0, 60) ?? null,
    ...position(row, 'Latitude', 'Longitude'),
    PostalCode: zip,
    StateOrProvince: state?.toUpperCase() ?? null,
    CountyOrParish: cell(row, 'CountyOrParish')?.slice(0, 100) ?? null,
    PropertyCondition: number(row, 'PropertyCondition', [1, 5], { integer: true }),
    QualityGrade: null,
    StoriesTotal: number(row, 'StoriesTotal', [0, 200]),
    WaterfrontYN:
      cell(row, 'WaterfrontYN') === null
        ? null
        : /^(1|true|y|yes)$/i.test(cell(row, 'WaterfrontYN') ?? ''),
    ViewRating: null,
    BelowGradeFinishedArea: number(row, 'BelowGradeFinishedArea', [0, 100_000]),
  };
}

/**
 * Read closed sales from CSV text or bytes, streamed. Throws SalesCsvError when the header is in
 * neither layout (nothing can be read); otherwise yields each line's sale or its refusal. Line
 * numbers count the header as line 1.
 */
export async function* readSalesCsv(
  input: AsyncIterable<string | Uint8Array> | string,
): AsyncGenerator<SalesCsvLine> {
  const parser = parse({
    columns: true,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
  });
  const source = typeof input === 'string' ? [input] : input;
  const feed = (async () => {
    try {
      for await (const chunk of source) {
        if (!parser.write(chunk)) await new Promise((resolve) => parser.once('drain', resolve));
      }
      parser.end();
    } catch (err) {
      parser.destroy(err as Error);
    }
  })();
  let layout: SalesCsvLayout | undefined;
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    layout ??= detectLayout(Object.keys(record));
    if (!layout)
      throw new SalesCsvError(
        'The first line names neither RESO fields (ListingKey or ParcelNumber, CloseDate, ClosePrice, …) nor the county-records columns (id, date, price, sqft_living, zipcode, lat, long, …).',
      );
    try {
      yield {
        line: info.lines,
        sale: layout === 'reso' ? fromReso(record) : fromKingCounty(record),
      };
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      yield { line: info.lines, error: err.message };
    }
  }
  await feed;
}
