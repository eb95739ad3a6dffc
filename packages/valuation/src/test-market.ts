import { type ClosedSale, dayNumber, dayOf } from './sale.ts';

/**
 * A synthetic market with known prices: $250 a square foot at the centre, 1 % more a kilometre
 * east, 0.5 % a month of appreciation, +$15,000 per bathroom; a small deterministic jitter.
 */
export const CENTRE = { lat: 47.6, lng: -122.3 };
export const AS_OF = '2025-06-01';
const KM_LNG = 111.2 * Math.cos((CENTRE.lat * Math.PI) / 180);

export function priceOf(area: number, eastKm: number, daysBefore: number, baths: number): number {
  const months = daysBefore / 30.4;
  return area * 250 * (1 + 0.01 * eastKm) * 0.995 ** months + 15_000 * baths;
}

export function market(count: number, options: { maxDaysBefore?: number; spreadKm?: number } = {}) {
  const sales: ClosedSale[] = [];
  for (let i = 0; i < count; i++) {
    const r = (n: number) => ((i * 7919 + n * 104_729) % 1000) / 1000;
    const eastKm = (r(1) - 0.5) * 2 * (options.spreadKm ?? 4);
    const northKm = (r(2) - 0.5) * 2 * (options.spreadKm ?? 4);
    const area = 1200 + Math.round(r(3) * 1800);
    const baths = 1 + Math.round(r(4) * 2);
    const daysBefore = 1 + Math.round(r(5) * (options.maxDaysBefore ?? 700));
    const jitter = 1 + (r(6) - 0.5) * 0.04;
    sales.push({
      ListingKey: `s${i}`,
      ParcelNumber: null,
      CloseDate: dayOf(dayNumber(AS_OF) - daysBefore),
      ClosePrice: Math.round(priceOf(area, eastKm, daysBefore, baths) * jitter),
      LivingArea: area,
      LotSizeSquareFeet: 5000,
      BedroomsTotal: 3,
      BathroomsTotalDecimal: baths,
      YearBuilt: 1990,
      YearRenovated: null,
      PropertyType: 'Residential',
      PropertySubType: null,
      Latitude: CENTRE.lat + northKm / 111.2,
      Longitude: CENTRE.lng + eastKm / KM_LNG,
      PostalCode: '98101',
      StateOrProvince: 'WA',
      CountyOrParish: 'King',
      PropertyCondition: 3,
      QualityGrade: null,
      StoriesTotal: null,
      WaterfrontYN: null,
      ViewRating: null,
      BelowGradeFinishedArea: null,
    });
  }
  return sales;
}
