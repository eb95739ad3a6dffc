import type { Readable } from 'node:stream';
import type { TSigningDocument, TSigningDocumentKind } from '@lantern/contracts';
import type { DocumentSigner, SigningDocument, Tx } from '@lantern/db';
import type {
  DocumentWithSigners,
  SigningDocumentRepository,
} from '../../repositories/signing-documents.ts';
import type { FileStorage } from '../storage/index.ts';
import { type DocumentBody, renderDocument, signedCopy } from './documents.ts';
import type { SignatureSpot } from './pdf-layout.ts';

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

const keyOf = (hash: string, copy: 'unsigned' | 'signed') => `documents/${hash}/${copy}.pdf`;

export function createSigningService(deps: SigningDeps) {
  return {
    /**
     * Make a document to sign: the PDF is rendered and stored, and its SHA-256 fixed, before the
     * row exists, so a row always has its file. `replacing` supersedes the listing's open
     * document of the same kind.
     */
    async prepare(input: {
      kind: TSigningDocumentKind;
      listingId: number | null;
      templateVersion: string;
      body: DocumentBody;
      /** What the document was made from (a listing version's snapshot, a change's details). */
      data: unknown;
      createdBy: number | null;
      replacing: boolean;
    }): Promise<DocumentWithSigners> {
      const hash = deps.repo.newHash();
      const rendered = await renderDocument(
        { ...input.body, footer: `${input.body.footer} · ${hash}` },
        { producer: deps.producer, createdAt: new Date() },
      );
      const unsignedKey = keyOf(hash, 'unsigned');
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
    },

    /**
     * One person's signature. The caller has checked the consent (the request schema) and who
     * the person is; here the email must be one of the document's signers. `finish` runs in the
     * same transaction once everyone has signed, after the signed copy is recorded.
     */
    async sign(
      document: SigningDocument,
      signer: {
        userId: number;
        email: string;
        ip: string;
        userAgent: string;
        consentVersion: string;
      },
      finish?: (tx: Tx, signed: DocumentWithSigners) => Promise<void>,
    ): Promise<
      | { ok: true; completed: boolean; now: DocumentWithSigners }
      | { ok: false; reason: SignRefusal }
    > {
      return deps.repo.sign(document.id, signer, async (tx, now) => {
        const { document: doc, signers } = now;
        const unsigned = await readAll(await deps.storage.get(doc.unsignedKey));
        const content = doc.content as StoredContent;
        const completedAt = new Date();
        const copy = await signedCopy(
          unsigned,
          content.spots,
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
          completedAt,
        );
        const signedKey = keyOf(doc.hash, 'signed');
        await deps.storage.put(signedKey, Buffer.from(copy.bytes), {
          contentType: 'application/pdf',
        });
        await deps.repo.markSigned(tx, doc.id, signedKey, copy.sha256);
        await finish?.(tx, { document: { ...doc, status: 'signed' }, signers });
      });
    },

    /** The stored PDF, or null (a signed copy of a document not signed yet). */
    async file(document: SigningDocument, copy: 'unsigned' | 'signed'): Promise<Readable | null> {
      const key = copy === 'signed' ? document.signedKey : document.unsignedKey;
      return key ? deps.storage.get(key) : null;
    },

    /** The answer's shape; `viewerEmail` marks which signer is the person asking. */
    view(d: DocumentWithSigners, viewerEmail: string | null): TSigningDocument {
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
    },

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
