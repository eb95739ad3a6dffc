import {
  MESSAGES,
  type TPropertyFacts,
  type TValuationReport,
  type TValuationReportSummary,
  VALUATION_TEXTS,
} from '@lantern/contracts';
import type { Property } from '@lantern/db';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import { unofferedFor } from './report-build.ts';
import { makeReport } from './report-delivery.ts';
import { emptyContent, reportOf, summaryOf } from './report-views.ts';
import type { ValuationServiceDeps } from './valuation-types.ts';
import type { AuditBase } from './valuations.repository.ts';

// Moved to valuation-types.ts so the sub-modules need not import this file; kept exported.
export type { ValuationServiceDeps } from './valuation-types.ts';

export const VALUATION_REPORT_JOB = 'valuation.report';

/** The property's valuation page, its facts, and its reports to read. */
function valuationReads(deps: ValuationServiceDeps) {
  const unoffered = (p: Property) => unofferedFor(deps, p);
  return {
    /** A paid order's first version, listed as preparing until its job makes it. */
    async prepare(order: { id: number; propertyId: number; product: string; userId: number }) {
      await deps.valuations.start({
        orderId: order.id,
        propertyId: order.propertyId,
        product: order.product,
        version: 1,
        requestedBy: order.userId,
      });
    },

    async page(p: Property) {
      const [{ facts, updatedAt }, why, rows] = await Promise.all([
        deps.valuations.facts(p.id),
        unoffered(p),
        deps.valuations.reportsFor(p.id),
      ]);
      return {
        facts,
        factsUpdatedAt: updatedAt?.toISOString() ?? null,
        unoffered: why,
        reports: rows.map(summaryOf),
      };
    },

    async saveFacts(p: Property, facts: TPropertyFacts, userId: number, audit: AuditBase) {
      await deps.valuations.saveFacts(p, facts, userId, audit);
    },

    async report(p: Property, hash: string): Promise<TValuationReport | null> {
      const row = await deps.valuations.report(p.id, hash);
      if (!row) return null;
      return reportOf(row) ?? { ...summaryOf(row), ...emptyContent(p) };
    },

    /** The PDF of a ready paid report of this property, or null. */
    async pdf(p: Property, hash: string) {
      const row = await deps.valuations.report(p.id, hash);
      if (!row?.pdfKey || row.status !== 'ready') return null;
      const body = await deps.storage.get(row.pdfKey);
      return body && { body, filename: `${row.product}-v${row.version}.pdf` };
    },
  };
}

/** Make a report again from the facts as they are now (paid: once). */
function valuationRegeneration(
  deps: ValuationServiceDeps,
  make: (orderId: number) => Promise<void>,
) {
  return {
    /** Make a report again from the facts as they are now (paid: once). */
    async regenerate(
      p: Property,
      hash: string,
      userId: number,
      audit: AuditBase,
    ): Promise<Outcome<TValuationReportSummary>> {
      const row = await deps.valuations.report(p.id, hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      const summary = summaryOf(row);
      if (!summary.canRegenerate)
        return refuse(
          409,
          row.status === 'preparing'
            ? VALUATION_TEXTS.regenerateNotReady
            : VALUATION_TEXTS.regenerateUsed,
        );
      const started = await deps.valuations.start(
        {
          orderId: row.orderId,
          propertyId: p.id,
          product: row.product,
          version: row.version + 1,
          requestedBy: userId,
        },
        { from: hash, audit },
      );
      if (!started) return refuse(409, VALUATION_TEXTS.regenerateUsed);
      if (row.product === 'free-comps') await make(row.orderId);
      else await deps.enqueue(row.orderId, started.version);
      const made = (await deps.valuations.reportsFor(p.id)).find((r) => r.id === started.id);
      return ok(
        made
          ? summaryOf(made)
          : {
              ...summary,
              hash: started.hash,
              version: started.version,
              status: 'preparing',
              pdf: false,
              canRegenerate: false,
            },
      );
    },
  };
}

/**
 * The valuation products (issue 38; docs/decisions/063): offered only where the data can make
 * them; Free Comps made at once, paid reports by a job when paid; delivered, kept and mailed, or
 * refunded when the data no longer covers the home.
 */
export function createValuationService(deps: ValuationServiceDeps) {
  /** Why valuations are not offered for a property, or null when they are. */
  const unoffered = (p: Property) => unofferedFor(deps, p);
  /** The job (and Free Comps at once): make the order's report version that is preparing. */
  const make = (orderId: number) => makeReport(deps, orderId);
  return {
    unoffered,
    make,
    ...valuationReads(deps),
    ...valuationRegeneration(deps, make),
  };
}
export type ValuationService = ReturnType<typeof createValuationService>;
