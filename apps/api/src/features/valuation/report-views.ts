import {
  streetAddressUnit,
  type TValuationProduct,
  type TValuationReport,
  type TValuationReportSummary,
  VALUATION_REGENERATIONS,
} from '@lantern/contracts';
import type { Property } from '@lantern/db';
import type { ReportContent } from './report-content.ts';
import type { ValuationRepository } from './valuations.repository.ts';

export const addressOf = (p: Property) =>
  `${streetAddressUnit(p.street, p.unit)}, ${p.city}, ${p.state} ${p.zip}`;

export type ReportRow = Awaited<ReturnType<ValuationRepository['reportsFor']>>[number];

export function summaryOf(row: ReportRow): TValuationReportSummary {
  const paid = row.product !== 'free-comps';
  return {
    hash: row.hash,
    product: row.product as TValuationProduct,
    productName: row.productName,
    order: row.order,
    version: row.version,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    asOf: row.asOf,
    pdf: paid && row.status === 'ready' && row.pdfKey !== null,
    canRegenerate:
      row.latest &&
      (row.status === 'ready' || row.status === 'not_valued') &&
      (!paid || row.version <= VALUATION_REGENERATIONS),
  };
}

/** The report as the customer reads it. */
export function reportOf(row: ReportRow): TValuationReport | null {
  if (!row.content) return null;
  return { ...summaryOf(row), ...(row.content as ReportContent) };
}

/** What a report that is still being made (or was refunded) shows besides its summary. */
export function emptyContent(p: Property): ReportContent {
  return {
    address: addressOf(p),
    position: { lat: p.lat ?? 0, lng: p.lng ?? 0 },
    facts: {
      bedrooms: null,
      bathrooms: null,
      livingArea: null,
      lotSizeSquareFeet: null,
      yearBuilt: null,
      condition: null,
    },
    notValued: null,
    estimate: null,
    comparables: [],
    trend: [],
    accuracy: [],
    attributions: [],
    disclaimer: { fixed: '', text: '' },
  };
}
