import { ORDER_MESSAGES } from '@lantern/contracts';
import type { MlsBoard } from '@lantern/db';

/** The MLS listing products: each puts the property's listing on one MLS board. */
export const MLS_LISTING_SLUGS: readonly string[] = ['mls-listing-state', 'mls-listing-local'];

export interface MlsRefusal {
  status: 409 | 422;
  message: string;
}

/** The board a new MLS listing order names, or why it cannot name that one. */
export type BoardPick = { ok: true; board: MlsBoard | null } | { ok: false; refusal: MlsRefusal };

const unprocessable = (message: string): BoardPick => ({
  ok: false,
  refusal: { status: 422, message },
});

/**
 * The board of a new MLS listing order (decision 056): the one asked for, which must cover the
 * county; else the county's only board; else none yet (the listing's location step chooses, or
 * staff at review where no board covers the county).
 */
export function pickBoard(covering: readonly MlsBoard[], slug: string | undefined): BoardPick {
  if (slug) {
    const chosen = covering.find((b) => b.slug === slug);
    return chosen
      ? { ok: true, board: chosen }
      : unprocessable(ORDER_MESSAGES.mlsBoardNotForCounty);
  }
  return { ok: true, board: covering.length === 1 ? (covering[0] ?? null) : null };
}

/**
 * One listing per board: `held` are the boards of the property's active MLS listing orders (null
 * where not chosen yet). A first order is always fine; another needs a second board covering
 * the county, named, and not already listed on. Pure; checked under the property's row lock.
 */
export function mlsOrderRefusal(
  covering: readonly MlsBoard[],
  board: MlsBoard | null,
  held: ReadonlyArray<number | null>,
): MlsRefusal | null {
  if (held.length === 0) return null;
  if (covering.length < 2) return { status: 409, message: ORDER_MESSAGES.mlsOneBoard };
  if (held.includes(null)) return { status: 409, message: ORDER_MESSAGES.mlsChooseFirst };
  if (covering.every((b) => held.includes(b.id)))
    return { status: 409, message: ORDER_MESSAGES.mlsEveryBoard };
  if (!board) return { status: 422, message: ORDER_MESSAGES.mlsBoardRequired };
  if (held.includes(board.id))
    return { status: 409, message: ORDER_MESSAGES.mlsSameBoard(board.name) };
  return null;
}

export type MlsPlan =
  | {
      ok: true;
      mls?: {
        boardId: number | null;
        boardName: string | null;
        refuse: (held: Array<number | null>) => MlsRefusal | null;
      };
    }
  | { ok: false; refusal: MlsRefusal };

/**
 * What placing `slug` needs for the MLS rule: nothing for other products; for an MLS listing,
 * the board it names and the rule to run under the property's lock.
 */
export async function planMlsOrder(
  boardsFor: (state: string, county: string | null) => Promise<MlsBoard[]>,
  property: { state: string; county: string | null },
  slug: string,
  requested: string | undefined,
): Promise<MlsPlan> {
  if (!MLS_LISTING_SLUGS.includes(slug)) return { ok: true };
  const covering = await boardsFor(property.state, property.county);
  const pick = pickBoard(covering, requested);
  if (!pick.ok) return pick;
  return {
    ok: true,
    mls: {
      boardId: pick.board?.id ?? null,
      boardName: pick.board?.name ?? null,
      refuse: (held) => mlsOrderRefusal(covering, pick.board, held),
    },
  };
}

/** The covering boards, which ones the property is listed on, and whether another can be added. */
export function boardChoices(covering: readonly MlsBoard[], held: ReadonlyArray<number | null>) {
  const boards = covering.map((b) => ({
    slug: b.slug,
    name: b.name,
    shortName: b.shortName,
    listed: held.includes(b.id),
  }));
  const ordered = held.length > 0;
  const canAdd =
    ordered && !held.includes(null) && covering.length >= 2 && boards.some((b) => !b.listed);
  return { boards, ordered, canAdd };
}
