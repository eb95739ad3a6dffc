import { SHOWING_SMS } from '@lantern/contracts';
import type { ShowingRequest } from '@lantern/db';
import { formatShowingTime, type TShowingAction } from '@lantern/domain';
import {
  showingCancelled,
  showingConfirmed,
  showingDeclined,
  showingProposed,
  showingRequested,
} from '../../mail/templates.ts';
import type { ShowingRow } from '../showings.repository.ts';
import { type ShowingContext, showingCalendar } from './showing-context.ts';
import type { ShowingActor } from './showing-types.ts';

/** Tell the owners of a new request: each gets a link of their own. */
export async function announceRequest(ctx: ShowingContext, row: ShowingRow) {
  const { deps } = ctx;
  const s = row.showing;
  const zone = ctx.zoneOf(row.listing.state);
  for (const owner of await ctx.repo.owners(row.propertyId)) {
    const mail = showingRequested(ctx.brand, {
      street: row.listing.streetAddress,
      buyerName: s.buyerName,
      when: formatShowingTime(s.startAt, zone),
      minutes: s.durationMinutes,
      note: s.note,
      answerUrl: ctx.linkUrl(s, 'seller', owner.id),
      dashboardUrl: ctx.dashboardUrl(row),
    });
    await ctx.send({ to: owner.email, ...mail });
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

/** What every change mail needs: the request, its zone, its owners and the buyer's link. */
interface ChangeMail {
  row: ShowingRow;
  before: ShowingRequest;
  after: ShowingRequest;
  zone: string;
  owners: Awaited<ReturnType<ShowingContext['repo']['owners']>>;
  buyerLink: string;
}

async function mailConfirmed(ctx: ShowingContext, m: ChangeMail) {
  const { row, after, owners } = m;
  const when = formatShowingTime(after.startAt, m.zone);
  const ics = showingCalendar(ctx, row, after, 'PUBLISH');
  const common = {
    street: row.listing.streetAddress,
    when,
    minutes: after.durationMinutes,
    buyerName: after.buyerName,
    buyerPhone: after.buyerPhone,
  };
  await ctx.send({
    to: after.buyerEmail,
    ...showingConfirmed(ctx.brand, { ...common, to: 'buyer', manageUrl: m.buyerLink }),
    attachments: [ics],
  });
  for (const owner of owners) {
    await ctx.send({
      to: owner.email,
      ...showingConfirmed(ctx.brand, {
        ...common,
        to: 'seller',
        manageUrl: ctx.linkUrl(after, 'seller', owner.id),
      }),
      attachments: [ics],
    });
  }
}

async function mailCancelled(ctx: ShowingContext, m: ChangeMail, actor: ShowingActor) {
  const { row, before, after, owners } = m;
  const l = row.listing;
  const wasConfirmed = before.status === 'Confirmed';
  const ics = wasConfirmed ? [showingCalendar(ctx, row, after, 'CANCEL')] : [];
  const common = {
    street: l.streetAddress,
    when: formatShowingTime(after.startAt, m.zone),
    by: actor.side,
    buyerName: after.buyerName,
    calendar: wasConfirmed,
  };
  // The buyer hears of it unless they withdrew a request nobody had confirmed.
  if (wasConfirmed || actor.side === 'seller') {
    await ctx.send({
      to: after.buyerEmail,
      ...showingCancelled(ctx.brand, {
        ...common,
        to: 'buyer',
        url: ctx.listingUrl(l) ?? m.buyerLink,
      }),
      attachments: ics,
    });
  }
  for (const owner of owners) {
    await ctx.send({
      to: owner.email,
      ...showingCancelled(ctx.brand, { ...common, to: 'seller', url: ctx.dashboardUrl(row) }),
      attachments: ics,
    });
  }
}

/** Mail what a change did, after it committed. */
export async function announceChange(
  ctx: ShowingContext,
  row: ShowingRow,
  before: ShowingRequest,
  after: ShowingRequest,
  action: TShowingAction,
  actor: ShowingActor,
) {
  const l = row.listing;
  const zone = ctx.zoneOf(l.state);
  const street = l.streetAddress;
  const owners = await ctx.repo.owners(row.propertyId);
  const buyerLink = ctx.linkUrl(after, 'buyer', null);
  const m: ChangeMail = { row, before, after, zone, owners, buyerLink };
  switch (action) {
    case 'confirm':
      return mailConfirmed(ctx, m);
    case 'propose':
      await ctx.send({
        to: after.buyerEmail,
        ...showingProposed(ctx.brand, {
          street,
          asked: formatShowingTime(after.startAt, zone),
          proposed: formatShowingTime(after.proposedStart ?? after.startAt, zone),
          answerUrl: buyerLink,
        }),
      });
      return;
    case 'decline':
      await ctx.send({
        to: after.buyerEmail,
        ...showingDeclined(ctx.brand, {
          street,
          when: formatShowingTime(before.startAt, zone),
          listingUrl: ctx.listingUrl(l) ?? buyerLink,
        }),
      });
      return;
    case 'cancel':
      return mailCancelled(ctx, m, actor);
  }
}
