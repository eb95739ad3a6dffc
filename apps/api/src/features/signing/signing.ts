import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { TSigningDocument } from '@lantern/contracts';
import type { Commit, DocumentSigner, SigningDocument, Tx } from '@lantern/db';
import type { TSigningDocumentKind } from '@lantern/domain';
import type { FileStorage } from '../storage/index.ts';
import { type DocumentBody, renderDocument, signedCopy } from './documents.ts';
import type { SignatureSpot } from './pdf-layout.ts';
import type {
  DocumentWithSigners,
  SigningDocumentRepository,
} from './signing-documents.repository.ts';

/**
 * The one signing service (issue 18; docs/decisions/032): it makes a document's PDF, keeps who
 * must sign it, records each signature's trail, and when the last signer signs makes the signed
 * copy (signatures stamped, a certificate page) and records its SHA-256. The listing agreement,
 * its renewals and change forms use it; settlement statements will too.
 */
export interface SigningDeps {
  repo: SigningDocumentRepository;
  storage: FileStorage;
  /** The company, as the PDFs name their producer. */
  producer: string;
  /** Where a signer checks a signed copy's SHA-256 (the certificate says so). */
  hashNote: string;
}

/** What a document's `content` holds besides the caller's own data. */
interface StoredContent {
  spots: SignatureSpot[];
  data: unknown;
}

export type SignRefusal = 'notAwaiting' | 'notSigner' | 'alreadySigned';

const keyOf = (hash: string) => `documents/${hash}/unsigned.pdf`;

export interface Signer {
  userId: number;
  email: string;
  ip: string;
  userAgent: string;
  consentVersion: string;
}

export type Signed = { ok: true; completed: boolean; now: DocumentWithSigners };

/** The caller's part of a signature, both inside its commit. */
export interface SignSteps {
  /** Once everyone has signed, after the signed copy is recorded. */
  finish?: (tx: Tx, signed: DocumentWithSigners) => Promise<void>;
  /** After the signature is recorded (complete or not): what the caller's change adds. */
  recorded?: (signed: Signed) => Promise<void>;
}

interface StoredCopy {
  key: string;
  sha256: string;
}

/** Thrown inside the commit to roll back a signature the document refused. */
class NotSigned extends Error {
  readonly reason: SignRefusal;
  constructor(reason: SignRefusal) {
    super(reason);
    this.reason = reason;
  }
}

/** Thrown inside the commit when the signature is the last but no signed copy was made. */
class CopyNeeded extends Error {}

/**
 * When this signer is the last one, the signed copy (their signature stamped as at `signedAt`)
 * is stored under a key of its own, so two attempts at once never overwrite or delete each
 * other's; null otherwise (the signature then changes only the database).
 */
async function storeCopyIfLast(
  deps: SigningDeps,
  document: SigningDocument,
  signer: Signer & { signedAt: Date },
): Promise<StoredCopy | null> {
  const now = await deps.repo.findByHash(document.hash);
  if (now?.document.status !== 'awaiting') return null;
  const mine = (s: DocumentSigner) => s.email.toLowerCase() === signer.email.toLowerCase();
  const me = now.signers.find(mine);
  if (!me || me.signedAt || now.signers.some((s) => !mine(s) && !s.signedAt)) return null;
  const doc = now.document;
  const signers = now.signers.map((s) =>
    mine(s)
      ? {
          ...s,
          signedAt: signer.signedAt,
          ip: signer.ip,
          userAgent: signer.userAgent,
          consentVersion: signer.consentVersion,
          unsignedSha256: doc.unsignedSha256,
        }
      : s,
  );
  const unsigned = await readAll(await deps.storage.get(doc.unsignedKey));
  const copy = await signedCopy(
    unsigned,
    (doc.content as StoredContent).spots,
    {
      producer: deps.producer,
      documentTitle: doc.title,
      documentId: doc.hash,
      templateVersion: doc.templateVersion,
      createdAt: doc.createdAt,
      unsignedSha256: doc.unsignedSha256,
      signers: signers.map(trailOf),
      hashNote: deps.hashNote,
    },
    signer.signedAt,
  );
  const key = `documents/${doc.hash}/signed-${randomBytes(6).toString('hex')}.pdf`;
  await deps.storage.put(key, Buffer.from(copy.bytes), { contentType: 'application/pdf' });
  return { key, sha256: copy.sha256 };
}

/** The database phase of a signature, inside the caller's commit; a refusal rolls it back. */
async function record(
  deps: SigningDeps,
  documentId: number,
  signer: Signer & { signedAt: Date },
  copy: StoredCopy | null,
  steps: SignSteps,
): Promise<Signed> {
  const signed = await deps.repo.sign(documentId, signer, async (tx, now) => {
    if (!copy) throw new CopyNeeded();
    await deps.repo.markSigned(tx, now.document.id, copy.key, copy.sha256);
    await steps.finish?.(tx, {
      document: { ...now.document, status: 'signed' },
      signers: now.signers,
    });
  });
  if (!signed.ok) throw new NotSigned(signed.reason);
  await steps.recorded?.(signed);
  return signed;
}

/** A copy no signature refers to; failing to delete it must not hide the first failure. */
const discard = (deps: SigningDeps, key: string) =>
  deps.storage.delete([key]).catch(() => undefined);

/** What a document to sign is made from. */
interface PrepareInput {
  kind: TSigningDocumentKind;
  listingId: number | null;
  templateVersion: string;
  body: DocumentBody;
  /** What the document was made from (a listing version's snapshot, a change's details). */
  data: unknown;
  createdBy: number | null;
  replacing: boolean;
}

/**
 * Make a document to sign: the PDF is rendered and stored, and its SHA-256 fixed, before the
 * row exists, so a row always has its file. `replacing` supersedes the listing's open
 * document of the same kind.
 */
async function prepareDocument(
  deps: SigningDeps,
  input: PrepareInput,
): Promise<DocumentWithSigners> {
  const hash = deps.repo.newHash();
  const rendered = await renderDocument(
    { ...input.body, footer: `${input.body.footer} · ${hash}` },
    { producer: deps.producer, createdAt: new Date() },
  );
  const unsignedKey = keyOf(hash);
  await deps.storage.put(unsignedKey, Buffer.from(rendered.bytes), {
    contentType: 'application/pdf',
  });
  const content: StoredContent = { spots: rendered.spots, data: input.data };
  return deps.repo.insert(
    {
      hash,
      kind: input.kind,
      listingId: input.listingId,
      title: input.body.title,
      templateVersion: input.templateVersion,
      content,
      unsignedKey,
      unsignedSha256: rendered.sha256,
      createdBy: input.createdBy,
    },
    input.body.signers,
    input.replacing,
  );
}

/** The answer's shape; `viewerEmail` marks which signer is the person asking. */
function documentView(d: DocumentWithSigners, viewerEmail: string | null): TSigningDocument {
  const me = viewerEmail?.toLowerCase();
  return {
    hash: d.document.hash,
    kind: d.document.kind,
    title: d.document.title,
    status: d.document.status,
    createdAt: d.document.createdAt.toISOString(),
    completedAt: d.document.completedAt?.toISOString() ?? null,
    unsignedSha256: d.document.unsignedSha256,
    signedSha256: d.document.signedSha256,
    signers: d.signers.map((s) => ({
      name: s.name,
      email: s.email,
      signedAt: s.signedAt?.toISOString() ?? null,
      you: !!me && s.email.toLowerCase() === me,
    })),
  };
}

export function createSigningService(deps: SigningDeps) {
  return {
    /**
     * Make a document to sign: the PDF is rendered and stored, and its SHA-256 fixed, before the
     * row exists, so a row always has its file. `replacing` supersedes the listing's open
     * document of the same kind.
     */
    prepare: (input: PrepareInput) => prepareDocument(deps, input),

    /**
     * One person's signature. The caller has checked the consent (the request schema) and who
     * the person is; here the email must be one of the document's signers. The last signer's
     * signed copy is made and stored first, outside any transaction; then `commit` records the
     * signature (and `steps.finish`, once everyone has signed) and runs `steps.recorded`, so the
     * caller's change and its activity row commit together. A copy whose signature did not
     * commit is deleted.
     */
    async sign(
      document: SigningDocument,
      signer: Signer,
      commit: Commit,
      steps: SignSteps = {},
    ): Promise<Signed | { ok: false; reason: SignRefusal }> {
      for (let attempt = 1; ; attempt++) {
        const signedAt = new Date();
        const copy = await storeCopyIfLast(deps, document, { ...signer, signedAt });
        try {
          const signed = await commit(() =>
            record(deps, document.id, { ...signer, signedAt }, copy, steps),
          );
          if (copy && !signed.completed) await discard(deps, copy.key);
          return signed;
        } catch (err) {
          if (copy) await discard(deps, copy.key);
          if (err instanceof NotSigned) return { ok: false, reason: err.reason };
          // Another signer signed meanwhile, so this one is last after all: make the copy.
          if (err instanceof CopyNeeded && attempt === 1) continue;
          throw err;
        }
      }
    },

    /** The stored PDF, or null (a signed copy of a document not signed yet). */
    async file(document: SigningDocument, copy: 'unsigned' | 'signed'): Promise<Readable | null> {
      const key = copy === 'signed' ? document.signedKey : document.unsignedKey;
      return key ? deps.storage.get(key) : null;
    },

    /** The answer's shape; `viewerEmail` marks which signer is the person asking. */
    view: documentView,

    /** The data the document was made from (the caller's, as given to `prepare`). */
    dataOf(document: SigningDocument): unknown {
      return (document.content as StoredContent).data;
    },
  };
}
export type SigningService = ReturnType<typeof createSigningService>;

function trailOf(s: DocumentSigner) {
  if (!s.signedAt || !s.ip || !s.consentVersion || !s.unsignedSha256)
    throw new Error('a signer without a complete trail');
  return {
    name: s.name,
    email: s.email,
    signedAt: s.signedAt,
    ip: s.ip,
    userAgent: s.userAgent ?? '',
    consentVersion: s.consentVersion,
    unsignedSha256: s.unsignedSha256,
  };
}

async function readAll(stream: Readable | null): Promise<Uint8Array> {
  if (!stream) throw new Error('the unsigned document is missing from storage');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
