import type { FastifyBaseLogger } from 'fastify';
import type { OutgoingMail } from '../mail/index.ts';
import type { BrandData } from '../mail/templates.ts';
import type { ClosedSaleRepository } from '../sales/closed-sales.repository.ts';
import type { FileStorage } from '../storage/index.ts';
import type { Estimator } from './estimate.ts';
import type { ValuationRepository } from './valuations.repository.ts';

// The valuation service's dependencies, apart so that its report-* sub-modules and reports.ts
// can share them without importing each other (issue 42).

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
