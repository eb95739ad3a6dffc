import {
  formatCents,
  isValuationProduct,
  MESSAGES,
  streetAddressUnit,
  type TAccuracy,
  type TPropertyFacts,
  type TValuationProduct,
  type TValuationReport,
  type TValuationReportSummary,
  type TValuationUnoffered,
  todayUtc,
  VALUATION_COMPARABLES,
  VALUATION_REGENERATIONS,
  VALUATION_TEXTS,
} from '@lantern/contracts';
import type { Property } from '@lantern/db';
import { ENGINE, tierOf } from '@lantern/valuation';
import type { FastifyBaseLogger } from 'fastify';
import type { ClosedSaleRepository } from '../../repositories/closed-sales.ts';
import type { AuditBase, ValuationRepository } from '../../repositories/valuations.ts';
import type { OutgoingMail } from '../mail/index.ts';
import {
  type BrandData,
  valuationReportReady,
  valuationReportRefunded,
} from '../mail/templates.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { FileStorage } from '../storage/index.ts';
import { daysBefore, type Estimator } from './estimate.ts';
import { type ReportContent, reportContent, subjectOf } from './report-content.ts';
import { valuationReportPdf } from './report-pdf.ts';

export const VALUATION_REPORT_JOB = 'valuation.report';

/** How far back the accuracy shown in a Home Value Report is measured, and on how many sales. */
const ACCURACY_DAYS = 180;
const ACCURACY_SALES = 40;
const ACCURACY_MIN = 5;

export interface ValuationServiceDeps {
  valuations: ValuationRepository;
  estimator: Estimator;
  sales: Pick<ClosedSaleRepository, 'displayOf' | 'monthlyTrend' | 'engineCandidates'>;
  offersAt(position: { lat: number; lng: number }): Promise<boolean>;
  disclaimerFor(state: string): Promise<{ fixed: string; text: string }>;
  storage: FileStorage;
  outbox: { enqueue(mail: OutgoingMail): Promise<unknown> };
  brand: BrandData;
  /** Refund everything paid on the invoice; false when nothing could be refunded. */
  refundAll(invoiceHash: string, reason: string): Promise<{ refundedCents: number }>;
  alert(invoiceId: number, detail: string): Promise<void>;
  /** Queue the job that makes this version of the order's report. */
  enqueue(orderId: number, version: number): Promise<void>;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

const addressOf = (p: Property) =>
  `${streetAddressUnit(p.street, p.unit)}, ${p.city}, ${p.state} ${p.zip}`;

type ReportRow = Awaited<ReturnType<ValuationRepository['reportsFor']>>[number];

/**
 * The valuation products (issue 38; docs/decisions/063): offered only where the data can make
 * them; Free Comps made at once, paid reports by a job when paid; delivered, kept and mailed, or
 * refunded when the data no longer covers the home.
 */
export function createValuationService(deps: ValuationServiceDeps) {
  const pageUrl = (hash: string) => `${deps.brand.publicUrl}/dashboard/valuation?property=${hash}`;

  /** Why valuations are not offered for a property, or null when they are. */
  async function unoffered(p: Property): Promise<TValuationUnoffered> {
    if (p.lat === null || p.lng === null || p.positionPrecision === null) return 'placement';
    if (p.positionPrecision === 'zip') return 'position';
    return (await deps.offersAt({ lat: p.lat, lng: p.lng })) ? null : 'coverage';
  }

  function summaryOf(row: ReportRow): TValuationReportSummary {
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

  /** How accurate estimates have been near the home: recent sales valued from earlier ones. */
  async function accuracyNear(p: Property, estimate: number, today: string): Promise<TAccuracy[]> {
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
    const measured: { price: number; error: number }[] = [];
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
    const row = (label: string, list: typeof measured): TAccuracy[] => {
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
          within10:
            Math.round((errors.filter((e) => e <= 0.1).length / errors.length) * 1000) / 1000,
        },
      ];
    };
    const tier = tierOf(estimate);
    return [
      ...row('Homes sold within 3 km in the last 6 months', measured),
      ...row(
        `Of those, homes priced ${tier}`,
        measured.filter((m) => tierOf(m.price) === tier),
      ),
    ];
  }

  /** Make a report's content from the home's facts now. */
  async function build(
    product: TValuationProduct,
    p: Property,
  ): Promise<{ content: ReportContent; asOf: string | null }> {
    const today = todayUtc();
    const { facts } = await deps.valuations.facts(p.id);
    const position = { lat: p.lat as number, lng: p.lng as number };
    const subject = subjectOf(facts, { ...position, precision: p.positionPrecision ?? 'zip' });
    const result = await deps.estimator.estimate(
      subject,
      today,
      'customer',
      product === 'free-comps' ? 15 : VALUATION_COMPARABLES[product],
    );
    const ids = result.ok ? result.comparables.map((c) => Number(c.sale.ListingKey)) : [];
    const [displays, trend, accuracy, disclaimer] = await Promise.all([
      deps.sales.displayOf(ids),
      product === 'free-comps'
        ? Promise.resolve([])
        : deps.sales.monthlyTrend({
            ...position,
            radiusKm: ENGINE.comparableKm,
            before: today,
            after: `${daysBefore(today, ENGINE.comparableDays).slice(0, 7)}-01`,
            limit: 0,
          }),
      result.ok && product === 'home-value-report'
        ? accuracyNear(p, result.estimate, today)
        : Promise.resolve([]),
      deps.disclaimerFor(p.state),
    ]);
    const content = reportContent({
      product,
      address: addressOf(p),
      position,
      facts,
      result,
      displays,
      trend,
      accuracy,
      disclaimer,
    });
    // The date the figures speak for: the newest sale the engine used.
    return { content, asOf: result.ok && !content.notValued ? result.asOf : null };
  }

  /** The report as the customer reads it. */
  function reportOf(row: ReportRow): TValuationReport | null {
    if (!row.content) return null;
    return { ...summaryOf(row), ...(row.content as ReportContent) };
  }

  /** A paid report that cannot be made any more: refund, tell staff and the customer. */
  async function refundInstead(
    order: NonNullable<Awaited<ReturnType<ValuationRepository['order']>>>,
    report: { id: number; hash: string; orderId: number },
    p: Property,
  ) {
    let refundedCents = 0;
    if (order.invoiceHash) {
      ({ refundedCents } = await deps.refundAll(
        order.invoiceHash,
        `The ${order.productName} could not be made: not enough recent sales near the home.`,
      ));
      if (order.invoiceId)
        await deps.alert(order.invoiceId, VALUATION_TEXTS.undeliverableAlert(order.productName));
    }
    await deps.valuations.finish(report, {
      status: 'refunded',
      content: null,
      asOf: null,
      pdfKey: null,
    });
    const owner = await deps.valuations.ownerEmail(order.userId);
    if (owner)
      await deps.outbox.enqueue({
        to: owner,
        ...valuationReportRefunded(deps.brand, {
          product: order.productName,
          street: streetAddressUnit(p.street, p.unit),
          amount: formatCents(refundedCents),
          url: pageUrl(p.hash),
        }),
      });
  }

  /** What a report says when the home is no longer offered valuations (a regeneration). */
  async function unofferedContent(p: Property, why: TValuationUnoffered): Promise<ReportContent> {
    return {
      address: addressOf(p),
      position: { lat: p.lat ?? 0, lng: p.lng ?? 0 },
      facts: (await deps.valuations.facts(p.id)).facts,
      notValued:
        why === 'position'
          ? VALUATION_TEXTS.notOfferedPosition
          : VALUATION_TEXTS.notOfferedCoverage,
      estimate: null,
      comparables: [],
      trend: [],
      accuracy: [],
      attributions: [],
      disclaimer: await deps.disclaimerFor(p.state),
    };
  }

  type Order = NonNullable<Awaited<ReturnType<ValuationRepository['order']>>>;
  type Preparing = NonNullable<Awaited<ReturnType<ValuationRepository['preparing']>>>;

  /** Keep a made version (its PDF first, for a paid one), complete the order, mail the link. */
  async function deliver(
    order: Order,
    report: Preparing,
    p: Property,
    made: ReportContent,
    asOf: string | null,
  ) {
    const paid = order.product !== 'free-comps';
    const status = made.notValued ? 'not_valued' : 'ready';
    let pdfKey: string | null = null;
    if (paid && status === 'ready') {
      const full = (await deps.valuations.reportsFor(p.id)).find((r) => r.id === report.id);
      if (!full) return;
      pdfKey = `valuations/${p.hash}/${report.hash}.pdf`;
      const view = { ...summaryOf({ ...full, asOf, status }), ...made };
      const pdf = await valuationReportPdf(view, deps.brand.siteName);
      await deps.storage.put(pdfKey, pdf, { contentType: 'application/pdf' });
    }
    const finished = await deps.valuations.finish(report, { status, content: made, asOf, pdfKey });
    if (!finished || !paid) return;
    const owner = await deps.valuations.ownerEmail(report.requestedBy ?? order.userId);
    if (owner)
      await deps.outbox.enqueue({
        to: owner,
        ...valuationReportReady(deps.brand, {
          product: order.productName,
          street: streetAddressUnit(p.street, p.unit),
          url: pageUrl(p.hash),
        }),
      });
  }

  /** The version of an order's report to make now: the one preparing, else its first. */
  async function versionToMake(order: Order) {
    return (
      (await deps.valuations.preparing(order.id)) ??
      (order.status === 'confirmed'
        ? await deps.valuations.start({
            orderId: order.id,
            propertyId: order.propertyId,
            product: order.product,
            version: 1,
            requestedBy: order.userId,
          })
        : null)
    );
  }

  /** The job (and Free Comps at once): make the order's report version that is preparing. */
  async function make(orderId: number): Promise<void> {
    const order = await deps.valuations.order(orderId);
    if (!order || !isValuationProduct(order.product)) return;
    if (order.status !== 'confirmed' && order.status !== 'completed') return;
    const report = await versionToMake(order);
    const p = report && (await deps.valuations.property(order.propertyId));
    if (!report || !p) return;
    const why = await unoffered(p);
    const built = why ? null : await build(order.product, p);
    // A paid report we cannot make when it is due is refunded, never delivered empty.
    const cannot = !built || built.content.notValued !== null;
    if (order.product !== 'free-comps' && cannot && report.version === 1) {
      await refundInstead(order, report, p);
      return;
    }
    const made = built?.content ?? (await unofferedContent(p, why));
    await deliver(order, report, p, made, built?.asOf ?? null);
  }

  return {
    unoffered,
    make,

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
export type ValuationService = ReturnType<typeof createValuationService>;

/** What a report that is still being made (or was refunded) shows besides its summary. */
function emptyContent(p: Property): ReportContent {
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
