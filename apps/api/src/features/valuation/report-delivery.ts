import { isValuationProduct, streetAddressUnit, VALUATION_TEXTS } from '@lantern/contracts';
import type { Property } from '@lantern/db';
import { formatCents } from '@lantern/domain';
import { valuationReportReady, valuationReportRefunded } from '../mail/templates.ts';
import { buildReport, unofferedContent, unofferedFor } from './report-build.ts';
import type { ReportContent } from './report-content.ts';
import { valuationReportPdf } from './report-pdf.ts';
import { summaryOf } from './report-views.ts';
import type { ValuationServiceDeps } from './valuation-types.ts';
import type { ValuationRepository } from './valuations.repository.ts';

type Order = NonNullable<Awaited<ReturnType<ValuationRepository['order']>>>;
type Preparing = NonNullable<Awaited<ReturnType<ValuationRepository['preparing']>>>;

const pageUrl = (deps: ValuationServiceDeps, hash: string) =>
  `${deps.brand.publicUrl}/dashboard/valuation?property=${hash}`;

/** A paid report that cannot be made any more: refund, tell staff and the customer. */
async function refundInstead(
  deps: ValuationServiceDeps,
  order: Order,
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
        url: pageUrl(deps, p.hash),
      }),
    });
}

/** Keep a made version (its PDF first, for a paid one), complete the order, mail the link. */
async function deliver(
  deps: ValuationServiceDeps,
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
        url: pageUrl(deps, p.hash),
      }),
    });
}

/** The version of an order's report to make now: the one preparing, else its first. */
async function versionToMake(deps: ValuationServiceDeps, order: Order) {
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
export async function makeReport(deps: ValuationServiceDeps, orderId: number): Promise<void> {
  const order = await deps.valuations.order(orderId);
  if (!order || !isValuationProduct(order.product)) return;
  if (order.status !== 'confirmed' && order.status !== 'completed') return;
  const report = await versionToMake(deps, order);
  const p = report && (await deps.valuations.property(order.propertyId));
  if (!report || !p) return;
  const why = await unofferedFor(deps, p);
  const built = why ? null : await buildReport(deps, order.product, p);
  // A paid report we cannot make when it is due is refunded, never delivered empty.
  const cannot = !built || built.content.notValued !== null;
  if (order.product !== 'free-comps' && cannot && report.version === 1) {
    await refundInstead(deps, order, report, p);
    return;
  }
  const made = built?.content ?? (await unofferedContent(deps, p, why));
  await deliver(deps, order, report, p, made, built?.asOf ?? null);
}
