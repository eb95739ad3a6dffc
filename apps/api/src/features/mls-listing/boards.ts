import type { MlsBoard } from '@lantern/db';

export type BoardChoice =
  | { ok: true; board: MlsBoard | null }
  | { ok: false; reason: 'required' | 'notForCounty' };

/**
 * Which MLS the listing goes on (decision 004's coverage by county): the boards listing the
 * property's state and county. Several: the customer picks one of them. One: that one, whatever
 * was asked. None: no board (we choose at review; boardPending), whatever was asked.
 */
export function chooseBoard(
  boards: readonly MlsBoard[],
  slug: string | null | undefined,
): BoardChoice {
  if (boards.length === 0) return { ok: true, board: null };
  if (boards.length === 1) {
    const only = boards[0] ?? null;
    if (slug && slug !== only?.slug) return { ok: false, reason: 'notForCounty' };
    return { ok: true, board: only };
  }
  if (!slug) return { ok: false, reason: 'required' };
  const chosen = boards.find((b) => b.slug === slug);
  return chosen ? { ok: true, board: chosen } : { ok: false, reason: 'notForCounty' };
}
