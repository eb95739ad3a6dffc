import {
  type Db,
  documentRejectReasons,
  fsboListings,
  mlsListings,
  newHash,
  type PropertyDocument,
  properties,
  propertyBuiltYears,
  propertyDocuments,
  propertyParticipants,
  users,
} from '@lantern/db';
import {
  canUpload,
  type TDocumentDecision,
  type TDocumentState,
  type TDocumentType,
  type TTransactionKind,
} from '@lantern/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

const uploader = alias(users, 'uploader');
const reviewer = alias(users, 'reviewer');
const newer = alias(propertyDocuments, 'newer');

const columns = {
  doc: propertyDocuments,
  propertyHash: properties.hash,
  street: properties.street,
  unit: properties.unit,
  city: properties.city,
  state: properties.state,
  uploaderEmail: uploader.email,
  uploaderName: uploader.name,
  reviewerEmail: reviewer.email,
  reasonKey: documentRejectReasons.key,
  reasonLabel: documentRejectReasons.label,
};

/** No newer version of the same property, kind and type. */
const isLatest = sql`not exists (select 1 from ${propertyDocuments} as newer where ${newer.propertyId} = ${propertyDocuments.propertyId} and ${newer.kind} = ${propertyDocuments.kind} and ${newer.type} = ${propertyDocuments.type} and ${newer.version} > ${propertyDocuments.version})`;

/** A document with its property, uploader, reviewer and reason. */
function documentQueries(db: Db) {
  const rows = () =>
    db
      .select(columns)
      .from(propertyDocuments)
      .innerJoin(properties, eq(properties.id, propertyDocuments.propertyId))
      .leftJoin(uploader, eq(uploader.id, propertyDocuments.uploadedBy))
      .leftJoin(reviewer, eq(reviewer.id, propertyDocuments.reviewedBy))
      .leftJoin(documentRejectReasons, eq(documentRejectReasons.id, propertyDocuments.reasonId))
      .$dynamic();

  return { rows };
}

/** The property a document is for and the years built it states. */
function documentProperties(db: Db) {
  const { rows } = documentQueries(db);
  return {
    newHash,

    /** The property, when the user takes part in it. */
    async propertyOf(userId: number, hash: string) {
      const [row] = await db
        .select({
          id: properties.id,
          hash: properties.hash,
          street: properties.street,
          unit: properties.unit,
          city: properties.city,
          state: properties.state,
        })
        .from(properties)
        .innerJoin(propertyParticipants, eq(propertyParticipants.propertyId, properties.id))
        .where(and(eq(properties.hash, hash), eq(propertyParticipants.userId, userId)))
        .limit(1);
      return row;
    },

    /** The year built as the property's MLS listing, FSBO listing and customer say it. */
    async yearsBuilt(propertyId: number) {
      const [mls] = await db
        .select({ year: sql<unknown>`${mlsListings.fields}->'YearBuilt'` })
        .from(mlsListings)
        .where(
          and(
            eq(mlsListings.propertyId, propertyId),
            sql`jsonb_typeof(${mlsListings.fields}->'YearBuilt') = 'number'`,
          ),
        )
        .orderBy(desc(mlsListings.id))
        .limit(1);
      const [fsbo] = await db
        .select({ year: sql<unknown>`${fsboListings.fields}->'yearBuilt'` })
        .from(fsboListings)
        .where(
          and(
            eq(fsboListings.propertyId, propertyId),
            sql`jsonb_typeof(${fsboListings.fields}->'yearBuilt') = 'number'`,
          ),
        )
        .limit(1);
      const [stated] = await db
        .select({ year: propertyBuiltYears.yearBuilt })
        .from(propertyBuiltYears)
        .where(eq(propertyBuiltYears.propertyId, propertyId));
      const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
      return { mls: num(mls?.year), fsbo: num(fsbo?.year), stated: stated?.year ?? null };
    },

    async stateYearBuilt(propertyId: number, year: number, userId: number): Promise<void> {
      await db
        .insert(propertyBuiltYears)
        .values({ propertyId, yearBuilt: year, statedBy: userId })
        .onConflictDoUpdate({
          target: propertyBuiltYears.propertyId,
          set: { yearBuilt: year, statedBy: userId, updatedAt: sql`now()` },
        });
    },

    /** The latest file of each type of a property's transaction. */
    latest: (propertyId: number, kind: TTransactionKind) =>
      rows().where(
        and(
          eq(propertyDocuments.propertyId, propertyId),
          eq(propertyDocuments.kind, kind),
          isLatest,
        ),
      ),
  };
}

/** Adding a document and reading one. */
function documentUploads(db: Db) {
  const { rows } = documentQueries(db);
  return {
    /**
     * A new version of a checklist item, under the lock of the latest one: refused ('closed')
     * when the latest is approved or exempt.
     */
    async add(input: {
      propertyId: number;
      kind: TTransactionKind;
      type: TDocumentType;
      hash: string;
      storageKey: string;
      fileName: string;
      contentType: string;
      bytes: number;
      sha256: string;
      uploadedBy: number;
    }): Promise<PropertyDocument | 'closed'> {
      return db.transaction(async (tx) => {
        // Two uploads at once: the second waits here and then sees the first's version.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`documents:${input.propertyId}:${input.kind}:${input.type}`}))`,
        );
        const [last] = await tx
          .select({
            id: propertyDocuments.id,
            version: propertyDocuments.version,
            state: propertyDocuments.state,
          })
          .from(propertyDocuments)
          .where(
            and(
              eq(propertyDocuments.propertyId, input.propertyId),
              eq(propertyDocuments.kind, input.kind),
              eq(propertyDocuments.type, input.type),
            ),
          )
          .orderBy(desc(propertyDocuments.version))
          .limit(1)
          .for('update');
        if (!canUpload(last?.state ?? null)) return 'closed';
        const [row] = await tx
          .insert(propertyDocuments)
          .values({ ...input, version: (last?.version ?? 0) + 1, replacesId: last?.id ?? null })
          .returning();
        if (!row) throw new Error('document not inserted');
        return row;
      });
    },

    /**
     * One document with its property and people; with `userId`, only on a property of theirs;
     * with `propertyId`, only of that property (an assigned agent's read, issue 24).
     */
    async find(hash: string, userId?: number, propertyId?: number) {
      const [row] = await rows().where(
        and(
          eq(propertyDocuments.hash, hash),
          propertyId === undefined ? undefined : eq(propertyDocuments.propertyId, propertyId),
          userId === undefined
            ? undefined
            : sql`exists (select 1 from ${propertyParticipants} where ${propertyParticipants.propertyId} = ${propertyDocuments.propertyId} and ${propertyParticipants.userId} = ${userId})`,
        ),
      );
      return row;
    },
  };
}

/** Staff's review of a document under its row lock. */
function documentReviews(db: Db) {
  return {
    /**
     * Decide on a document under its row lock: `decide` sees the state and whether a newer file
     * replaced it, and answers the new state or why not. Concurrent reviews: the second waits
     * and then sees the first's decision.
     */
    async review(
      hash: string,
      decide: (doc: {
        state: TDocumentState;
        latest: boolean;
      }) => TDocumentState | { refuse: string },
      change: {
        decision: TDocumentDecision;
        reviewedBy: number;
        /** A reason's key; refused with `reasonRefused` when there is none or it is retired. */
        reason: string | null;
        reasonRefused: string;
        note: string;
      },
    ): Promise<
      | { ok: true; before: TDocumentState; after: TDocumentState }
      | { ok: false; text: string; field?: 'reason' }
      | undefined
    > {
      return db.transaction(async (tx) => {
        const [doc] = await tx
          .select()
          .from(propertyDocuments)
          .where(eq(propertyDocuments.hash, hash))
          .for('update');
        if (!doc) return undefined;
        const [newest] = await tx
          .select({ id: propertyDocuments.id })
          .from(propertyDocuments)
          .where(
            and(
              eq(propertyDocuments.propertyId, doc.propertyId),
              eq(propertyDocuments.kind, doc.kind),
              eq(propertyDocuments.type, doc.type),
              sql`${propertyDocuments.version} > ${doc.version}`,
            ),
          )
          .limit(1);
        const next = decide({ state: doc.state, latest: !newest });
        if (typeof next === 'object') return { ok: false as const, text: next.refuse };
        const after = next;
        let reasonId: number | null = null;
        if (change.decision === 'reject') {
          const [reason] = await tx
            .select({ id: documentRejectReasons.id })
            .from(documentRejectReasons)
            .where(
              and(
                eq(documentRejectReasons.key, change.reason ?? ''),
                isNull(documentRejectReasons.retiredAt),
              ),
            );
          if (!reason) return { ok: false as const, text: change.reasonRefused, field: 'reason' };
          reasonId = reason.id;
        }
        await tx
          .update(propertyDocuments)
          .set({
            state: after,
            reviewedBy: change.reviewedBy,
            reviewedAt: sql`now()`,
            reasonId,
            note: change.decision === 'reject' ? change.note : '',
          })
          .where(eq(propertyDocuments.id, doc.id));
        return { ok: true as const, before: doc.state, after };
      });
    },
  };
}

/** Staff's queue and the reasons a file is refused. */
function documentQueue(db: Db) {
  return {
    /** Every reason, offered ones first, each in the order it was added. */
    reasons: () =>
      db
        .select({
          key: documentRejectReasons.key,
          label: documentRejectReasons.label,
          retiredAt: documentRejectReasons.retiredAt,
        })
        .from(documentRejectReasons)
        .orderBy(
          sql`${documentRejectReasons.retiredAt} is not null`,
          asc(documentRejectReasons.id),
        ),

    /** A new reason; 'exists' when one has the same words. */
    async addReason(label: string): Promise<{ key: string } | 'exists'> {
      const [row] = await db
        .insert(documentRejectReasons)
        .values({ key: newHash(), label })
        .onConflictDoNothing()
        .returning({ key: documentRejectReasons.key });
      return row ?? 'exists';
    },

    /** Retire a reason or offer it again; false when there is no such reason. */
    async setReasonRetired(key: string, retired: boolean): Promise<boolean> {
      const rows = await db
        .update(documentRejectReasons)
        .set({
          retiredAt: retired ? sql`coalesce(${documentRejectReasons.retiredAt}, now())` : null,
        })
        .where(eq(documentRejectReasons.key, key))
        .returning({ id: documentRejectReasons.id });
      return rows.length > 0;
    },

    /** Staff's queue: the latest files by state, oldest upload first by default. */
    async page(q: {
      state: 'all' | TDocumentState;
      search?: string | undefined;
      dir: 'asc' | 'desc';
      limit: number;
      cursor?: string | undefined;
    }) {
      const sort: KeysetSort = {
        expr: propertyDocuments.uploadedAt,
        type: 'timestamptz',
        dir: q.dir,
      };
      const found = await db
        .select({
          ...columns,
          sortKey: sortText(sort),
          keyId: sql<number>`${propertyDocuments.id}`,
        })
        .from(propertyDocuments)
        .innerJoin(properties, eq(properties.id, propertyDocuments.propertyId))
        .leftJoin(uploader, eq(uploader.id, propertyDocuments.uploadedBy))
        .leftJoin(reviewer, eq(reviewer.id, propertyDocuments.reviewedBy))
        .leftJoin(documentRejectReasons, eq(documentRejectReasons.id, propertyDocuments.reasonId))
        .where(
          and(
            isLatest,
            q.state === 'all' ? undefined : eq(propertyDocuments.state, q.state),
            q.search
              ? sql`(${properties.street} || ' ' || ${properties.city} || ' ' || coalesce(${uploader.email}, '')) ilike ${`%${escapeLike(q.search)}%`}`
              : undefined,
            afterCursor(sort, propertyDocuments.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, propertyDocuments.id))
        .limit(q.limit + 1);
      return toPage(found, q.limit);
    },
  };
}

/** Property documents and the stated years built (issue 23, "Documents"). */
export function createPropertyDocumentRepository(db: Db) {
  return {
    ...documentProperties(db),
    ...documentUploads(db),
    ...documentReviews(db),
    ...documentQueue(db),
  };
}
export type PropertyDocumentRepository = ReturnType<typeof createPropertyDocumentRepository>;
export type DocumentRow = NonNullable<Awaited<ReturnType<PropertyDocumentRepository['find']>>>;
