import {
  TEXT_STATES,
  TEXT_STATUS_RANK,
  type TOptOutSource,
  type TTextDirection,
  type TTextKind,
  type TTextState,
  type TTextStatus,
} from '@lantern/contracts';
import { type Db, type TextOptOut, type TextRecord, textOptOuts, texts, users } from '@lantern/db';
import { and, eq, ilike, inArray, like, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

/**
 * A status's rank in SQL (contracts' TEXT_STATUS_RANK): callbacks never move a text back. The
 * words and numbers are our own constants, written into the statement as literals.
 */
const RANK_CASES = sql.raw(
  Object.entries(TEXT_STATUS_RANK)
    .map(([s, r]) => `when '${s.replace(/[^a-z_]/g, '')}' then ${Number(r)}`)
    .join(' '),
);
const rankOf = (status: SQL | typeof texts.status) =>
  sql<number>`(case ${status} ${RANK_CASES} else 0 end)`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface OutboundInput {
  phone: string;
  ourNumber: string | null;
  kind: TTextKind;
  /** Already redacted: no code or PIN in clear. */
  body: string;
  status: TTextStatus;
  userId?: number | null | undefined;
}

export interface InboundInput {
  sid: string;
  phone: string;
  ourNumber: string;
  kind: TTextKind;
  body: string;
  mediaCount: number;
}

export interface OptOutInput {
  phone: string;
  source: TOptOutSource;
  keyword?: string | null;
  textId?: number | null;
  staffUserId?: number | null;
  note?: string | null;
}

export type TextListRow = TextRecord & { userHash: string | null; userEmail: string | null };
export type OptOutListRow = TextOptOut & { staffHash: string | null; staffEmail: string | null };

/** The digits of a search that is a phone number ("(202) 555-0123", "+1 202…"), else null. */
function phoneDigits(search: string): string | null {
  return /^[\d\s().+-]+$/.test(search) && /\d{3}/.test(search) ? search.replace(/\D/g, '') : null;
}

const staff = alias(users, 'staff');

const optOut = (tx: Db | Tx, input: OptOutInput) =>
  tx
    .insert(textOptOuts)
    .values({
      phone: input.phone,
      source: input.source,
      keyword: input.keyword ?? null,
      textId: input.textId ?? null,
      staffUserId: input.staffUserId ?? null,
      note: input.note ?? null,
    })
    .onConflictDoNothing({ target: textOptOuts.phone })
    .returning();

/** Whether a number opted out, and an outbound text's way to the provider. */
function textSends(db: Db) {
  return {
    async isOptedOut(phone: string): Promise<boolean> {
      const [row] = await db
        .select({ id: textOptOuts.id })
        .from(textOptOuts)
        .where(eq(textOptOuts.phone, phone));
      return !!row;
    },

    async addOutbound(input: OutboundInput): Promise<number> {
      const [row] = await db
        .insert(texts)
        .values({
          direction: 'outbound',
          phone: input.phone,
          ourNumber: input.ourNumber,
          kind: input.kind,
          body: input.body,
          status: input.status,
          userId: input.userId ?? null,
        })
        .returning({ id: texts.id });
      if (!row) throw new Error('text not recorded');
      return row.id;
    },

    /**
     * Twilio took the text: its SID, and its status unless a callback (which can arrive before
     * Twilio's answer is back) already moved it further.
     */
    async handedOver(
      id: number,
      given: { sid: string | null; status: TTextStatus; from: string | null },
    ): Promise<void> {
      await db
        .update(texts)
        .set({
          providerSid: sql`coalesce(${texts.providerSid}, ${given.sid})`,
          ourNumber: sql`coalesce(${texts.ourNumber}, ${given.from})`,
          status: sql`case when ${rankOf(texts.status)} < ${TEXT_STATUS_RANK[given.status]} then ${given.status} else ${texts.status} end`,
          updatedAt: sql`now()`,
        })
        .where(eq(texts.id, id));
    },

    /** Twilio refused the text (or could not be reached): failed, with its code and words. */
    async refused(id: number, error: { code: number | null; message: string }): Promise<void> {
      await db
        .update(texts)
        .set({
          status: 'failed',
          errorCode: error.code,
          errorMessage: error.message,
          updatedAt: sql`now()`,
        })
        .where(eq(texts.id, id));
    },
  };
}

/** Status callbacks and inbound texts. */
function textDeliveries(db: Db) {
  return {
    /**
     * A status callback: the outbound text by our id (from the callback URL; its SID must match
     * once known) or by SID. Answers the text's phone, or null when no text matches.
     */
    async applyStatus(update: {
      textId: number | undefined;
      sid: string;
      status: TTextStatus;
      errorCode: number | null;
    }): Promise<{ id: number; phone: string } | null> {
      const moves = sql`${rankOf(texts.status)} < ${TEXT_STATUS_RANK[update.status]}`;
      const [row] = await db
        .update(texts)
        .set({
          providerSid: sql`coalesce(${texts.providerSid}, ${update.sid})`,
          status: sql`case when ${moves} then ${update.status} else ${texts.status} end`,
          errorCode: sql`case when ${moves} then coalesce(${update.errorCode}::integer, ${texts.errorCode}) else ${texts.errorCode} end`,
          updatedAt: sql`case when ${moves} then now() else ${texts.updatedAt} end`,
        })
        .where(
          and(
            eq(texts.direction, 'outbound'),
            update.textId === undefined
              ? eq(texts.providerSid, update.sid)
              : and(
                  eq(texts.id, update.textId),
                  sql`(${texts.providerSid} is null or ${texts.providerSid} = ${update.sid})`,
                ),
          ),
        )
        .returning({ id: texts.id, phone: texts.phone });
      return row ?? null;
    },

    /**
     * An inbound text and what its keyword does, in one transaction: a replay of the same
     * MessageSid adds nothing and changes nothing (`duplicate`).
     */
    async receive(
      input: InboundInput,
      effect: 'opt_out' | 'opt_in' | null,
      keyword: string | null,
    ): Promise<{ id: number; duplicate: false } | { duplicate: true }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(texts)
          .values({
            direction: 'inbound',
            phone: input.phone,
            ourNumber: input.ourNumber,
            kind: input.kind,
            body: input.body,
            status: 'received',
            providerSid: input.sid,
            mediaCount: input.mediaCount,
          })
          .onConflictDoNothing({ target: texts.providerSid })
          .returning({ id: texts.id });
        if (!row) return { duplicate: true as const };
        if (effect === 'opt_out') {
          await optOut(tx, { phone: input.phone, source: 'keyword', keyword, textId: row.id });
        } else if (effect === 'opt_in') {
          await tx.delete(textOptOuts).where(eq(textOptOuts.phone, input.phone));
        }
        return { id: row.id, duplicate: false as const };
      });
    },
  };
}

/** Opt-outs: recording, reading, removing and paging them. */
function textOptOutList(db: Db) {
  return {
    /** Opt a number out; null when it already was (the first opt-out is kept). */
    async optOut(input: OptOutInput): Promise<TextOptOut | null> {
      const [row] = await optOut(db, input);
      return row ?? null;
    },

    async optOutById(id: number): Promise<TextOptOut | undefined> {
      const [row] = await db.select().from(textOptOuts).where(eq(textOptOuts.id, id));
      return row;
    },

    async removeOptOut(id: number): Promise<boolean> {
      const gone = await db
        .delete(textOptOuts)
        .where(eq(textOptOuts.id, id))
        .returning({ id: textOptOuts.id });
      return gone.length > 0;
    },

    /** Opted-out numbers, newest first by default, by how they opted out, searched by number. */
    async optOutsPage(q: {
      source: TOptOutSource | 'all';
      search?: string | undefined;
      dir: 'asc' | 'desc';
      limit: number;
      cursor?: string | undefined;
    }) {
      const sort: KeysetSort = { expr: textOptOuts.id, type: 'bigint', dir: q.dir };
      const digits = q.search ? (phoneDigits(q.search) ?? '') : null;
      const rows = await db
        .select({
          optOut: textOptOuts,
          staffHash: staff.hash,
          staffEmail: staff.email,
          sortKey: sortText(sort),
          keyId: textOptOuts.id,
        })
        .from(textOptOuts)
        .leftJoin(staff, eq(staff.id, textOptOuts.staffUserId))
        .where(
          and(
            q.source === 'all' ? undefined : eq(textOptOuts.source, q.source),
            digits === null
              ? undefined
              : digits
                ? like(textOptOuts.phone, `%${digits}%`)
                : ilike(textOptOuts.note, `%${escapeLike(q.search ?? '')}%`),
            afterCursor(sort, textOptOuts.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, textOptOuts.id))
        .limit(q.limit + 1);
      const page = toPage(rows, q.limit);
      return {
        rows: page.rows.map(
          (r): OptOutListRow => ({ ...r.optOut, staffHash: r.staffHash, staffEmail: r.staffEmail }),
        ),
        nextCursor: page.nextCursor,
      };
    },
  };
}

/** Staff's page of texts. */
function textPages(db: Db) {
  return {
    /** Texts, newest first by default, by direction and state, searched by number or words. */
    async page(q: {
      direction: TTextDirection | 'all';
      state: TTextState | 'all';
      search?: string | undefined;
      dir: 'asc' | 'desc';
      limit: number;
      cursor?: string | undefined;
    }) {
      const sort: KeysetSort = { expr: texts.id, type: 'bigint', dir: q.dir };
      const digits = q.search ? phoneDigits(q.search) : null;
      const search = q.search
        ? digits
          ? like(texts.phone, `%${digits}%`)
          : ilike(texts.body, `%${escapeLike(q.search)}%`)
        : undefined;
      const rows = await db
        .select({
          text: texts,
          userHash: users.hash,
          userEmail: users.email,
          sortKey: sortText(sort),
          keyId: texts.id,
        })
        .from(texts)
        .leftJoin(users, eq(users.id, texts.userId))
        .where(
          and(
            q.direction === 'all' ? undefined : eq(texts.direction, q.direction),
            q.state === 'all'
              ? undefined
              : inArray(texts.status, [...TEXT_STATES[q.state].statuses]),
            search,
            afterCursor(sort, texts.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, texts.id))
        .limit(q.limit + 1);
      const page = toPage(rows, q.limit);
      return {
        rows: page.rows.map(
          (r): TextListRow => ({ ...r.text, userHash: r.userHash, userEmail: r.userEmail }),
        ),
        nextCursor: page.nextCursor,
      };
    },
  };
}

/**
 * Every text sent and received, and the numbers that opted out (issue 20;
 * docs/decisions/030-texts.md). The rules (when to send, what a keyword does) are in
 * services/texts.
 */
export function createTextRepository(db: Db) {
  return { ...textSends(db), ...textDeliveries(db), ...textOptOutList(db), ...textPages(db) };
}
export type TextRepository = ReturnType<typeof createTextRepository>;
