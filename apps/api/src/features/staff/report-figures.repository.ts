import { type TOrderStatus, TRIP_CHARGE_REPORT_ROW } from '@lantern/contracts';
import {
  type Db,
  invoiceLines,
  invoices,
  listingEvents,
  mlsBoards,
  orders,
  payments,
  products,
  refunds,
} from '@lantern/db';
import { REPORT_EVENT_KINDS, type TReportEventKind } from '@lantern/domain';
import { type SQL, sql } from 'drizzle-orm';
import { orderOfInvoice } from '../payments/invoice-join.repository.ts';

/** The months a report covers: first day of `from`'s month up to (not including) `until`'s. */
/** The row an invoice's money counts in: its order's product, or trip charges (decision 046). */
const lineSlug = sql`case when ${invoices.kind} = 'trip_charge' then ${TRIP_CHARGE_REPORT_ROW.slug} else ${products.slug} end`;
const lineName = sql`case when ${invoices.kind} = 'trip_charge' then ${TRIP_CHARGE_REPORT_ROW.name} else ${products.name} end`;

export interface MonthSpan {
  /** `YYYY-MM-01`, the first day of the first month. */
  fromDay: string;
  /** `YYYY-MM-01`, the first day of the month after the last. */
  untilDay: string;
  /** IANA zone whose calendar decides which month an instant falls in. */
  zone: string;
}

/** The days a report covers: `fromDay` up to (not including) `untilDay`, in `zone`. */
export interface DaySpan {
  /** `YYYY-MM-DD`, the first day. */
  fromDay: string;
  /** `YYYY-MM-DD`, the day after the last. */
  untilDay: string;
  /** IANA zone whose calendar decides which day an instant falls in. */
  zone: string;
}

/** Listing events of one kind on one day for one board (slug null: no MLS confirmed yet). */
export interface ListingEventCountRow {
  day: string;
  slug: string | null;
  name: string | null;
  shortName: string | null;
  kind: TReportEventKind;
  events: number;
}

export interface ProductMonthRow {
  month: string;
  slug: string;
  name: string;
}
export interface InvoicedRow extends ProductMonthRow {
  invoices: number;
  invoicedCents: number;
  taxCents: number;
  depositCents: number;
}
export interface MoneyRow extends ProductMonthRow {
  cents: number;
}
export interface OrderCountRow extends ProductMonthRow {
  status: TOrderStatus;
  orders: number;
}

/** PGlite answers `rows`; node-postgres through drizzle too, older drivers an array. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/**
 * The sums behind Admin → Reports (issue 20; docs/decisions/029-reports.md), each grouped by
 * calendar month in the business time zone and product. Money is summed as bigint and read back
 * as a number: integer cents stay exact far beyond any revenue we will see.
 */
export function createReportFiguresRepository(db: Db) {
  /** Midnight at the start of a day in the zone, as a timestamptz: instants compare with it. */
  const startOf = (day: string, zone: string) => sql`(${day}::timestamp at time zone ${zone})`;
  const monthOf = (instant: SQL, zone: string) =>
    sql`to_char(${instant} at time zone ${zone}, 'YYYY-MM')`;
  const within = (instant: SQL, s: MonthSpan | DaySpan) =>
    sql`${instant} >= ${startOf(s.fromDay, s.zone)} and ${instant} < ${startOf(s.untilDay, s.zone)}`;

  return {
    /** Invoices issued in each month (void ones left out), with their tax and deposits. */
    async invoiced(s: MonthSpan): Promise<InvoicedRow[]> {
      const issued = sql`${invoices.issuedAt}`;
      const result = await db.execute(sql`
        select ${monthOf(issued, s.zone)} as month, ${lineSlug} as slug, ${lineName} as name,
          count(*)::int as invoices,
          coalesce(sum(${invoices.totalCents}), 0)::bigint as invoiced_cents,
          coalesce(sum(${invoices.taxCents}), 0)::bigint as tax_cents,
          coalesce(sum((select coalesce(sum(${invoiceLines.amountCents}), 0)
            from ${invoiceLines}
            where ${invoiceLines.invoiceId} = ${invoices.id} and not ${invoiceLines.taxable})), 0)::bigint
            as deposit_cents
        from ${invoices}
        join ${orders} on ${orderOfInvoice}
        join ${products} on ${products.id} = ${orders.productId}
        where ${invoices.status} <> 'void' and ${within(issued, s)}
        group by 1, 2, 3`);
      return rowsOf<{
        month: string;
        slug: string;
        name: string;
        invoices: number;
        invoiced_cents: string | number;
        tax_cents: string | number;
        deposit_cents: string | number;
      }>(result).map((r) => ({
        month: r.month,
        slug: r.slug,
        name: r.name,
        invoices: Number(r.invoices),
        invoicedCents: Number(r.invoiced_cents),
        taxCents: Number(r.tax_cents),
        depositCents: Number(r.deposit_cents),
      }));
    },

    /**
     * Money received in each month. A payment staff record counts on the day they give
     * (`received_on`, a check's date of receipt); a card payment, which has no such date of its
     * own, on its moment of recording in the zone.
     */
    async received(s: MonthSpan): Promise<MoneyRow[]> {
      const result = await db.execute(sql`
        select to_char(day, 'YYYY-MM') as month, slug, name, coalesce(sum(cents), 0)::bigint as cents
        from (
          select case when ${payments.method} = 'card'
              then (${payments.createdAt} at time zone ${s.zone})::date
              else ${payments.receivedOn} end as day,
            ${lineSlug} as slug, ${lineName} as name, ${payments.amountCents} as cents
          from ${payments}
          join ${invoices} on ${invoices.id} = ${payments.invoiceId}
          join ${orders} on ${orderOfInvoice}
          join ${products} on ${products.id} = ${orders.productId}
        ) received
        where day >= ${s.fromDay}::date and day < ${s.untilDay}::date
        group by 1, 2, 3`);
      return money(result);
    },

    /** Money given back in each month, by when the refund was made. */
    async refunded(s: MonthSpan): Promise<MoneyRow[]> {
      const made = sql`${refunds.createdAt}`;
      const result = await db.execute(sql`
        select ${monthOf(made, s.zone)} as month, ${lineSlug} as slug, ${lineName} as name,
          coalesce(sum(${refunds.amountCents}), 0)::bigint as cents
        from ${refunds}
        join ${invoices} on ${invoices.id} = ${refunds.invoiceId}
        join ${orders} on ${orderOfInvoice}
        join ${products} on ${products.id} = ${orders.productId}
        where ${within(made, s)}
        group by 1, 2, 3`);
      return money(result);
    },

    /** Orders placed in each month, by the status each has now. */
    async orderCounts(s: MonthSpan): Promise<OrderCountRow[]> {
      const placed = sql`${orders.createdAt}`;
      const result = await db.execute(sql`
        select ${monthOf(placed, s.zone)} as month, ${products.slug} as slug, ${products.name} as name,
          ${orders.status} as status, count(*)::int as orders
        from ${orders}
        join ${products} on ${products.id} = ${orders.productId}
        where ${within(placed, s)}
        group by 1, 2, 3, 4`);
      return rowsOf<{
        month: string;
        slug: string;
        name: string;
        status: TOrderStatus;
        orders: number;
      }>(result).map((r) => ({ ...r, orders: Number(r.orders) }));
    },

    /**
     * Listing submissions and staff decisions on each day, by the MLS each concerned at that
     * moment (the event's own board, not the listing's board now).
     */
    async listingEventCounts(s: DaySpan): Promise<ListingEventCountRow[]> {
      const at = sql`${listingEvents.createdAt}`;
      const result = await db.execute(sql`
        select to_char(${at} at time zone ${s.zone}, 'YYYY-MM-DD') as day,
          ${mlsBoards.slug} as slug, ${mlsBoards.name} as name, ${mlsBoards.shortName} as short_name,
          ${listingEvents.kind} as kind, count(*)::int as events
        from ${listingEvents}
        left join ${mlsBoards} on ${mlsBoards.id} = ${listingEvents.boardId}
        where ${within(at, s)}
          and ${listingEvents.kind} in (${sql.join(
            REPORT_EVENT_KINDS.map((k) => sql`${k}`),
            sql`, `,
          )})
        group by 1, 2, 3, 4, 5`);
      return rowsOf<{
        day: string;
        slug: string | null;
        name: string | null;
        short_name: string | null;
        kind: TReportEventKind;
        events: number;
      }>(result).map((r) => ({
        day: r.day,
        slug: r.slug,
        name: r.name,
        shortName: r.short_name,
        kind: r.kind,
        events: Number(r.events),
      }));
    },
  };
}

function money(result: unknown): MoneyRow[] {
  return rowsOf<{ month: string; slug: string; name: string; cents: string | number }>(result).map(
    (r) => ({ month: r.month, slug: r.slug, name: r.name, cents: Number(r.cents) }),
  );
}

export type ReportFiguresRepository = ReturnType<typeof createReportFiguresRepository>;
