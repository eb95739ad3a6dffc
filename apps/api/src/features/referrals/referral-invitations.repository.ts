import {
  type Db,
  invoices,
  isUniqueViolation,
  newHash,
  orders,
  propertyParticipants,
  type ReferralInvitation,
  referralInvitations,
  referrals,
  users,
} from '@lantern/db';
import { and, eq, gt, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';
import { tokenDigest } from '../participants/participants.repository.ts';

const ri = referralInvitations;

/**
 * The linked customer's steps, each the first time it happened (docs/decisions/051): a property
 * they take part in, an order they placed, an invoice billed to them that was paid.
 */
const progressColumns = {
  propertyAdded: sql<Date | null>`(select min(pp.created_at) from ${propertyParticipants} pp where pp.user_id = ${ri.customerId})`,
  ordered: sql<Date | null>`(select min(o.created_at) from ${orders} o where o.user_id = ${ri.customerId})`,
  paid: sql<Date | null>`(select min(i.paid_at) from ${invoices} i where i.user_id = ${ri.customerId})`,
};

/** Who referred a customer: by an invitation taken up, or a referral staff recorded (035). */
const referrerIdsOf = (customerId: SQL | number) =>
  sql<
    number[]
  >`array(select x.referrer_id from ${ri} x where x.customer_id = ${customerId} union select r.referrer_id from ${referrals} r where r.customer_id = ${customerId})`;

/** Invitations with their linked customer's progress. */
function invitationQueries(db: Db) {
  const rows = <E extends Record<string, SQL | typeof ri.id>>(extra: E = {} as E) =>
    db
      .select({ invitation: ri, ...progressColumns, ...extra })
      .from(ri)
      .$dynamic();

  return { rows };
}

/** A referrer's invitations and the people they name. */
function invitationReads(db: Db) {
  const { rows } = invitationQueries(db);
  return {
    async page(
      referrerId: number,
      q: {
        state: 'all' | 'waiting' | 'expired' | 'linked';
        search?: string | undefined;
        dir: 'asc' | 'desc';
        limit: number;
        cursor?: string | undefined;
      },
      now: Date,
    ) {
      const sort: KeysetSort = { expr: ri.createdAt, type: 'timestamptz', dir: q.dir };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const states = {
        all: undefined,
        linked: isNotNull(ri.acceptedAt),
        waiting: and(isNull(ri.acceptedAt), gt(ri.expiresAt, now)),
        expired: and(isNull(ri.acceptedAt), lte(ri.expiresAt, now)),
      };
      const found = await rows({ sortKey: sortText(sort), keyId: ri.id })
        .where(
          and(
            eq(ri.referrerId, referrerId),
            states[q.state],
            term ? sql`(${ri.name} || ' ' || ${ri.email}) ilike ${term}` : undefined,
            afterCursor(sort, ri.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, ri.id))
        .limit(q.limit + 1);
      return toPage(found, q.limit);
    },

    /** The account with this address, and who referred it so far. */
    async personByEmail(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          referrerIds: referrerIdsOf(sql`${users}.id`),
        })
        .from(users)
        .where(sql`lower(${users}.email) = lower(${email})`);
      return row;
    },

    async referrerIdsOf(customerId: number): Promise<number[]> {
      const [row] = await db.select({ ids: referrerIdsOf(customerId) }).from(sql`(select 1) one`);
      return row?.ids ?? [];
    },

    /** The referrer's invitation to `email` whose link still works. */
    async waiting(referrerId: number, email: string, now: Date) {
      const [row] = await db
        .select({ id: ri.id })
        .from(ri)
        .where(
          and(
            eq(ri.referrerId, referrerId),
            sql`lower(${ri.email}) = lower(${email})`,
            isNull(ri.acceptedAt),
            gt(ri.expiresAt, now),
          ),
        );
      return row;
    },
  };
}

/** One invitation, and sending and withdrawing one. */
function invitationWrites(db: Db) {
  const { rows } = invitationQueries(db);
  return {
    /** One of the referrer's own invitations; another's is undefined (a 404). */
    async one(referrerId: number, hash: string) {
      const [row] = await rows().where(and(eq(ri.referrerId, referrerId), eq(ri.hash, hash)));
      return row;
    },

    async create(values: {
      referrerId: number;
      name: string;
      email: string;
      note: string;
      token: string;
      expiresAt: Date;
    }): Promise<ReferralInvitation> {
      const { token, ...rest } = values;
      const [row] = await db
        .insert(ri)
        .values({ ...rest, hash: newHash(), tokenHash: tokenDigest(token) })
        .returning();
      if (!row) throw new Error('referral invitation not inserted');
      return row;
    },

    /** Withdraw one of the referrer's invitations nobody took up: 'gone' when not theirs. */
    async withdraw(referrerId: number, hash: string): Promise<'withdrawn' | 'linked' | 'gone'> {
      const [row] = await db
        .delete(ri)
        .where(and(eq(ri.referrerId, referrerId), eq(ri.hash, hash), isNull(ri.acceptedAt)))
        .returning({ id: ri.id });
      if (row) return 'withdrawn';
      return (await this.one(referrerId, hash)) ? 'linked' : 'gone';
    },
  };
}

/** Taking up an invitation by its token. */
function invitationAcceptance(db: Db) {
  return {
    /** The invitation this token opens, while it is unused and unexpired, with its referrer. */
    async findUsable(token: string, now: Date) {
      const [row] = await db
        .select({ invitation: ri, referrerName: users.name, referrerEmail: users.email })
        .from(ri)
        .innerJoin(users, eq(users.id, ri.referrerId))
        .where(
          and(eq(ri.tokenHash, tokenDigest(token)), isNull(ri.acceptedAt), gt(ri.expiresAt, now)),
        );
      return row;
    },

    /**
     * Use the invitation once, linking `customerId`, unless someone else referred them first.
     * The check and the link run in one transaction with the invitation locked; the unique index
     * on `customer_id` settles two referrers' invitations taken up at once.
     */
    async accept(
      invitationId: number,
      customerId: number,
    ): Promise<'linked' | 'used' | 'referred-by-other'> {
      try {
        return await db.transaction(async (tx) => {
          const [locked] = await tx
            .select()
            .from(ri)
            .where(and(eq(ri.id, invitationId), isNull(ri.acceptedAt)))
            .for('update');
          if (!locked) return 'used' as const;
          const [other] = await tx
            .select({ id: referrals.id })
            .from(referrals)
            .where(
              and(
                eq(referrals.customerId, customerId),
                ne(referrals.referrerId, locked.referrerId),
              ),
            )
            .limit(1);
          if (other) return 'referred-by-other' as const;
          // An older invitation of the same referrer that linked them already: nothing to add.
          const [mine] = await tx
            .select({ id: ri.id, referrerId: ri.referrerId })
            .from(ri)
            .where(eq(ri.customerId, customerId));
          if (mine && mine.referrerId !== locked.referrerId) return 'referred-by-other' as const;
          await tx
            .update(ri)
            .set({ acceptedAt: new Date(), ...(mine ? {} : { customerId }) })
            .where(eq(ri.id, invitationId));
          return 'linked' as const;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return 'referred-by-other';
        throw err;
      }
    },
  };
}

/** A referrer's invitations (issue 24): sent, taken up, and the linked customers' progress. */
export function createReferralInvitationRepository(db: Db) {
  return { ...invitationReads(db), ...invitationWrites(db), ...invitationAcceptance(db) };
}
export type ReferralInvitationRepository = ReturnType<typeof createReferralInvitationRepository>;
export type ReferralInvitationRow = NonNullable<
  Awaited<ReturnType<ReferralInvitationRepository['one']>>
>;
