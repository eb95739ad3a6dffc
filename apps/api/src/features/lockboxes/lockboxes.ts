import {
  formatListingDay,
  MESSAGES,
  streetAddressUnit,
  LOCKBOX_TEXTS as T,
  type TAddLockboxesRequest,
  type TAdminLockbox,
  type TAdminLockboxRental,
  type TCustomerLockboxRental,
  type TLockboxOrder,
  type TLockboxStateRequest,
  type TRentLockboxRequest,
  type TReturnLockboxRequest,
} from '@lantern/contracts';
import { commitAsItIs, type Lockbox, type LockboxRental } from '@lantern/db';
import {
  daysBetween,
  formatCents,
  invoiceNumber,
  LOCKBOX_PRODUCT_SLUG,
  todayUtc,
} from '@lantern/domain';
import type { PageWindow } from '../../lib/keyset.ts';
import type { CrmSync } from '../crm/crm-sync.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { MAIL_JOB } from '../mail/outbox.ts';
import {
  type BrandData,
  lockboxDepositForfeited,
  lockboxReminder,
  type MailContent,
} from '../mail/templates.ts';
import type { InvoiceRepository } from '../payments/invoices.repository.ts';
import type { PaymentRepository } from '../payments/payments.repository.ts';
import type { PaymentService } from '../payments/payments.ts';
import { type CommitOutcome, type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { LockboxRepository, RentalRow } from './lockboxes.repository.ts';
import {
  dueReminder,
  forfeitDue,
  forfeitOn,
  moveLockbox,
  refundPlan,
  rentalEnd,
  rentalStatus,
  staffMove,
} from './rules.ts';

export interface LockboxServiceDeps {
  repo: LockboxRepository;
  invoices: Pick<InvoiceRepository, 'find'>;
  /** The deposit goes back through the payment service: a card through Stripe, others recorded. */
  payments: Pick<PaymentService, 'refund'>;
  /** Who hears of a rental: the person billed and the property's participants who can edit. */
  owners: Pick<PaymentRepository, 'owners'>;
  /** Mails go as `mail.send` jobs with a dedupe key, so a job run twice mails once. */
  jobs: Pick<JobRunner, 'enqueue'>;
  crm: Pick<CrmSync, 'orderChanged'>;
  brand: BrandData;
}

export const LOCKBOX_REMINDERS_JOB = 'lockbox.reminders';
export const LOCKBOX_FORFEIT_JOB = 'lockbox.forfeit';

type Refusal = Extract<Outcome<never>, { ok: false }>;

/** A return recorded (`recorded`, on the first call) and what was refunded of the deposit. */
export interface Returned {
  row: RentalRow;
  refundedCents: number;
  recorded: boolean;
}

export const lockboxView = (l: Lockbox, rental: string | null): TAdminLockbox => ({
  hash: l.hash,
  serial: l.serial,
  type: l.type,
  state: l.state,
  notes: l.notes,
  rental,
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});

const addressOf = (p: RentalRow['property']) =>
  `${streetAddressUnit(p.street, p.unit)}, ${p.city}, ${p.state} ${p.zip}`;

export function rentalView(row: RentalRow, today: string): TAdminLockboxRental {
  const r = row.rental;
  return {
    hash: r.hash,
    status: rentalStatus(r, today),
    lockbox: row.lockbox,
    property: { hash: row.property.hash, address: addressOf(row.property) },
    customer: {
      hash: row.customer.hash,
      name: row.customer.name?.trim() || row.customer.email,
      email: row.customer.email,
    },
    order: row.orderHash,
    invoice:
      row.invoiceHash && row.invoiceNumber !== null
        ? { hash: row.invoiceHash, number: invoiceNumber(row.invoiceNumber) }
        : null,
    startDate: r.startDate,
    endDate: r.endDate,
    daysLeft: daysBetween(today, r.endDate),
    depositCents: r.depositCents,
    depositRefundedCents: r.depositRefundedCents,
    returnedOn: r.returnedOn,
    forfeitedAt: r.forfeitedAt?.toISOString() ?? null,
    remindersSent: [...r.remindersSent].sort((a, b) => a - b),
  };
}

type WaitingRow = Awaited<ReturnType<LockboxRepository['waitingOrders']>>[number];
const lockboxOrder = (o: WaitingRow): TLockboxOrder => ({
  hash: o.orderHash,
  property: { hash: o.property.hash, address: addressOf(o.property) },
  customer: { name: o.customer.name?.trim() || o.customer.email, email: o.customer.email },
  invoice: { hash: o.invoiceHash, number: invoiceNumber(o.invoiceNumber) },
  depositCents: Number(o.depositCents),
  orderedAt: o.orderedAt.toISOString(),
});

const rentalUrl = (deps: LockboxServiceDeps, propertyHash: string) =>
  `${deps.brand.publicUrl}/dashboard/lockbox-rental?property=${encodeURIComponent(propertyHash)}`;

async function mailOwners(
  deps: LockboxServiceDeps,
  row: RentalRow,
  mail: MailContent,
  dedupe: string,
) {
  const to = row.invoiceId
    ? (await deps.owners.owners(row.invoiceId)).map((o) => o.email)
    : [row.customer.email];
  for (const email of new Set(to)) {
    await deps.jobs.enqueue(
      MAIL_JOB,
      { to: email, ...mail },
      { dedupeKey: `${dedupe}:${email.toLowerCase()}` },
    );
  }
}

/** What is left of each payment of the invoice, oldest first. */
async function paymentsLeft(deps: LockboxServiceDeps, invoiceHash: string) {
  const invoice = await deps.invoices.find(invoiceHash);
  if (!invoice) return [];
  return invoice.payments.map((p) => ({
    hash: p.hash,
    leftCents:
      p.amountCents -
      invoice.refunds.filter((r) => r.payment === p.hash).reduce((s, r) => s + r.amountCents, 0),
  }));
}

/** Whether the lockbox may go out for the order, as read under the locks. */
function rentDecision(
  s: Parameters<Parameters<LockboxRepository['rentOut']>[1]>[0],
): { ok: true; depositCents: number } | Refusal {
  if (s.order.slug !== LOCKBOX_PRODUCT_SLUG)
    return refuse(422, T.orderNotLockbox, { order: [T.orderNotLockbox] }) as Refusal;
  if (s.order.status === 'completed' || s.order.status === 'cancelled')
    return refuse(409, T.orderClosed) as Refusal;
  if (s.order.status !== 'confirmed' || s.invoice?.status !== 'paid')
    return refuse(409, T.orderNotPaid) as Refusal;
  if (s.orderHasRental) return refuse(409, T.orderHasRental) as Refusal;
  const move = moveLockbox(s.lockbox.state, 'rent');
  if (!move.ok) return refuse(409, move.message, { lockbox: [move.message] }) as Refusal;
  return { ok: true, depositCents: s.invoice.depositCents };
}

/**
 * Whether the return may be recorded (the first time) and the deposit refunded, as read under
 * the rental's lock: the return to record, and whether a refund is to be claimed.
 */
function returnDecision(
  { rental, lockbox }: Parameters<Parameters<LockboxRepository['claimReturn']>[1]>[0],
  now: Date,
  staffId: number,
  body: TReturnLockboxRequest,
  today: string,
): { ok: true; record: { returnedOn: string; by: number } | null; claim: boolean } | Refusal {
  if (rental.forfeitedAt) return refuse(409, T.forfeited) as Refusal;
  const owed = rental.depositCents - rental.depositRefundedCents;
  let record: { returnedOn: string; by: number } | null = null;
  if (!rental.returnedOn) {
    const returnedOn = body.returnedOn ?? today;
    if (returnedOn > today)
      return refuse(422, T.futureDate, { returnedOn: [T.futureDate] }) as Refusal;
    if (returnedOn < rental.startDate)
      return refuse(422, T.returnedBeforeStart, {
        returnedOn: [T.returnedBeforeStart],
      }) as Refusal;
    const move = moveLockbox(lockbox.state, 'return');
    if (!move.ok) return refuse(409, move.message) as Refusal;
    record = { returnedOn, by: staffId };
  } else if (owed <= 0) return refuse(409, T.alreadyReturned) as Refusal;
  if (owed > 0 && rental.refundClaimedUntil && rental.refundClaimedUntil > now)
    return refuse(409, T.refundBusy) as Refusal;
  return { ok: true, record, claim: owed > 0 };
}

/**
 * What is still owed of the deposit refunded from the invoice's payments in turn, each counted
 * as soon as it is made; a refund that fails releases the claim and refuses.
 */
async function refundDeposit(
  deps: LockboxServiceDeps,
  staffId: number,
  hash: string,
  { rental, lockbox }: { rental: LockboxRental; lockbox: Lockbox },
): Promise<Outcome<number>> {
  const { repo } = deps;
  let refundedCents = 0;
  const row = await repo.rental(hash);
  const invoiceHash = row?.invoiceHash;
  const owed = rental.depositCents - rental.depositRefundedCents;
  const plan = refundPlan(invoiceHash ? await paymentsLeft(deps, invoiceHash) : [], owed);
  for (const r of plan.refunds) {
    const made = invoiceHash
      ? await deps.payments.refund(
          staffId,
          invoiceHash,
          {
            payment: r.payment,
            amountCents: r.amountCents,
            reason: T.refundReason(lockbox.serial),
          },
          commitAsItIs,
        )
      : refuse(404, MESSAGES.notFound);
    if (!made.ok) {
      await repo.releaseClaim(rental.id);
      return refuse(409, T.refundFailed(made.message));
    }
    // Counted as soon as it is made: money that went back is never uncounted.
    await repo.addRefunded(rental.id, r.amountCents);
    refundedCents += r.amountCents;
  }
  return ok(refundedCents);
}

/** The inventory, renting out, and what customers see of a rental. */
function lockboxInventory({ repo }: LockboxServiceDeps) {
  return {
    async add(body: TAddLockboxesRequest): Promise<Outcome<Lockbox[]>> {
      const made = await repo.add(body.serials, body.type, body.notes);
      if (!made.ok) {
        const message = T.serialsTaken(made.taken);
        return refuse(422, message, { serials: [message] });
      }
      return ok(made.added);
    },

    /** Staff set a state (lost, found, retired); a rental's moves are not theirs to choose. */
    async changeState(hash: string, body: TLockboxStateRequest) {
      const changed = await repo.changeState(
        hash,
        (l): { ok: true; to: typeof body.state } | Refusal => {
          const move = staffMove(l.state, body.state);
          if (!move.ok) return refuse(409, move.message) as Refusal;
          return { ok: true, to: body.state };
        },
        body.notes,
      );
      if (!changed) return refuse(404, MESSAGES.notFound);
      if (!changed.ok) return changed;
      return ok({ before: changed.before, after: changed.after });
    },

    async waitingOrders(): Promise<TLockboxOrder[]> {
      return (await repo.waitingOrders()).map(lockboxOrder);
    },

    /** One page of them, read in the database (decision 086). */
    async pageWaitingOrders(window: PageWindow) {
      const { rows, nextCursor } = await repo.pageWaitingOrders(window);
      return { rows: rows.map(lockboxOrder), nextCursor };
    },

    /**
     * Rent an in-stock lockbox out for a paid lockbox rental order with no lockbox out; the
     * rental runs 180 days from the start and holds the deposit the invoice billed.
     */
    async rentOut(
      staffId: number,
      body: TRentLockboxRequest,
      today = todayUtc(),
    ): Promise<Outcome<RentalRow>> {
      const startDate = body.startDate ?? today;
      if (startDate > today) return refuse(422, T.futureDate, { startDate: [T.futureDate] });
      const made = await repo.rentOut(
        {
          orderHash: body.order,
          lockboxHash: body.lockbox,
          startDate,
          endDate: rentalEnd(startDate),
          rentedBy: staffId,
        },
        rentDecision,
      );
      if (made === 'notFound') return refuse(404, MESSAGES.notFound);
      if (!made.ok) return made;
      const row = await repo.rental(made.rental.hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      return ok(row);
    },

    /** The property's newest rental as its customers see it (no serial), or null. */
    async forProperty(propertyId: number, today = todayUtc()): Promise<TCustomerLockboxRental> {
      const r: LockboxRental | undefined = await repo.latestForProperty(propertyId);
      if (!r) return { rental: null };
      return {
        rental: {
          status: rentalStatus(r, today),
          startDate: r.startDate,
          endDate: r.endDate,
          daysLeft: daysBetween(today, r.endDate),
          depositCents: r.depositCents,
          depositRefundedCents: r.depositRefundedCents,
          returnedOn: r.returnedOn,
          forfeitOn: forfeitOn(r.endDate),
        },
      };
    },

    menu: (today = todayUtc()) => repo.menu(today),
  };
}

/** The return that refunds the deposit in full. */
function lockboxReturns(deps: LockboxServiceDeps) {
  const { repo } = deps;
  return {
    /**
     * The lockbox is back: the first call records the return (lockbox in stock, order
     * completed) and every call refunds what is still owed of the deposit, from the invoice's
     * payments in turn, under a claim so two staff cannot refund it twice. The return and the
     * claim commit before any refund; a refund that fails leaves the return recorded and what
     * was refunded counted; recording again refunds the rest. The claim is released in
     * `commit`, with a route's activity row.
     */
    async recordReturn(
      staffId: number,
      hash: string,
      body: TReturnLockboxRequest,
      commit: CommitOutcome<Returned>,
      today = todayUtc(),
    ): Promise<Outcome<Returned>> {
      let recorded = false;
      const claimed = await repo.claimReturn(hash, (locked, now) => {
        const decision = returnDecision(locked, now, staffId, body, today);
        if (decision.ok && decision.record) recorded = true;
        return decision;
      });
      if (claimed === 'notFound') return refuse(404, MESSAGES.notFound);
      if (!claimed.ok) return claimed;
      const { rental } = claimed.locked;
      if (recorded) await deps.crm.orderChanged(rental.orderId);

      let refundedCents = 0;
      if (claimed.claimed) {
        const refunded = await refundDeposit(deps, staffId, hash, claimed.locked);
        if (!refunded.ok) return refunded;
        refundedCents = refunded.value;
      }
      // Should this commit fail, the claim lapses by itself and nothing is refunded twice.
      return commit(async () => {
        if (claimed.claimed) await repo.releaseClaim(rental.id);
        const row = await repo.rental(hash);
        if (!row) return refuse(404, MESSAGES.notFound);
        return ok({ row, refundedCents, recorded });
      });
    },
  };
}

/** The daily reminders and the forfeit. */
function lockboxJobs(deps: LockboxServiceDeps) {
  const { repo } = deps;
  return {
    /** Daily: the reminder due today of each rental still out, each once (see dueReminder). */
    async sendReminders(today = todayUtc()): Promise<number> {
      let sent = 0;
      for (const row of await repo.dueForReminders(today)) {
        const due = dueReminder(row.rental, today, row.rental.remindersSent);
        if (!due) continue;
        // Mail first, each deduplicated per rental, offset and address; then the mark.
        await mailOwners(
          deps,
          row,
          lockboxReminder(deps.brand, {
            street: streetAddressUnit(row.property.street, row.property.unit),
            offset: due.offset,
            endDate: formatListingDay(row.rental.endDate),
            forfeitDate: formatListingDay(forfeitOn(row.rental.endDate)),
            deposit: formatCents(row.rental.depositCents),
            rentalUrl: rentalUrl(deps, row.property.hash),
          }),
          `lockbox-reminder:${row.rental.hash}:${due.offset}`,
        );
        if (await repo.markReminders(row.rental.id, due.offset, due.passed)) sent++;
      }
      return sent;
    },

    /**
     * Daily: a rental still out 30 days past its end date keeps its deposit; the lockbox is
     * lost, the order completed and the owners told. Re-checked under the rental's lock.
     */
    async forfeitOverdue(today = todayUtc()): Promise<number> {
      let forfeited = 0;
      for (const row of await repo.forfeitable(today)) {
        const done = await repo.forfeit(
          row.rental.hash,
          ({ rental, lockbox }) =>
            forfeitDue(rental, today) &&
            !rental.refundClaimedUntil &&
            moveLockbox(lockbox.state, 'forfeit').ok,
        );
        if (!done) continue;
        forfeited++;
        await deps.crm.orderChanged(row.rental.orderId);
        await mailOwners(
          deps,
          row,
          lockboxDepositForfeited(deps.brand, {
            street: streetAddressUnit(row.property.street, row.property.unit),
            endDate: formatListingDay(row.rental.endDate),
            deposit: formatCents(row.rental.depositCents),
            rentalUrl: rentalUrl(deps, row.property.hash),
          }),
          `lockbox-forfeit:${row.rental.hash}`,
        );
      }
      return forfeited;
    },
  };
}

/**
 * Lockboxes (issue 21, "Lockboxes"): the inventory and its states, rentals to paid lockbox
 * rental orders, the return that refunds the deposit in full, the reminders around the end date
 * and the forfeit 30 days after it. The decisions are the pure rules of rules.ts, taken on what
 * the repository read under the row locks.
 */
export function createLockboxService(deps: LockboxServiceDeps) {
  return { ...lockboxInventory(deps), ...lockboxReturns(deps), ...lockboxJobs(deps) };
}
export type LockboxService = ReturnType<typeof createLockboxService>;
