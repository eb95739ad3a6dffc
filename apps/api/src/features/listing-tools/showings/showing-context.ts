import {
  emailedLink,
  LISTING_TOOLS_PAGES,
  listingPagePath,
  SHOWING_LINK_PAGE,
} from '@lantern/contracts';
import type { ShowingRequest } from '@lantern/db';
import {
  SHOWING_TEXTS,
  SHOWINGS_TAB,
  showingTimeProblem,
  showingTurn,
  type TLocalDateTime,
  type TShowingSide,
  type TShowingState,
  zonedInstant,
} from '@lantern/domain';
import { timeZoneOfState } from '../../../lib/time-zones.ts';
import type { MailAttachment, OutgoingMail } from '../../mail/index.ts';
import { MAIL_JOB } from '../../mail/outbox.ts';
import type { ShowingRow } from '../showings.repository.ts';
import { type IcsMethod, writeIcs } from './ics.ts';
import { createShowingLinkToken } from './link-tokens.ts';
import type { ShowingOutcome, ShowingServiceDeps } from './showing-types.ts';

const T = SHOWING_TEXTS;

export const ok = <V>(value: V): { ok: true; value: V } => ({ ok: true, value });
export const refuse = <S extends 404 | 409 | 410 | 422>(
  status: S,
  message: string,
  errors?: Record<string, string[]>,
): ShowingOutcome<never, S> => ({ ok: false, status, message, ...(errors ? { errors } : {}) });

export const stateOf = (s: Pick<ShowingRequest, 'status' | 'proposedStart'>): TShowingState => ({
  status: s.status,
  proposed: s.proposedStart !== null,
});

export const endOf = (s: Pick<ShowingRequest, 'startAt' | 'durationMinutes'>) =>
  new Date(s.startAt.getTime() + s.durationMinutes * 60_000);

/** The address inside a From header (`"Lantern" <no-reply@…>` → `no-reply@…`). */
export function fromAddress(from: string): string {
  return /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();
}

/** Why `side` may not take `action` now, in words. */
export function refusalFor(state: TShowingState, side: TShowingSide): string {
  if (state.status === 'Denied' || state.status === 'Cancelled') {
    return T.refusals.final(state.status === 'Denied' ? 'declined' : 'cancelled');
  }
  const turn = showingTurn(state);
  return turn && turn !== side ? T.refusals.notYourTurn : T.refusals.notAllowed;
}

/** What every part of the showing service shares: the deps, the clock, links and the outbox. */
export function showingContext(deps: ShowingServiceDeps) {
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

  const send = (mail: OutgoingMail) => deps.jobs.enqueue(MAIL_JOB, mail);

  return {
    deps,
    repo,
    brand,
    now,
    zoneOf,
    host,
    listingUrl,
    dashboardUrl,
    linkUrl,
    address,
    startFrom,
    send,
  };
}
export type ShowingContext = ReturnType<typeof showingContext>;

/** The calendar file mailed with a confirmation or a cancellation. */
export function showingCalendar(
  ctx: ShowingContext,
  row: ShowingRow,
  s: ShowingRequest,
  method: IcsMethod,
): MailAttachment {
  const { brand } = ctx;
  const l = row.listing;
  const url = ctx.listingUrl(l);
  const ics = writeIcs({
    method,
    prodId: `-//${brand.siteName}//Showings//EN`,
    uid: `showing-${s.hash}@${ctx.host}`,
    sequence: s.sequence,
    stamp: ctx.now(),
    start: s.startAt,
    end: endOf(s),
    summary: `Showing of ${l.streetAddress}`,
    location: ctx.address(l),
    description: `A showing of ${ctx.address(l)}, arranged through ${brand.siteName}. To cancel, use the link in the email this came with.`,
    ...(url ? { url } : {}),
    organizer: { name: brand.siteName, email: fromAddress(ctx.deps.mailFrom) },
  });
  return {
    filename: method === 'CANCEL' ? 'showing-cancelled.ics' : 'showing.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
  };
}
