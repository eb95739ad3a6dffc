import {
  emailedLink,
  formatShowingTime,
  LEAD_MAX_LINKS,
  LEAD_SPAM_TEXTS,
  LISTING_TOOLS_PAGES,
  linkCount,
  listingPagePath,
  SHOWING_LINK_PAGE,
  SHOWING_SMS,
  SHOWING_TEXTS,
  SHOWINGS_TAB,
  showingActionsFor,
  showingMove,
  showingTimeProblem,
  showingTurn,
  type TLocalDateTime,
  type TOwnerShowing,
  type TShowingAction,
  type TShowingChannel,
  type TShowingLinkView,
  type TShowingSide,
  type TShowingState,
  zonedInstant,
} from '@lantern/contracts';
import type { Listing, ShowingRequest } from '@lantern/db';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import type { ListingRepository } from '../../repositories/listings.ts';
import type {
  ShowingChange,
  ShowingEventRow,
  ShowingRepository,
  ShowingRow,
} from '../../repositories/showings.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { MailAttachment, OutgoingMail } from '../mail/index.ts';
import { MAIL_JOB } from '../mail/outbox.ts';
import {
  type BrandData,
  showingCancelled,
  showingConfirmed,
  showingDeclined,
  showingProposed,
  showingRequested,
} from '../mail/templates.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.ts';
import { type IcsMethod, writeIcs } from './ics.ts';
import { createShowingLinkToken, readShowingLinkToken } from './link-tokens.ts';

const T = SHOWING_TEXTS;

/** Who acts on a showing: an owner of the listing (by account), or the buyer (by their link). */
export type ShowingActor =
  | { side: 'seller'; userId: number; via: Exclude<TShowingChannel, 'form'> }
  | { side: 'buyer'; via: 'mail' };

/** A rule's answer: done, or refused with the status and words for the person. */
export type ShowingOutcome<V, S extends number = 404 | 409 | 410 | 422> =
  | { ok: true; value: V }
  | { ok: false; status: S; message: string; errors?: Record<string, string[]> };

const ok = <V>(value: V): { ok: true; value: V } => ({ ok: true, value });
const refuse = <S extends 404 | 409 | 410 | 422>(
  status: S,
  message: string,
  errors?: Record<string, string[]>,
): ShowingOutcome<never, S> => ({ ok: false, status, message, ...(errors ? { errors } : {}) });

/** What the listing page's form sends, once the contract's schema has read it. */
export interface ShowingRequestInput {
  name: string;
  email: string;
  phone: string;
  date: string;
  time: string;
  duration: number;
  note: string;
  /** The honeypot: people leave it empty. */
  website?: string | undefined;
}

export interface ShowingServiceDeps {
  repo: ShowingRepository;
  listings: Pick<ListingRepository, 'published'>;
  /** Mails go as `mail.send` jobs (the outbox), retried while SMTP is down. */
  jobs: Pick<JobRunner, 'enqueue'>;
  brand: BrandData;
  /** The From header of our mail: the invitations' ORGANIZER. */
  mailFrom: string;
  /** Signs the mailed links (SESSION_SECRET). */
  secret: string;
  /**
   * Owners who turned lead texts on get each request by text and may answer it by text
   * (text for info, decision 044): who they are, and the quiet-hours sender.
   */
  leadTexts: {
    recipients(listingId: number): Promise<{ userId: number; phone: string }[]>;
    send(text: {
      to: string;
      kind: 'showing_request' | 'showing_answer';
      body: string;
      userId: number;
      timeZone: string;
      dedupeKey: string;
    }): Promise<unknown>;
  };
  siteName: string;
  /** Listing analytics: each stored request counts (ShowingRequestedCount). */
  analytics: { count(listingId: number, metric: 'ShowingRequestedCount'): Promise<void> };
  /** Outbound webhooks: `showing.requested` (issue 25). */
  webhooks?: WebhookEmitter | undefined;
  now?: () => Date;
}

const stateOf = (s: Pick<ShowingRequest, 'status' | 'proposedStart'>): TShowingState => ({
  status: s.status,
  proposed: s.proposedStart !== null,
});

const endOf = (s: Pick<ShowingRequest, 'startAt' | 'durationMinutes'>) =>
  new Date(s.startAt.getTime() + s.durationMinutes * 60_000);

/** The address inside a From header (`"Lantern" <no-reply@…>` → `no-reply@…`). */
export function fromAddress(from: string): string {
  return /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();
}

/** Why `side` may not take `action` now, in words. */
function refusalFor(state: TShowingState, side: TShowingSide): string {
  if (state.status === 'Denied' || state.status === 'Cancelled') {
    return T.refusals.final(state.status === 'Denied' ? 'declined' : 'cancelled');
  }
  const turn = showingTurn(state);
  return turn && turn !== side ? T.refusals.notYourTurn : T.refusals.notAllowed;
}

/**
 * Showing requests (issue 22, "Showing management"): a visitor asks for a time on a public
 * listing; the owners confirm, propose another time or decline (dashboard, mailed link, and later
 * a text reply through `respond`); the buyer accepts a proposal or cancels through their link.
 * Every move is a legal one of SHOWING_TRANSITIONS, decided under the request's row lock; each
 * is mailed through the outbox, a confirmation and a cancellation with a calendar file.
 */
export function createShowingService(deps: ShowingServiceDeps) {
  const { repo, brand } = deps;
  const now = deps.now ?? (() => new Date());
  const zoneOf = (state: string) => timeZoneOfState(state);
  const host = new URL(brand.publicUrl).hostname;

  const listingUrl = (l: ShowingRow['listing']) =>
    l.publishedAt && l.slug ? `${brand.publicUrl}${listingPagePath(l.slug)}` : null;
  const dashboardUrl = (row: ShowingRow) =>
    `${brand.publicUrl}${LISTING_TOOLS_PAGES.tab(SHOWINGS_TAB, row.propertyHash)}`;
  const linkUrl = (s: ShowingRequest, side: TShowingSide, userId: number | null) =>
    emailedLink(
      brand.publicUrl,
      SHOWING_LINK_PAGE,
      createShowingLinkToken(deps.secret, {
        showing: s.hash,
        side,
        userId,
        sequence: s.sequence,
        issuedAt: now().getTime(),
      }),
    );
  const address = (l: ShowingRow['listing']) =>
    `${l.streetAddress}, ${l.city}, ${l.state} ${l.zipCode}`;

  /** Local date and time → the instant, checked; or the refusal for the named fields. */
  function startFrom(
    local: TLocalDateTime,
    zone: string,
  ): { ok: true; start: Date } | { ok: false; errors: Record<string, string[]> } {
    const start = zonedInstant(local, zone);
    if (!start) return { ok: false, errors: { time: [T.errors.noSuchTime] } };
    const problem = showingTimeProblem(start, zone, now());
    if (problem) {
      const field = problem === T.errors.tooFar ? 'date' : 'time';
      return { ok: false, errors: { [field]: [problem] } };
    }
    return { ok: true, start };
  }

  function calendar(row: ShowingRow, s: ShowingRequest, method: IcsMethod): MailAttachment {
    const l = row.listing;
    const url = listingUrl(l);
    const ics = writeIcs({
      method,
      prodId: `-//${brand.siteName}//Showings//EN`,
      uid: `showing-${s.hash}@${host}`,
      sequence: s.sequence,
      stamp: now(),
      start: s.startAt,
      end: endOf(s),
      summary: `Showing of ${l.streetAddress}`,
      location: address(l),
      description: `A showing of ${address(l)}, arranged through ${brand.siteName}. To cancel, use the link in the email this came with.`,
      ...(url ? { url } : {}),
      organizer: { name: brand.siteName, email: fromAddress(deps.mailFrom) },
    });
    return {
      filename: method === 'CANCEL' ? 'showing-cancelled.ics' : 'showing.ics',
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
    };
  }

  const send = (mail: OutgoingMail) => deps.jobs.enqueue(MAIL_JOB, mail);

  /** Tell the owners of a new request: each gets a link of their own. */
  async function announceRequest(row: ShowingRow) {
    const s = row.showing;
    const zone = zoneOf(row.listing.state);
    for (const owner of await repo.owners(row.propertyId)) {
      const mail = showingRequested(brand, {
        street: row.listing.streetAddress,
        buyerName: s.buyerName,
        when: formatShowingTime(s.startAt, zone),
        minutes: s.durationMinutes,
        note: s.note,
        answerUrl: linkUrl(s, 'seller', owner.id),
        dashboardUrl: dashboardUrl(row),
      });
      await send({ to: owner.email, ...mail });
    }
    for (const owner of await deps.leadTexts.recipients(row.listing.id)) {
      await deps.leadTexts.send({
        to: owner.phone,
        kind: 'showing_request',
        body: SHOWING_SMS.request({
          siteName: deps.siteName,
          buyer: s.buyerName,
          street: row.listing.streetAddress,
          when: formatShowingTime(s.startAt, zone),
          minutes: s.durationMinutes,
          ref: s.id,
        }),
        userId: owner.userId,
        timeZone: zone,
        dedupeKey: `showing_request:${s.id}:${owner.userId}`,
      });
    }
  }

  /** Mail what a change did, after it committed. */
  async function announceChange(
    row: ShowingRow,
    before: ShowingRequest,
    after: ShowingRequest,
    action: TShowingAction,
    actor: ShowingActor,
  ) {
    const l = row.listing;
    const zone = zoneOf(l.state);
    const street = l.streetAddress;
    const owners = await repo.owners(row.propertyId);
    const buyerLink = linkUrl(after, 'buyer', null);
    switch (action) {
      case 'confirm': {
        const when = formatShowingTime(after.startAt, zone);
        const ics = calendar(row, after, 'PUBLISH');
        const common = {
          street,
          when,
          minutes: after.durationMinutes,
          buyerName: after.buyerName,
          buyerPhone: after.buyerPhone,
        };
        await send({
          to: after.buyerEmail,
          ...showingConfirmed(brand, { ...common, to: 'buyer', manageUrl: buyerLink }),
          attachments: [ics],
        });
        for (const owner of owners) {
          await send({
            to: owner.email,
            ...showingConfirmed(brand, {
              ...common,
              to: 'seller',
              manageUrl: linkUrl(after, 'seller', owner.id),
            }),
            attachments: [ics],
          });
        }
        return;
      }
      case 'propose':
        await send({
          to: after.buyerEmail,
          ...showingProposed(brand, {
            street,
            asked: formatShowingTime(after.startAt, zone),
            proposed: formatShowingTime(after.proposedStart ?? after.startAt, zone),
            answerUrl: buyerLink,
          }),
        });
        return;
      case 'decline':
        await send({
          to: after.buyerEmail,
          ...showingDeclined(brand, {
            street,
            when: formatShowingTime(before.startAt, zone),
            listingUrl: listingUrl(l) ?? buyerLink,
          }),
        });
        return;
      case 'cancel': {
        const wasConfirmed = before.status === 'Confirmed';
        const ics = wasConfirmed ? [calendar(row, after, 'CANCEL')] : [];
        const common = {
          street,
          when: formatShowingTime(after.startAt, zone),
          by: actor.side,
          buyerName: after.buyerName,
          calendar: wasConfirmed,
        };
        // The buyer hears of it unless they withdrew a request nobody had confirmed.
        if (wasConfirmed || actor.side === 'seller') {
          await send({
            to: after.buyerEmail,
            ...showingCancelled(brand, {
              ...common,
              to: 'buyer',
              url: listingUrl(l) ?? buyerLink,
            }),
            attachments: ics,
          });
        }
        for (const owner of owners) {
          await send({
            to: owner.email,
            ...showingCancelled(brand, { ...common, to: 'seller', url: dashboardUrl(row) }),
            attachments: ics,
          });
        }
        return;
      }
    }
  }

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

  function ownerView(row: ShowingRow, events: ShowingEventRow[]): TOwnerShowing {
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

  /** The decision under the row lock: a legal move at the right moment, or why not. */
  function decide(
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

  /**
   * Answer a showing request: the one path every channel takes (dashboard, mailed link, and a
   * text reply later). `showing` is the request's public id (its hash). A seller must be an owner
   * of the listing's property now, else it is a 404; `scope.propertyId` narrows it to one property
   * (the dashboard's), `scope.sequence` to the version a mailed link was made for.
   */
  async function respond(
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
      const given = input.proposedStart;
      if (!given) {
        return refuse(422, T.errors.proposeNeedsTime, { date: [T.errors.proposeNeedsTime] });
      }
      const zone = zoneOf(row.listing.state);
      if (given instanceof Date) {
        const problem = showingTimeProblem(given, zone, now());
        if (problem) return refuse(422, problem, { time: [problem] });
        proposed = given;
      } else {
        const checked = startFrom(given, zone);
        if (!checked.ok) {
          return refuse(
            422,
            Object.values(checked.errors)[0]?.[0] ?? T.errors.time,
            checked.errors,
          );
        }
        proposed = checked.start;
      }
    }
    const done = await repo.change(showing, (s) =>
      decide(s, action, actor, proposed, scope.sequence),
    );
    if (!done) return refuse(404, T.refusals.notFound);
    if (!done.ok) return refuse(done.status, done.message, done.errors);
    await announceChange(row, done.before, done.after, action, actor);
    return ok({ row: { ...row, showing: done.after }, before: done.before, after: done.after });
  }

  /** A mailed link's claims and request, or the refusal for a bad or orphaned link. */
  async function openLink(token: string) {
    const claims = readShowingLinkToken(deps.secret, token, now().getTime());
    if (!claims) return null;
    const row = await repo.find(claims.showing);
    if (!row) return null;
    if (claims.side === 'seller' && !(await repo.isOwner(row.propertyId, claims.userId ?? -1))) {
      return null;
    }
    return { claims, row };
  }

  function linkView(
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
      address: address(row.listing),
      listingUrl: listingUrl(row.listing),
      timeZone: zoneOf(row.listing.state),
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

  const actorOf = (claims: { side: TShowingSide; userId: number | null }): ShowingActor =>
    claims.side === 'seller'
      ? { side: 'seller', userId: claims.userId ?? -1, via: 'mail' }
      : { side: 'buyer', via: 'mail' };

  return {
    respond,

    /**
     * A visitor's request from the listing page. A bot that filled the honeypot gets the same
     * answer and nothing is stored or sent.
     */
    async request(
      listingHash: string,
      input: ShowingRequestInput,
    ): Promise<ShowingOutcome<{ message: string; showing: ShowingRequest | null }>> {
      const listing: Listing | undefined = await deps.listings.published(listingHash);
      if (!listing) return refuse(404, T.refusals.notFound);
      if (listing.status !== 'active' && listing.status !== 'pending') {
        return refuse(409, T.errors.notTaking);
      }
      const sent = { message: T.form.sent(input.email), showing: null };
      if (input.website?.trim()) return ok(sent);
      if (linkCount(input.note) > LEAD_MAX_LINKS || linkCount(input.name) > 0) {
        const errors: Record<string, string[]> =
          linkCount(input.name) > 0
            ? { name: [T.errors.name] }
            : { note: [LEAD_SPAM_TEXTS.tooManyLinks] };
        return refuse(422, Object.values(errors)[0]?.[0] ?? T.errors.note, errors);
      }
      const checked = startFrom({ date: input.date, time: input.time }, zoneOf(listing.state));
      if (!checked.ok) {
        return refuse(422, Object.values(checked.errors)[0]?.[0] ?? T.errors.time, checked.errors);
      }
      const showing = await repo.create({
        listingId: listing.id,
        buyerName: input.name,
        buyerEmail: input.email,
        buyerPhone: input.phone,
        start: checked.start,
        durationMinutes: input.duration,
        note: input.note,
      });
      await deps.analytics.count(showing.listingId, 'ShowingRequestedCount');
      const row = await repo.find(showing.hash);
      if (row) {
        await announceRequest(row);
        await deps.webhooks?.emit(
          'showing.requested',
          { propertyId: row.propertyId },
          (property) => ({
            property,
            showing: {
              hash: row.showing.hash,
              start: row.showing.startAt.toISOString(),
              timeZone: zoneOf(row.listing.state),
              status: row.showing.status,
            },
          }),
        );
      }
      return ok({ ...sent, showing });
    },

    /** The requests of the property's public listing(s), for its owners; newest first. */
    async forOwner(ctx: { property: { id: number; state: string } }) {
      const rows = await repo.forProperty(ctx.property.id);
      const events = await repo.events(rows.map((r) => r.showing.id));
      return {
        timeZone: zoneOf(ctx.property.state),
        showings: rows.map((r) => ownerView(r, events.get(r.showing.id) ?? [])),
      };
    },

    /** The seller answers in the dashboard: `respond` narrowed to the opened property. */
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
      const zone = row ? zoneOf(row.listing.state) : 'America/New_York';
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

    async respondAsOwner(
      ctx: { userId: number; property: { id: number } },
      showing: string,
      action: TShowingAction,
      local: Partial<TLocalDateTime>,
    ): Promise<ShowingOutcome<{ message: string; showing: TOwnerShowing }, 404 | 409 | 422>> {
      const proposedStart =
        local.date && local.time ? { date: local.date, time: local.time } : undefined;
      const done = await respond(
        showing,
        action,
        { proposedStart },
        { side: 'seller', userId: ctx.userId, via: 'dashboard' },
        { propertyId: ctx.property.id },
      );
      if (!done.ok) return done;
      const events = await repo.events([done.value.after.id]);
      return ok({
        message: T.done[action],
        showing: ownerView(done.value.row, events.get(done.value.after.id) ?? []),
      });
    },

    /** What a mailed link's page shows; a 410 for a forged, expired or orphaned link. */
    async viewLink(token: string): Promise<ShowingOutcome<TShowingLinkView>> {
      const opened = await openLink(token);
      if (!opened) return refuse(410, T.refusals.badLink);
      const { claims, row } = opened;
      return ok(linkView(row, claims.side, claims.sequence === row.showing.sequence, null));
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
      const proposedStart =
        local.date && local.time ? { date: local.date, time: local.time } : undefined;
      const done = await respond(claims.showing, action, { proposedStart }, actorOf(claims), {
        sequence: claims.sequence,
      });
      if (!done.ok) return done;
      return ok(linkView(done.value.row, claims.side, false, T.done[action]));
    },
  };
}
export type ShowingService = ReturnType<typeof createShowingService>;
