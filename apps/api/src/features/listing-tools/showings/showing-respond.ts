import type { ShowingRequest } from '@lantern/db';
import {
  SHOWING_TEXTS,
  showingMove,
  showingTimeProblem,
  type TLocalDateTime,
  type TShowingAction,
} from '@lantern/domain';
import type { ShowingChange, ShowingRow } from '../showings.repository.ts';
import { endOf, ok, refusalFor, refuse, type ShowingContext, stateOf } from './showing-context.ts';
import { announceChange } from './showing-mail.ts';
import type { ShowingActor, ShowingOutcome } from './showing-types.ts';

const T = SHOWING_TEXTS;

/** The decision under the row lock: a legal move at the right moment, or why not. */
function decide(
  now: () => Date,
  s: ShowingRequest,
  action: TShowingAction,
  actor: ShowingActor,
  proposed: Date | null,
  expectSequence: number | undefined,
): ShowingChange {
  if (expectSequence !== undefined && s.sequence !== expectSequence) {
    return { ok: false, status: 409, message: T.refusals.staleLink };
  }
  const state = stateOf(s);
  const move = showingMove(state, actor.side, action);
  if (!move) return { ok: false, status: 409, message: refusalFor(state, actor.side) };
  const at = now().getTime();
  if (action === 'confirm') {
    const start = move.proposal === 'accept' ? s.proposedStart : s.startAt;
    if (!start || start.getTime() <= at) {
      return { ok: false, status: 409, message: T.refusals.timePassed };
    }
  }
  if (action === 'cancel' && s.status === 'Confirmed' && endOf(s).getTime() <= at) {
    return { ok: false, status: 409, message: T.refusals.timePassed };
  }
  const set: Extract<ShowingChange, { ok: true }>['set'] = { status: move.to };
  if (move.proposal === 'set') set.proposedStart = proposed;
  else if (move.proposal === 'accept') {
    set.startAt = s.proposedStart ?? s.startAt;
    set.proposedStart = null;
  } else set.proposedStart = null;
  return {
    ok: true,
    set,
    step: {
      kind: action,
      side: actor.side,
      actorId: actor.side === 'seller' ? actor.userId : null,
      channel: actor.via,
      startAt:
        move.proposal === 'set'
          ? proposed
          : move.proposal === 'accept'
            ? s.proposedStart
            : s.startAt,
    },
  };
}

/** The proposed time of a `propose`, checked in the listing's zone; or the refusal. */
function proposedTime(
  ctx: ShowingContext,
  row: ShowingRow,
  given: Date | TLocalDateTime | undefined,
): ShowingOutcome<Date, 422> {
  if (!given) {
    return refuse(422, T.errors.proposeNeedsTime, { date: [T.errors.proposeNeedsTime] });
  }
  const zone = ctx.zoneOf(row.listing.state);
  if (given instanceof Date) {
    const problem = showingTimeProblem(given, zone, ctx.now());
    if (problem) return refuse(422, problem, { time: [problem] });
    return ok(given);
  }
  const checked = ctx.startFrom(given, zone);
  if (!checked.ok) {
    return refuse(422, Object.values(checked.errors)[0]?.[0] ?? T.errors.time, checked.errors);
  }
  return ok(checked.start);
}

/**
 * Answer a showing request: the one path every channel takes (dashboard, mailed link, and a
 * text reply later). `showing` is the request's public id (its hash). A seller must be an owner
 * of the listing's property now, else it is a 404; `scope.propertyId` narrows it to one property
 * (the dashboard's), `scope.sequence` to the version a mailed link was made for.
 */
export function showingResponder(ctx: ShowingContext) {
  const { repo } = ctx;
  return async function respond(
    showing: string,
    action: TShowingAction,
    input: { proposedStart?: Date | TLocalDateTime | undefined },
    actor: ShowingActor,
    scope: { propertyId?: number; sequence?: number } = {},
  ): Promise<
    ShowingOutcome<
      { row: ShowingRow; before: ShowingRequest; after: ShowingRequest },
      404 | 409 | 422
    >
  > {
    const row = await repo.find(showing);
    if (!row) return refuse(404, T.refusals.notFound);
    if (scope.propertyId !== undefined && row.propertyId !== scope.propertyId) {
      return refuse(404, T.refusals.notFound);
    }
    if (actor.side === 'seller' && !(await repo.isOwner(row.propertyId, actor.userId))) {
      return refuse(404, T.refusals.notFound);
    }
    let proposed: Date | null = null;
    if (action === 'propose') {
      const checked = proposedTime(ctx, row, input.proposedStart);
      if (!checked.ok) return checked;
      proposed = checked.value;
    }
    const done = await repo.change(showing, (s) =>
      decide(ctx.now, s, action, actor, proposed, scope.sequence),
    );
    if (!done) return refuse(404, T.refusals.notFound);
    if (!done.ok) return refuse(done.status, done.message, done.errors);
    await announceChange(ctx, row, done.before, done.after, action, actor);
    return ok({ row: { ...row, showing: done.after }, before: done.before, after: done.after });
  };
}
export type ShowingRespond = ReturnType<typeof showingResponder>;
