import { SHOWING_SMS, type TOwnerShowing, type TShowingLinkView } from '@lantern/contracts';
import {
  formatShowingTime,
  SHOWING_TEXTS,
  type TLocalDateTime,
  type TShowingAction,
  type TShowingSide,
} from '@lantern/domain';
import { readShowingLinkToken } from './link-tokens.ts';
import { ok, refuse, type ShowingContext } from './showing-context.ts';
import type { ShowingRespond } from './showing-respond.ts';
import type { ShowingActor, ShowingOutcome } from './showing-types.ts';
import { linkView, ownerView } from './showing-views.ts';

const T = SHOWING_TEXTS;

const actorOf = (claims: { side: TShowingSide; userId: number | null }): ShowingActor =>
  claims.side === 'seller'
    ? { side: 'seller', userId: claims.userId ?? -1, via: 'mail' }
    : { side: 'buyer', via: 'mail' };

const localStart = (local: Partial<TLocalDateTime>) =>
  local.date && local.time ? { date: local.date, time: local.time } : undefined;

/** The owners' answers: a texted reply, and the dashboard's buttons. */
export function showingOwnerAnswers(ctx: ShowingContext, respond: ShowingRespond) {
  const { deps, repo } = ctx;
  return {
    /**
     * An owner's text "YES 123" or "NO 123" (the webhook calls this once per new text): the same
     * move as in the dashboard, taken only from a phone that gets this listing's lead texts, and
     * answered by text (quiet hours respected). Another phone, or a number that is no request of
     * theirs, gets the same "not found" answer.
     */
    async textedReply(text: {
      textId: number;
      from: string;
      action: 'confirm' | 'decline';
      showing: number;
    }): Promise<'done' | 'refused' | 'unknown'> {
      const row = await repo.findById(text.showing);
      const owner = row
        ? (await deps.leadTexts.recipients(row.listing.id)).find((o) => o.phone === text.from)
        : undefined;
      const zone = row ? ctx.zoneOf(row.listing.state) : 'America/New_York';
      const answer = (body: string, userId: number) =>
        deps.leadTexts.send({
          to: text.from,
          kind: 'showing_answer',
          body,
          userId,
          timeZone: zone,
          dedupeKey: `showing_answer:${text.textId}`,
        });
      if (!row || !owner) return 'unknown';
      const done = await respond(
        row.showing.hash,
        text.action,
        {},
        { side: 'seller', userId: owner.userId, via: 'text' },
      );
      if (!done.ok) {
        await answer(SHOWING_SMS.refused(deps.siteName, text.showing, done.message), owner.userId);
        return 'refused';
      }
      await answer(
        SHOWING_SMS.done({
          siteName: deps.siteName,
          action: text.action,
          street: row.listing.streetAddress,
          when: formatShowingTime(done.value.after.startAt, zone),
        }),
        owner.userId,
      );
      return 'done';
    },

    /** The seller answers in the dashboard: `respond` narrowed to the opened property. */
    async respondAsOwner(
      owner: { userId: number; property: { id: number } },
      showing: string,
      action: TShowingAction,
      local: Partial<TLocalDateTime>,
    ): Promise<ShowingOutcome<{ message: string; showing: TOwnerShowing }, 404 | 409 | 422>> {
      const done = await respond(
        showing,
        action,
        { proposedStart: localStart(local) },
        { side: 'seller', userId: owner.userId, via: 'dashboard' },
        { propertyId: owner.property.id },
      );
      if (!done.ok) return done;
      const events = await repo.events([done.value.after.id]);
      return ok({
        message: T.done[action],
        showing: ownerView(done.value.row, events.get(done.value.after.id) ?? []),
      });
    },
  };
}

/** What a mailed link shows, and the answers given through it. */
export function showingLinkAnswers(ctx: ShowingContext, respond: ShowingRespond) {
  const { deps, repo } = ctx;

  /** A mailed link's claims and request, or the refusal for a bad or orphaned link. */
  async function openLink(token: string) {
    const claims = readShowingLinkToken(deps.secret, token, ctx.now().getTime());
    if (!claims) return null;
    const row = await repo.find(claims.showing);
    if (!row) return null;
    if (claims.side === 'seller' && !(await repo.isOwner(row.propertyId, claims.userId ?? -1))) {
      return null;
    }
    return { claims, row };
  }

  return {
    /** What a mailed link's page shows; a 410 for a forged, expired or orphaned link. */
    async viewLink(token: string): Promise<ShowingOutcome<TShowingLinkView>> {
      const opened = await openLink(token);
      if (!opened) return refuse(410, T.refusals.badLink);
      const { claims, row } = opened;
      return ok(linkView(ctx, row, claims.side, claims.sequence === row.showing.sequence, null));
    },

    /**
     * Act through a mailed link: only while the request is still as it was when the link was
     * mailed (its sequence), so a replay or a second click changes nothing.
     */
    async respondByLink(
      token: string,
      action: TShowingAction,
      local: Partial<TLocalDateTime>,
    ): Promise<ShowingOutcome<TShowingLinkView>> {
      const opened = await openLink(token);
      if (!opened) return refuse(410, T.refusals.badLink);
      const { claims } = opened;
      const proposedStart = localStart(local);
      const done = await respond(claims.showing, action, { proposedStart }, actorOf(claims), {
        sequence: claims.sequence,
      });
      if (!done.ok) return done;
      return ok(linkView(ctx, done.value.row, claims.side, false, T.done[action]));
    },
  };
}
