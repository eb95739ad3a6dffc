import {
  LISTING_LIFECYCLE_TEXTS as LT,
  MESSAGES,
  LISTING_REVIEW_TEXTS as RT,
  returnReasonLabel,
  streetAddressUnit,
  type TApproveListingRequest,
  type TRejectListingRequest,
  type TReturnReasons,
  type TSendBackRequest,
} from '@lantern/contracts';
import { commitAsItIs } from '@lantern/db';
import { formatCents, mlsListingStepPath, type TMlsListingStep } from '@lantern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { CrmSync } from '../crm/crm-sync.ts';
import type { Outbox } from '../mail/outbox.ts';
import {
  type BrandData,
  listingLive,
  listingRejected,
  listingReturned,
  type MailContent,
} from '../mail/templates.ts';
import type { InvoiceRepository } from '../payments/invoices.repository.ts';
import type { PaymentService } from '../payments/payments.ts';
import type { PublicListingSync } from '../public-listings/public-listings.ts';
import type { RealtimeService } from '../realtime/realtime-service.ts';
import { type CommitOutcome, type Outcome, ok, refuse } from '../staff/outcome.ts';
import { storedForm } from './mls-listing.ts';
import type { ListingReviewRepository, Snapshot } from './mls-listing-review.repository.ts';
import type { MlsListingRepository } from './mls-listings.repository.ts';

export interface ListingReviewDeps {
  repo: ListingReviewRepository;
  mlsListings: Pick<MlsListingRepository, 'listingInvoice'>;
  invoices: Pick<InvoiceRepository, 'find'>;
  payments: Pick<PaymentService, 'refund'>;
  outbox: Pick<Outbox, 'enqueue'>;
  realtime: Pick<RealtimeService, 'publishToProperty'>;
  crm: Pick<CrmSync, 'orderChanged'>;
  /** An approved listing goes on the public listing pages. */
  publicListings: Pick<PublicListingSync, 'syncMlsListing'>;
  brand: BrandData;
  log: Pick<FastifyBaseLogger, 'error'>;
}

type Found = NonNullable<Awaited<ReturnType<ListingReviewRepository['find']>>>;
type BilledInvoice = NonNullable<Awaited<ReturnType<InvoiceRepository['find']>>>;
export interface Decision {
  before: Snapshot;
  after: Snapshot;
}

const notSubmitted = () => refuse(409, LT.notSubmitted);

/** `[{field, reason}]` → `{field: [reasons]}`, in the order staff gave them. */
export function groupReasons(
  reasons: ReadonlyArray<{ field: string; reason: string }>,
): TReturnReasons {
  const out: TReturnReasons = {};
  for (const { field, reason } of reasons) {
    const list = out[field] ?? [];
    if (!list.includes(reason)) list.push(reason);
    out[field] = list;
  }
  return out;
}

/**
 * Who hears of a decision: every owner named on the listing, and the person who ordered it when
 * they are not one of them (they may be an agent who built it for the owners). Once each.
 */
export function recipients(fields: unknown, orderedBy: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const email of [...(storedForm(fields).Owners ?? []).map((o) => o.email), orderedBy]) {
    const key = email.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(email.trim());
  }
  return out;
}

const stepUrl = (deps: ListingReviewDeps, step: TMlsListingStep, propertyHash: string) =>
  `${deps.brand.publicUrl}${mlsListingStepPath(step)}?property=${encodeURIComponent(propertyHash)}`;

/** The decision is committed: a failure to tell people is logged, never undoes it. */
async function tell(
  deps: ListingReviewDeps,
  found: Found,
  status: 'live' | 'returned' | 'rejected',
  mail: MailContent,
) {
  try {
    for (const to of recipients(found.listing.fields, found.orderedBy))
      await deps.outbox.enqueue({ to, ...mail });
    await deps.realtime.publishToProperty(found.property.hash, {
      event: 'ListingUpdated',
      data: { hash: found.listing.hash, status },
    });
    await deps.publicListings.syncMlsListing(found.listing.id);
  } catch (err) {
    deps.log.error({ err, listing: found.listing.hash }, 'listing decision notification failed');
  }
}

const streetOf = (found: Found) => streetAddressUnit(found.property.street, found.property.unit);

/**
 * What is left of each payment on the invoice, refunded payment by payment, each refund
 * committing itself (money that went back stays recorded); stops at the first refusal.
 */
async function refundLeft(
  deps: ListingReviewDeps,
  staffUserId: number,
  invoice: BilledInvoice,
  reason: string,
) {
  let cents = 0;
  for (const payment of invoice.payments) {
    const back = invoice.refunds
      .filter((r) => r.payment === payment.hash)
      .reduce((sum, r) => sum + r.amountCents, 0);
    const left = payment.amountCents - back;
    if (left <= 0) continue;
    const made = await deps.payments.refund(
      staffUserId,
      invoice.hash,
      { payment: payment.hash, amountCents: left, reason },
      commitAsItIs,
    );
    if (!made.ok) return { cents, refusal: made.message };
    cents += left;
  }
  return { cents, refusal: null };
}

/** Approving a listing onto the MLS, or sending it back with reasons. */
function reviewDecisions(deps: ListingReviewDeps) {
  const { repo } = deps;
  return {
    async approve(
      staffUserId: number,
      hash: string,
      body: TApproveListingRequest,
    ): Promise<Outcome<Decision>> {
      const found = await repo.find(hash);
      if (!found) return refuse(404, MESSAGES.notFound);
      if (found.listing.status !== 'submitted') return notSubmitted();
      let boardId = found.listing.boardId;
      if (body.board) {
        const board = await repo.boardBySlug(body.board);
        if (!board) return refuse(422, MESSAGES.validationFailed, { board: [LT.boardUnknown] });
        boardId = board.id;
      }
      if (boardId === null)
        return refuse(422, MESSAGES.validationFailed, { board: [LT.boardNeeded] });
      const done = await repo.approve(found.listing.id, {
        mlsNumber: body.mlsNumber,
        boardId,
        staffUserId,
      });
      if (!done.ok)
        return done.reason === 'numberTaken'
          ? refuse(422, MESSAGES.validationFailed, { mlsNumber: [RT.mlsNumberTaken] })
          : notSubmitted();
      const board = (await repo.boards()).find((b) => b.id === boardId);
      await tell(
        deps,
        found,
        'live',
        listingLive(deps.brand, {
          street: streetOf(found),
          mlsNumber: body.mlsNumber,
          board: board?.name ?? 'the MLS',
          listingUrl: stepUrl(deps, 'manage', found.property.hash),
        }),
      );
      return ok({ before: done.before, after: done.after });
    },

    async sendBack(
      staffUserId: number,
      hash: string,
      body: TSendBackRequest,
    ): Promise<Outcome<Decision>> {
      const found = await repo.find(hash);
      if (!found) return refuse(404, MESSAGES.notFound);
      if (found.listing.status !== 'submitted') return notSubmitted();
      const reasons = groupReasons(body.reasons);
      const done = await repo.sendBack(found.listing.id, reasons, staffUserId);
      if (!done.ok) return notSubmitted();
      await tell(
        deps,
        found,
        'returned',
        listingReturned(deps.brand, {
          street: streetOf(found),
          reasons: body.reasons.map((r) => `${returnReasonLabel(r.field)}: ${r.reason}`),
          listingUrl: stepUrl(deps, 'review', found.property.hash),
        }),
      );
      return ok({ before: done.before, after: done.after });
    },
  };
}

/** Finding a listing cannot be listed, and refunding its invoice. */
function reviewRejections(deps: ListingReviewDeps) {
  const { repo } = deps;
  return {
    /**
     * Cannot be listed: the listing is claimed, every payment on its invoice is refunded what
     * is left of it (card payments through Stripe, outside any transaction), then, in `commit`
     * with a route's activity row, the listing is rejected and the orders billed on the invoice
     * cancelled. A refund that fails leaves the listing submitted (409 refundFailed); what was
     * refunded before it stays refunded, and a second try refunds the rest. So does a commit
     * that fails: the listing stays claimed until a second try completes it.
     */
    async reject(
      staffUserId: number,
      hash: string,
      body: TRejectListingRequest,
      commit: CommitOutcome<Decision & { refundedCents: number }>,
    ): Promise<Outcome<Decision & { refundedCents: number }>> {
      const found = await repo.find(hash);
      if (!found) return refuse(404, MESSAGES.notFound);
      if (found.listing.status !== 'submitted') return notSubmitted();
      if (!(await repo.claimReject(found.listing.id, body.reason))) return notSubmitted();

      const billed = await deps.mlsListings.listingInvoice(found.order.id);
      const invoice = billed ? await deps.invoices.find(billed.invoice.hash) : undefined;
      const refunded = invoice
        ? await refundLeft(deps, staffUserId, invoice, RT.refundReason(body.reason))
        : { cents: 0, refusal: null };
      if (refunded.refusal !== null) {
        // Nothing went back: the listing waits as before. Something did: it stays claimed,
        // so it cannot be approved with part of its money returned.
        if (refunded.cents === 0) await repo.releaseReject(found.listing.id);
        return refuse(409, `${LT.refundFailed} (${refunded.refusal})`);
      }

      return commit(async () => {
        const done = await repo.completeReject(
          found.listing.id,
          found.order.id,
          billed?.invoice.id ?? null,
          staffUserId,
        );
        if (!done.ok) return notSubmitted();
        for (const orderId of done.cancelled) await deps.crm.orderChanged(orderId);
        const after = invoice ? await deps.invoices.find(invoice.hash) : undefined;
        const refundedCents = after?.refundedCents ?? 0;
        await tell(
          deps,
          found,
          'rejected',
          listingRejected(deps.brand, {
            street: streetOf(found),
            reason: body.reason,
            amount: formatCents(refundedCents),
            listingUrl: stepUrl(deps, 'review', found.property.hash),
          }),
        );
        return ok({ before: done.before, after: done.after, refundedCents });
      });
    },
  };
}

/**
 * Staff's review of a submitted MLS listing (issue 18; docs/decisions/032): approve it onto the
 * MLS, send it back with reasons by field, or find it cannot be listed and refund its invoice in
 * full. Each decision is made under the listing's row lock and only while it is submitted; the
 * owners then hear of it by mail, and the property's pages over the socket.
 */
export function createListingReviewService(deps: ListingReviewDeps) {
  return { ...reviewDecisions(deps), ...reviewRejections(deps) };
}
export type ListingReviewService = ReturnType<typeof createListingReviewService>;
