import {
  addDays,
  LOCKBOX_FORFEIT_DAYS,
  LOCKBOX_REMINDER_OFFSETS,
  LOCKBOX_RENTAL_DAYS,
  type TLockboxReminderOffset,
  type TLockboxRentalStatus,
} from '@lantern/domain';

/**
 * The lockbox rules (issue 21), pure and table-tested (rules.test.ts). Dates are UTC calendar
 * days (YYYY-MM-DD), as the MLS listing's end date is: no US time zone is ahead of UTC, so a
 * reminder or a forfeit is never early for the customer.
 */

export { type LockboxAction, type Move, moveLockbox, staffMove } from '@lantern/contracts';

/** The end date of a rental starting on `start`. */
export const rentalEnd = (start: string) => addDays(start, LOCKBOX_RENTAL_DAYS);
/** The first day the deposit of a rental ending on `end` is forfeited. */
export const forfeitOn = (end: string) => addDays(end, LOCKBOX_FORFEIT_DAYS);

export interface RentalFacts {
  endDate: string;
  returnedOn: string | null;
  forfeitedAt: Date | string | null;
}

/** Where a rental stands on `today`: back, kept, past its end date, or running. */
export function rentalStatus(r: RentalFacts, today: string): TLockboxRentalStatus {
  if (r.returnedOn) return 'returned';
  if (r.forfeitedAt) return 'forfeited';
  return today > r.endDate ? 'overdue' : 'active';
}

/** The deposit of a rental still out is forfeited from 30 days past its end date. */
export const forfeitDue = (r: RentalFacts, today: string) =>
  !r.returnedOn && !r.forfeitedAt && today >= forfeitOn(r.endDate);

/**
 * The reminder to send today for a rental still out: the latest offset whose day has come and
 * that was not sent. Earlier ones whose day passed unsent (the job did not run) are marked as
 * passed rather than sent late in a bunch. None once the deposit is due to be forfeited: the
 * forfeit notice says it all.
 */
export function dueReminder(
  r: RentalFacts,
  today: string,
  sent: readonly number[],
): { offset: TLockboxReminderOffset; passed: TLockboxReminderOffset[] } | null {
  if (r.returnedOn || r.forfeitedAt || forfeitDue(r, today)) return null;
  const come = LOCKBOX_REMINDER_OFFSETS.filter(
    (o) => addDays(r.endDate, o) <= today && !sent.includes(o),
  );
  const offset = come.at(-1);
  if (offset === undefined) return null;
  return { offset, passed: come.slice(0, -1) };
}

export interface PaymentLeft {
  hash: string;
  /** What is left of the payment: its amount less what was refunded from it. */
  leftCents: number;
}

/**
 * How to give `needCents` back from an invoice's payments: from each in turn, as much as is
 * left of it, until the deposit is covered. What the payments cannot cover is left over.
 */
export function refundPlan(
  payments: readonly PaymentLeft[],
  needCents: number,
): { refunds: Array<{ payment: string; amountCents: number }>; shortCents: number } {
  const refunds: Array<{ payment: string; amountCents: number }> = [];
  let need = needCents;
  for (const p of payments) {
    if (need <= 0) break;
    const amount = Math.min(p.leftCents, need);
    if (amount <= 0) continue;
    refunds.push({ payment: p.hash, amountCents: amount });
    need -= amount;
  }
  return { refunds, shortCents: Math.max(need, 0) };
}
