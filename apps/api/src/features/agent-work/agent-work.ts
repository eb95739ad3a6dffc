import {
  AGENT_HOURLY_RATE_CENTS,
  formatListingDay,
  formatMinutes,
  hoursAmountCents,
  MESSAGES,
  OFFER_MOVES,
  OFFER_STATUS_LABELS,
  offerStatusAt,
  streetAddressUnit,
  AGENT_WORK_TEXTS as T,
  type TAgentHour,
  type TAgentHours,
  type TAgentListing,
  type TAgentProperty,
  type TLogHoursRequest,
  type TMoveOfferRequest,
  type TOffer,
  type TOfferStatus,
  type TRecordOfferRequest,
} from '@lantern/contracts';
import {
  dashboardHref,
  formatCents,
  formatShowingTime,
  invoiceNumber,
  isSellingRole,
  localDateTime,
  ROLE_LABELS,
} from '@lantern/domain';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import type { CrmSync } from '../crm/crm-sync.ts';
import type { OutgoingMail } from '../mail/index.ts';
import {
  agentHoursLogged,
  agentOfferRecorded,
  type BrandData,
  type MailContent,
} from '../mail/templates.ts';
import type { Outcome } from '../staff/outcome.ts';
import type {
  AgentHourRow,
  AgentPropertyRef,
  AgentWorkRepository,
  OfferRow,
} from './agent-work.repository.ts';

type Refusal = Extract<Outcome<never>, { ok: false }>;

/** A refusal in words; a 422 names its field, as every form error does. */
const refuse = (status: 404 | 409 | 422, message: string, field?: string): Refusal => ({
  ok: false,
  status,
  message,
  ...(field ? { errors: { [field]: [message] } } : {}),
});

export const addressOf = (
  p: Pick<AgentPropertyRef, 'street' | 'unit' | 'city' | 'state' | 'zip'>,
) => `${streetAddressUnit(p.street, p.unit)}, ${p.city}, ${p.state} ${p.zip}`;

export function hourView(r: AgentHourRow): TAgentHour {
  return {
    hash: r.hash,
    day: r.workDay,
    minutes: r.minutes,
    note: r.note,
    agent: r.agentName || r.agentEmail || 'Former agent',
    amountCents: hoursAmountCents(r.minutes),
    invoice: r.invoiceNumber === null ? null : invoiceNumber(r.invoiceNumber),
    createdAt: r.createdAt.toISOString(),
  };
}

export function hoursSummary(rows: AgentHourRow[]): TAgentHours {
  const unbilled = rows.filter((r) => r.invoiceNumber === null);
  return {
    entries: rows.map(hourView),
    rateCents: AGENT_HOURLY_RATE_CENTS,
    unbilledMinutes: unbilled.reduce((n, r) => n + r.minutes, 0),
    unbilledCents: unbilled.reduce((n, r) => n + hoursAmountCents(r.minutes), 0),
  };
}

export function offerView(r: OfferRow, now: Date): TOffer {
  return {
    hash: r.hash,
    priceCents: r.priceCents,
    buyerAgent: r.buyerAgent,
    expiresAt: r.expiresAt.toISOString(),
    status: offerStatusAt(r.status, r.expiresAt, now),
    note: r.note,
    recordedBy: r.recordedByName || r.recordedByEmail || 'Former agent',
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * The rule for moving an offer (decision 050), on the offer as it is under its row lock: only an
 * open offer moves, along OFFER_MOVES; one past its expiry has expired (and is stored so); a
 * counter may set a new expiry, which must be in the future.
 */
export function decideOfferMove(
  offer: { status: TOfferStatus; expiresAt: Date; note: string },
  body: TMoveOfferRequest,
  now: Date,
): { ok: true; set: { status: TOfferStatus; expiresAt: Date; note: string } } | Refusal {
  const current = offerStatusAt(offer.status, offer.expiresAt, now);
  if (OFFER_MOVES[current].length === 0)
    return refuse(409, T.offerFinal(OFFER_STATUS_LABELS[current]));
  if (!OFFER_MOVES[current].includes(body.status))
    return refuse(
      409,
      T.offerMove(OFFER_STATUS_LABELS[current], OFFER_STATUS_LABELS[body.status]),
      'status',
    );
  let expiresAt = offer.expiresAt;
  if (body.expiresAt !== undefined) {
    if (body.status !== 'countered') return refuse(422, T.expires, 'expiresAt');
    expiresAt = new Date(body.expiresAt);
    if (expiresAt.getTime() <= now.getTime()) return refuse(422, T.expiresPast, 'expiresAt');
  }
  return {
    ok: true,
    set: { status: body.status, expiresAt, note: body.note ?? offer.note },
  };
}

/**
 * The agent's property pages (issue 24; docs/decisions/050). Every call starts from the property
 * the repository found assigned to this agent; an unassigned one never reaches here (404).
 */
export interface AgentWorkDeps {
  repo: AgentWorkRepository;
  /** The outbox: the customer hears of hours and offers the agent records (decision 066). */
  mail: (mail: OutgoingMail) => Promise<unknown>;
  brand: BrandData;
  /** A mail that cannot be queued is logged; what the agent recorded stays recorded. */
  log: { error: (obj: object, msg: string) => void };
  /** Billed hours change what the order's deal is worth. */
  crm: Pick<CrmSync, 'orderChanged'>;
  now?: () => Date;
}

const nowOf = (deps: AgentWorkDeps) => (deps.now ?? (() => new Date()))();
const pageUrl = (deps: AgentWorkDeps, page: 'seller-agent' | 'buyer-agent', property: string) =>
  `${deps.brand.publicUrl}${dashboardHref(page, property)}`;

/** After the change is saved: a failure to queue the mail never undoes it. */
async function tell(deps: AgentWorkDeps, to: readonly string[], mail: MailContent) {
  try {
    for (const address of new Set(to)) await deps.mail({ to: address, ...mail });
  } catch (err) {
    deps.log.error({ err }, 'agent work notification failed');
  }
}

async function listingsOf(repo: AgentWorkRepository, propertyId: number): Promise<TAgentListing[]> {
  const { mls, fsbo } = await repo.listingsOf(propertyId);
  return [
    ...mls.map((m) => ({
      source: 'mls' as const,
      status: m.status,
      priceCents:
        m.price !== null
          ? m.price * 100
          : typeof m.fieldsPrice === 'number'
            ? Math.round(m.fieldsPrice * 100)
            : null,
      publicPath: m.slug && m.publishedAt ? `/listings/${encodeURIComponent(m.slug)}` : null,
      mlsNumber: m.mlsNumber,
    })),
    ...fsbo.map((f) => ({
      source: 'fsbo' as const,
      status: f.listingStatus ?? (f.publishedAt ? 'published' : 'draft'),
      priceCents: f.price !== null ? f.price * 100 : null,
      publicPath: f.slug && f.listedAt ? `/listings/${encodeURIComponent(f.slug)}` : null,
      mlsNumber: null,
    })),
  ];
}

/** The property as the agent reads it: customers, orders, listings, the hourly order. */
function agentDetail(deps: AgentWorkDeps) {
  const { repo } = deps;
  return {
    async detail(property: AgentPropertyRef): Promise<TAgentProperty> {
      const [customers, orders, listings, hourly] = await Promise.all([
        repo.customersOf([property.hash]),
        repo.representationOrders(property.id),
        listingsOf(repo, property.id),
        repo.hourlyOrder(property.id),
      ]);
      return {
        hash: property.hash,
        address: addressOf(property),
        customers: customers.map((c) => ({
          name: c.name || c.email,
          email: c.email,
          role: c.role,
          roleLabel: ROLE_LABELS[c.role],
        })),
        orders: orders.map((o) => ({
          hash: o.hash,
          product: o.product,
          slug: o.slug,
          status: o.status,
        })),
        listings,
        hourly: hourly
          ? { order: hourly.hash, product: hourly.product, rateCents: AGENT_HOURLY_RATE_CENTS }
          : null,
      };
    },
  };
}

/** Hours on the hourly representation order: read, logged, removed. */
function agentHours(deps: AgentWorkDeps) {
  const { repo } = deps;
  const now = () => nowOf(deps);
  return {
    async hours(property: { id: number }): Promise<TAgentHours> {
      return hoursSummary(await repo.hours(property.id));
    },

    /**
     * Log time on the property's hourly representation order. The day is a calendar day of the
     * property's zone, today or earlier.
     */
    async logHours(
      property: AgentPropertyRef,
      agentId: number,
      body: TLogHoursRequest,
    ): Promise<Outcome<TAgentHours>> {
      const order = await repo.hourlyOrder(property.id);
      if (!order) return refuse(409, T.notHourly);
      const today = localDateTime(now(), timeZoneOfState(property.state)).date;
      const parsed = new Date(`${body.day}T00:00:00Z`);
      if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== body.day)
        return refuse(422, T.day, 'day');
      if (body.day > today) return refuse(422, T.dayFuture, 'day');
      const hash = await repo.logHours({
        propertyId: property.id,
        orderId: order.id,
        agentId,
        workDay: body.day,
        minutes: body.minutes,
        note: body.note,
      });
      const summary = hoursSummary(await repo.hours(property.id));
      const entry = summary.entries.find((e) => e.hash === hash);
      if (entry)
        await tell(
          deps,
          [order.customerEmail],
          agentHoursLogged(deps.brand, {
            street: streetAddressUnit(property.street, property.unit),
            agent: entry.agent,
            day: formatListingDay(entry.day),
            time: formatMinutes(entry.minutes),
            note: entry.note,
            amount: formatCents(entry.amountCents),
            unbilled: formatCents(summary.unbilledCents),
            pageUrl: pageUrl(
              deps,
              order.slug === 'buyer-hourly-representation' ? 'buyer-agent' : 'seller-agent',
              property.hash,
            ),
          }),
        );
      return { ok: true, value: summary };
    },

    async removeHours(
      property: AgentPropertyRef,
      agentId: number,
      hash: string,
    ): Promise<Outcome<TAgentHours>> {
      const done = await repo.removeHours(property.id, hash, agentId);
      if (done === 'not_found') return refuse(404, MESSAGES.notFound);
      if (done === 'billed') return refuse(409, T.billed);
      if (done === 'not_yours') return refuse(409, T.notYours);
      return { ok: true, value: await this.hours(property) };
    },
  };
}

/** Offers the agent records and moves (decision 066). */
function agentOffers(deps: AgentWorkDeps) {
  const { repo } = deps;
  const now = () => nowOf(deps);
  return {
    async offers(property: { id: number }): Promise<TOffer[]> {
      const at = now();
      return (await repo.offers(property.id)).map((o) => offerView(o, at));
    },

    async recordOffer(
      property: AgentPropertyRef,
      agentId: number,
      body: TRecordOfferRequest,
    ): Promise<Outcome<TOffer>> {
      const expiresAt = new Date(body.expiresAt);
      if (expiresAt.getTime() <= now().getTime()) return refuse(422, T.expiresPast, 'expiresAt');
      const hash = await repo.recordOffer({
        propertyId: property.id,
        recordedBy: agentId,
        priceCents: body.priceCents,
        buyerAgent: body.buyerAgent,
        expiresAt,
        note: body.note ?? '',
      });
      const row = await repo.offer(property.id, hash);
      if (!row) throw new Error('offer vanished');
      const offer = offerView(row, now());
      // Offers are made to the selling side; a buyer of the same home is not told (decision 066).
      const sellers = (await repo.customersOf([property.hash])).filter((c) =>
        isSellingRole(c.role),
      );
      await tell(
        deps,
        sellers.map((c) => c.email),
        agentOfferRecorded(deps.brand, {
          street: streetAddressUnit(property.street, property.unit),
          agent: offer.recordedBy,
          price: formatCents(offer.priceCents),
          buyerAgent: offer.buyerAgent,
          expires: formatShowingTime(offer.expiresAt, timeZoneOfState(property.state)),
          note: offer.note,
          pageUrl: pageUrl(deps, 'seller-agent', property.hash),
        }),
      );
      return { ok: true, value: offer };
    },

    async moveOffer(
      property: AgentPropertyRef,
      hash: string,
      body: TMoveOfferRequest,
    ): Promise<Outcome<{ before: TOfferStatus; offer: TOffer }>> {
      const at = now();
      const done = await repo.moveOffer(property.id, hash, (o) => decideOfferMove(o, body, at));
      if (!done) return refuse(404, MESSAGES.notFound);
      if (!done.ok) return done;
      const row = await repo.offer(property.id, hash);
      if (!row) throw new Error('offer vanished');
      return {
        ok: true,
        value: {
          before: offerStatusAt(done.before.status, done.before.expiresAt, at),
          offer: offerView(row, at),
        },
      };
    },
  };
}

/** Billing an hourly order's hours (decision 050). */
function agentBilling(deps: AgentWorkDeps) {
  const { repo } = deps;
  const now = () => nowOf(deps);
  return {
    /** What billing an hourly order would invoice now: its unbilled entries, minutes and cents. */
    async unbilled(orderHash: string) {
      const entries = await repo.unbilledOf(orderHash);
      if (!entries) return undefined;
      return {
        entries: entries.length,
        minutes: entries.reduce((sum, e) => sum + e.minutes, 0),
        // Priced per entry, as the invoice's lines are (hoursAmountCents rounds each line).
        cents: entries.reduce((sum, e) => sum + hoursAmountCents(e.minutes), 0),
      };
    },

    /** Staff bill an hourly order's unbilled hours into one invoice (decision 050). */
    async billHours(orderHash: string) {
      const done = await repo.billHours(orderHash, now());
      if (done.ok) {
        await deps.crm.orderChanged(done.orderId);
        return done;
      }
      switch (done.refusal) {
        case 'not_found':
          return refuse(404, MESSAGES.notFound);
        case 'not_hourly':
          return refuse(409, T.billNotHourly);
        case 'cancelled':
          return refuse(409, T.billCancelled);
        default:
          return refuse(409, T.nothingToBill);
      }
    },
  };
}

export function createAgentWorkService(deps: AgentWorkDeps) {
  return {
    ...agentDetail(deps),
    ...agentHours(deps),
    ...agentOffers(deps),
    ...agentBilling(deps),
  };
}
export type AgentWorkService = ReturnType<typeof createAgentWorkService>;
