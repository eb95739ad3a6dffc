import {
  type Db,
  type DocumentSigner,
  documentSigners,
  listingVersions,
  newHash,
  type SigningDocument,
  signingDocuments,
  type Tx,
} from '@lantern/db';
import type { TSigningDocumentKind } from '@lantern/domain';
import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';

export interface DocumentWithSigners {
  document: SigningDocument;
  signers: DocumentSigner[];
}

export type NewSigningDocument = Pick<
  SigningDocument,
  | 'hash'
  | 'kind'
  | 'listingId'
  | 'title'
  | 'templateVersion'
  | 'content'
  | 'unsignedKey'
  | 'unsignedSha256'
  | 'createdBy'
>;

async function signersOf(q: Db | Tx, documentId: number) {
  return q
    .select()
    .from(documentSigners)
    .where(eq(documentSigners.documentId, documentId))
    .orderBy(asc(documentSigners.position));
}

async function withSigners(q: Db | Tx, document: SigningDocument | undefined) {
  return document ? { document, signers: await signersOf(q, document.id) } : undefined;
}

/** Documents made, superseded and found. */
function signingDocumentReads(db: Db) {
  return {
    /** A new document's public id (also its storage folder). */
    newHash: () => newHash(),

    /**
     * A new document and who must sign it. `replacing`: documents of the listing of the same kind
     * still waiting for signatures are superseded first (one open agreement per listing).
     */
    async insert(
      doc: NewSigningDocument,
      signers: ReadonlyArray<{ name: string; email: string }>,
      replacing: boolean,
    ): Promise<DocumentWithSigners> {
      return db.transaction(async (tx) => {
        if (replacing && doc.listingId !== null) {
          await tx
            .update(signingDocuments)
            .set({ status: 'superseded' })
            .where(
              and(
                eq(signingDocuments.listingId, doc.listingId),
                eq(signingDocuments.kind, doc.kind),
                eq(signingDocuments.status, 'awaiting'),
              ),
            );
        }
        const [row] = await tx.insert(signingDocuments).values(doc).returning();
        if (!row) throw new Error('signing document not inserted');
        await tx
          .insert(documentSigners)
          .values(signers.map((s, position) => ({ documentId: row.id, position, ...s })));
        return { document: row, signers: await signersOf(tx, row.id) };
      });
    },

    async supersede(id: number): Promise<void> {
      await db
        .update(signingDocuments)
        .set({ status: 'superseded' })
        .where(and(eq(signingDocuments.id, id), eq(signingDocuments.status, 'awaiting')));
    },

    async findByHash(hash: string): Promise<DocumentWithSigners | undefined> {
      const [row] = await db.select().from(signingDocuments).where(eq(signingDocuments.hash, hash));
      return withSigners(db, row);
    },

    /** The listing's newest document of these kinds (any state), with its signers. */
    async latest(
      listingId: number,
      kinds: readonly TSigningDocumentKind[],
    ): Promise<DocumentWithSigners | undefined> {
      const [row] = await db
        .select()
        .from(signingDocuments)
        .where(
          and(
            eq(signingDocuments.listingId, listingId),
            inArray(signingDocuments.kind, [...kinds]),
          ),
        )
        .orderBy(desc(signingDocuments.id))
        .limit(1);
      return withSigners(db, row);
    },

    /** Every document of a listing, newest first (staff's view and downloads). */
    async ofListing(listingId: number): Promise<SigningDocument[]> {
      return db
        .select()
        .from(signingDocuments)
        .where(eq(signingDocuments.listingId, listingId))
        .orderBy(desc(signingDocuments.id));
    },
  };
}

/** A signer signing, and the listing version it makes. */
function signingDocumentSigning(db: Db) {
  return {
    /**
     * One signature, under the document's row lock so the last two signers cannot both miss
     * that they were last. `complete` runs in the same transaction when every signer has signed
     * (it records the signed copy and whatever the signing finishes, e.g. submitting a listing).
     */
    async sign(
      documentId: number,
      signer: {
        email: string;
        userId: number;
        ip: string;
        userAgent: string;
        consentVersion: string;
        /** When they signed, as the signed copy (made before this transaction) shows it. */
        signedAt: Date;
      },
      complete: (tx: Tx, now: DocumentWithSigners) => Promise<void>,
    ): Promise<
      | { ok: true; completed: boolean; now: DocumentWithSigners }
      | { ok: false; reason: 'notAwaiting' | 'notSigner' | 'alreadySigned' }
    > {
      return db.transaction(async (tx) => {
        const [doc] = await tx
          .select()
          .from(signingDocuments)
          .where(eq(signingDocuments.id, documentId))
          .for('update');
        if (doc?.status !== 'awaiting') return { ok: false, reason: 'notAwaiting' } as const;
        const signers = await signersOf(tx, doc.id);
        const me = signers.find((s) => s.email.toLowerCase() === signer.email.toLowerCase());
        if (!me) return { ok: false, reason: 'notSigner' } as const;
        if (me.signedAt) return { ok: false, reason: 'alreadySigned' } as const;
        await tx
          .update(documentSigners)
          .set({
            userId: signer.userId,
            signedAt: signer.signedAt,
            ip: signer.ip,
            userAgent: signer.userAgent,
            consentVersion: signer.consentVersion,
            unsignedSha256: doc.unsignedSha256,
          })
          .where(eq(documentSigners.id, me.id));
        const now = { document: doc, signers: await signersOf(tx, doc.id) };
        const completed = now.signers.every((s) => s.signedAt !== null);
        if (!completed) return { ok: true, completed, now };
        await complete(tx, now);
        const [after] = await tx
          .select()
          .from(signingDocuments)
          .where(eq(signingDocuments.id, doc.id));
        return { ok: true, completed, now: { document: after ?? doc, signers: now.signers } };
      });
    },

    /** Record the signed copy (inside `sign`'s transaction). */
    async markSigned(tx: Tx, documentId: number, signedKey: string, signedSha256: string) {
      await tx
        .update(signingDocuments)
        .set({ status: 'signed', signedKey, signedSha256, completedAt: sql`now()` })
        .where(eq(signingDocuments.id, documentId));
    },

    /** A new listing version made by a signed document (immutable once written). */
    async addVersion(tx: Tx, listingId: number, documentId: number, snapshot: unknown) {
      await tx.execute(sql`select pg_advisory_xact_lock(${listingId})`);
      const [row] = await tx
        .select({ n: max(listingVersions.number) })
        .from(listingVersions)
        .where(eq(listingVersions.listingId, listingId));
      const number = (row?.n ?? 0) + 1;
      await tx.insert(listingVersions).values({ listingId, documentId, snapshot, number });
      return number;
    },

    async versions(listingId: number) {
      return db
        .select()
        .from(listingVersions)
        .where(eq(listingVersions.listingId, listingId))
        .orderBy(asc(listingVersions.number));
    },
  };
}

/** Signing documents, their signers and the listing versions they made (decision 032). */
export function createSigningDocumentRepository(db: Db) {
  return { ...signingDocumentReads(db), ...signingDocumentSigning(db) };
}
export type SigningDocumentRepository = ReturnType<typeof createSigningDocumentRepository>;
