import { randomBytes } from 'node:crypto';
import { properties } from '@lantern/db';
import { todayUtc } from '@lantern/domain';
import { type ClosedSale, dayNumber, dayOf } from '@lantern/valuation';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AS_OF, CENTRE, market } from '../../../../packages/valuation/src/test-market.ts';

export { CENTRE };

/** The county-records layout of ../shared/data/king-county-sales-*.csv (its README). */
export const KING_COUNTY_HEADER =
  'id,date,price,bedrooms,bathrooms,sqft_living,sqft_lot,floors,waterfront,view,condition,grade,sqft_above,sqft_basement,yr_built,yr_renovated,zipcode,lat,long,sqft_living15,sqft_lot15';

/** 'YYYYMMDD', `days` before today (UTC): fixtures move with the calendar, production never does. */
export function daysAgoCompact(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
}

export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

export interface KcSale {
  id: number;
  daysAgo: number;
  price: number;
  zip?: string;
  lat?: number;
  lng?: number;
}

/** One line of a King County file; what a valuation needs, the rest plausible. */
export function kcLine(s: KcSale): string {
  return [
    s.id,
    daysAgoCompact(s.daysAgo),
    s.price,
    3,
    2.25,
    1_800,
    6_000,
    1,
    0,
    0,
    3,
    7,
    1_800,
    0,
    1978,
    0,
    s.zip ?? '98103',
    s.lat ?? 47.6812,
    s.lng ?? -122.3421,
    1_750,
    5_900,
  ].join(',');
}

export function kcFile(sales: KcSale[], extraLines: string[] = []): string {
  return `${[KING_COUNTY_HEADER, ...sales.map(kcLine), ...extraLines].join('\n')}\n`;
}

/** A multipart/form-data body with one `file` part. */
export function csvUpload(name: string, text: string) {
  const boundary = `----lantern${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The valuation package's synthetic market around CENTRE (Seattle), moved so its newest sales
 * closed in the last days — fixtures move with the calendar, production never does.
 */
export function recentMarket(count = 400): ClosedSale[] {
  const shift = dayNumber(todayUtc()) - dayNumber(AS_OF);
  return market(count, { maxDaysBefore: 500, spreadKm: 3 }).map((s, i) => ({
    ...s,
    CloseDate: dayOf(dayNumber(s.CloseDate) + shift),
    PostalCode: '98122',
    StateOrProvince: 'WA',
    ParcelNumber: `P${1000 + i}`,
  }));
}

/**
 * Place a property at the synthetic market's centre, street-level, with the market's sales
 * stored around it: valuation products are then offered for it (issue 38).
 */
export async function coverHome(app: FastifyInstance, propertyId: number): Promise<void> {
  await app.db
    .update(properties)
    .set({ lat: CENTRE.lat, lng: CENTRE.lng, positionPrecision: 'rooftop' })
    .where(eq(properties.id, propertyId));
  await app.closedSales.insertMany(recentMarket(), {
    source: 'file:fixture-market',
    priceDisplay: 'public',
    attribution: 'County records',
  });
  await app.closedSales.refreshCoverage(todayUtc());
}
