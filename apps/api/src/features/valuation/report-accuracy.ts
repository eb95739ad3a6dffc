import type { TAccuracy } from '@lantern/contracts';
import type { Property } from '@lantern/db';
import { ENGINE, tierOf } from '@lantern/valuation';
import { daysBefore } from './estimate.ts';
import { subjectOf } from './report-content.ts';
import type { ValuationServiceDeps } from './valuation-types.ts';

/** How far back the accuracy shown in a Home Value Report is measured, and on how many sales. */
const ACCURACY_DAYS = 180;
const ACCURACY_SALES = 40;
const ACCURACY_MIN = 5;

type Measured = { price: number; error: number };

/** One line of the accuracy table, or none when too few sales were measured. */
function accuracyRow(label: string, list: Measured[]): TAccuracy[] {
  if (list.length < ACCURACY_MIN) return [];
  const errors = list.map((m) => m.error).sort((a, b) => a - b);
  const mid = errors.length / 2;
  const median =
    errors.length % 2
      ? (errors[Math.floor(mid)] as number)
      : ((errors[mid - 1] as number) + (errors[mid] as number)) / 2;
  return [
    {
      label,
      sales: list.length,
      medianError: Math.round(median * 1000) / 1000,
      within10: Math.round((errors.filter((e) => e <= 0.1).length / errors.length) * 1000) / 1000,
    },
  ];
}

/** How accurate estimates have been near the home: recent sales valued from earlier ones. */
export async function accuracyNear(
  deps: Pick<ValuationServiceDeps, 'sales' | 'estimator'>,
  p: Property,
  estimate: number,
  today: string,
): Promise<TAccuracy[]> {
  const lat = p.lat as number;
  const lng = p.lng as number;
  const recent = await deps.sales.engineCandidates({
    lat,
    lng,
    radiusKm: ENGINE.comparableKm,
    before: today,
    after: daysBefore(today, ACCURACY_DAYS),
    limit: ACCURACY_SALES,
  });
  const measured: Measured[] = [];
  for (const sale of recent) {
    const subject = {
      ...subjectOf(
        {
          bedrooms: sale.BedroomsTotal,
          bathrooms: sale.BathroomsTotalDecimal,
          livingArea: sale.LivingArea,
          lotSizeSquareFeet: sale.LotSizeSquareFeet,
          yearBuilt: sale.YearBuilt,
          condition: sale.PropertyCondition,
        },
        { lat: sale.Latitude as number, lng: sale.Longitude as number, precision: 'rooftop' },
      ),
    };
    // Valued as a request on its close date would have been: only sales strictly before it.
    const v = await deps.estimator.estimate(subject, sale.CloseDate);
    if (v.ok)
      measured.push({
        price: sale.ClosePrice,
        error: Math.abs(v.estimate - sale.ClosePrice) / sale.ClosePrice,
      });
  }
  const tier = tierOf(estimate);
  return [
    ...accuracyRow('Homes sold within 3 km in the last 6 months', measured),
    ...accuracyRow(
      `Of those, homes priced ${tier}`,
      measured.filter((m) => tierOf(m.price) === tier),
    ),
  ];
}
