import type { TOwnerShowing, TShowingLinkView } from '@lantern/contracts';
import { SHOWING_TEXTS, showingActionsFor, showingTurn, type TShowingSide } from '@lantern/domain';
import type { ShowingEventRow, ShowingRow } from '../showings.repository.ts';
import { endOf, type ShowingContext, stateOf } from './showing-context.ts';

const T = SHOWING_TEXTS;

function eventView({ event, actor }: ShowingEventRow): TOwnerShowing['history'][number] {
  return {
    kind: event.kind,
    by: event.side,
    actor: event.side === 'seller' ? actor : null,
    via: event.channel,
    status: event.status,
    start: event.startAt?.toISOString() ?? null,
    at: event.createdAt.toISOString(),
  };
}

/** A request as its owners see it in the dashboard, with its history. */
export function ownerView(row: ShowingRow, events: ShowingEventRow[]): TOwnerShowing {
  const s = row.showing;
  return {
    hash: s.hash,
    status: s.status,
    turn: showingTurn(stateOf(s)),
    buyerName: s.buyerName,
    buyerPhone: s.status === 'Confirmed' && s.buyerPhone ? s.buyerPhone : null,
    start: s.startAt.toISOString(),
    end: endOf(s).toISOString(),
    requestedStart: s.requestedStart.toISOString(),
    durationMinutes: s.durationMinutes,
    proposedStart: s.proposedStart?.toISOString() ?? null,
    note: s.note,
    actions: showingActionsFor(stateOf(s), 'seller'),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    history: events.map(eventView),
  };
}

/** A request as a mailed link's page shows it to `side`. */
export function linkView(
  ctx: ShowingContext,
  row: ShowingRow,
  side: TShowingSide,
  fresh: boolean,
  message: string | null,
): TShowingLinkView {
  const s = row.showing;
  return {
    side,
    status: s.status,
    turn: showingTurn(stateOf(s)),
    address: ctx.address(row.listing),
    listingUrl: ctx.listingUrl(row.listing),
    timeZone: ctx.zoneOf(row.listing.state),
    start: s.startAt.toISOString(),
    durationMinutes: s.durationMinutes,
    proposedStart: s.proposedStart?.toISOString() ?? null,
    buyerName: side === 'seller' ? s.buyerName : null,
    note: side === 'seller' ? s.note : null,
    actions: fresh ? showingActionsFor(stateOf(s), side) : [],
    notice: fresh || message ? null : T.refusals.staleLink,
    message,
  };
}
