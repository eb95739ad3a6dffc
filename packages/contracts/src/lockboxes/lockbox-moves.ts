import { LOCKBOX_STATES, type TLockboxState } from '@lantern/domain';
import { LOCKBOX_TEXTS as T } from './lockboxes.ts';

/**
 * What moves a lockbox (issue 21; the API applies these, the admin page offers the staff ones):
 * - rent: in stock → out (a rental to a paid order; nothing else sends one out)
 * - return: out → in stock (the rental's return; the deposit is refunded)
 * - forfeit: out → lost (30 days past the end date; the deposit is kept)
 * - markLost: in stock → lost (missing from the shelf)
 * - found: lost → in stock (a lost box turns up; a forfeited deposit stays forfeited)
 * - retire: in stock or lost → retired (worn out or written off; final)
 */
export type LockboxAction = 'rent' | 'return' | 'forfeit' | 'markLost' | 'found' | 'retire';

const MOVES: Record<LockboxAction, { from: readonly TLockboxState[]; to: TLockboxState }> = {
  rent: { from: ['in_stock'], to: 'out' },
  return: { from: ['out'], to: 'in_stock' },
  forfeit: { from: ['out'], to: 'lost' },
  markLost: { from: ['in_stock'], to: 'lost' },
  found: { from: ['lost'], to: 'in_stock' },
  retire: { from: ['in_stock', 'lost'], to: 'retired' },
};

export type Move = { ok: true; to: TLockboxState } | { ok: false; message: string };

/** The state a lockbox in `from` moves to by `action`, or why it cannot. */
export function moveLockbox(from: TLockboxState, action: LockboxAction): Move {
  const move = MOVES[action];
  if (move.from.includes(from)) return { ok: true, to: move.to };
  if (action === 'rent') return { ok: false, message: T.notInStock(LOCKBOX_STATES[from].label) };
  if (from === 'out') return { ok: false, message: T.onRental };
  if (from === 'retired') return { ok: false, message: T.retiredFinal };
  return { ok: false, message: T.sameState };
}

/**
 * A state staff choose on the inventory: the action it means, or why it cannot be chosen. Out
 * and back in are a rental's, never a choice of state.
 */
export function staffMove(
  from: TLockboxState,
  to: TLockboxState,
): { ok: true; action: LockboxAction } | { ok: false; message: string } {
  if (from === to) return { ok: false, message: T.sameState };
  if (to === 'out') return { ok: false, message: T.outByRental };
  if (from === 'out') return { ok: false, message: T.onRental };
  if (from === 'retired') return { ok: false, message: T.retiredFinal };
  const action: LockboxAction = to === 'retired' ? 'retire' : to === 'lost' ? 'markLost' : 'found';
  const move = moveLockbox(from, action);
  return move.ok ? { ok: true, action } : move;
}

/** The states staff may choose for a lockbox in `from` (the inventory's state menu). */
export const staffStateChoices = (from: TLockboxState): TLockboxState[] =>
  (Object.keys(LOCKBOX_STATES) as TLockboxState[]).filter((to) => staffMove(from, to).ok);
