import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  DOCUMENT_TEXTS,
  MESSAGES,
  streetAddressUnit,
  type TAdminDocumentRow,
  type TAdminDocumentsQuery,
  type TChecklist,
  type TDocument,
  type TDocumentReviewRequest,
  type TRejectReason,
  withoutControlCharacters,
} from '@lantern/contracts';
import type { Commit } from '@lantern/db';
import {
  canUpload,
  DOCUMENT_LIMITS,
  DOCUMENT_TYPES,
  DOCUMENTS_PAGES,
  documentChecklist,
  documentTransition,
  isDone,
  type TDocumentContentType,
  type TDocumentState,
  type TDocumentType,
  type TTransactionKind,
} from '@lantern/domain';
import type { OutgoingMail } from '../mail/index.ts';
import { type BrandData, documentRejected } from '../mail/templates.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { FileStorage } from '../storage/index.ts';
import type { DocumentRow, PropertyDocumentRepository } from './property-documents.repository.ts';
import { DOCUMENT_MAGIC_BYTES, documentTypeOf } from './sniff.ts';

/** The checklist closed while the file was being stored (found inside the commit). */
class ChecklistClosed extends Error {}

class Refused extends Error {
  readonly text: string;
  constructor(text: string) {
    super(text);
    this.text = text;
  }
}

/**
 * Passes a file through while checking it: the type by its first bytes, the size by counting,
 * and its SHA-256. Fails (and so stops the store) on the first byte too many or a wrong type.
 */
function documentCheck() {
  let head = Buffer.alloc(0);
  let type: TDocumentContentType | null = null;
  let bytes = 0;
  const hash = createHash('sha256');
  const decide = (final: boolean) => {
    if (type || (head.length < DOCUMENT_MAGIC_BYTES && !final)) return undefined;
    if (final && bytes === 0) return new Refused(DOCUMENT_TEXTS.empty);
    type = documentTypeOf(head);
    return type ? undefined : new Refused(DOCUMENT_TEXTS.wrongType);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > DOCUMENT_LIMITS.maxBytes) return done(new Refused(DOCUMENT_TEXTS.tooLarge));
      hash.update(chunk);
      if (!type && head.length < DOCUMENT_MAGIC_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, DOCUMENT_MAGIC_BYTES - head.length)]);
      }
      done(decide(false), chunk);
    },
    flush(done) {
      done(decide(true));
    },
  });
  return {
    stream,
    get type() {
      return type;
    },
    digest: () => hash.digest('hex'),
  };
}

/** The name shown for a file: the browser's name, shortened, control characters out. */
function displayName(name: string): string {
  const clean = withoutControlCharacters(name).trim();
  return (clean || 'document').slice(0, 255);
}

const address = (r: Pick<DocumentRow, 'street' | 'unit' | 'city' | 'state'>) =>
  `${streetAddressUnit(r.street, r.unit)}, ${r.city}, ${r.state}`;

function view(r: DocumentRow): TDocument {
  const d = r.doc;
  return {
    hash: d.hash,
    kind: d.kind,
    type: d.type,
    state: d.state,
    version: d.version,
    fileName: d.fileName,
    contentType: d.contentType,
    bytes: d.bytes,
    sha256: d.sha256,
    uploadedAt: d.uploadedAt.toISOString(),
    uploadedBy: r.uploaderName || r.uploaderEmail,
    reviewedAt: d.reviewedAt?.toISOString() ?? null,
    reason: r.reasonKey,
    reasonText: r.reasonLabel,
    note: d.note,
  };
}

function adminRow(r: DocumentRow): TAdminDocumentRow {
  return {
    ...view(r),
    property: { hash: r.propertyHash, address: address(r) },
    uploaderEmail: r.uploaderEmail,
    reviewerEmail: r.reviewerEmail,
  };
}

export interface IncomingDocument {
  filename: string;
  file: Readable;
}

/** What the document service needs. */
interface DocumentDeps {
  repo: PropertyDocumentRepository;
  storage: FileStorage;
  mail: (mail: OutgoingMail) => Promise<unknown>;
  brand: BrandData;
}

type DocumentProperty = NonNullable<Awaited<ReturnType<PropertyDocumentRepository['propertyOf']>>>;

async function yearBuilt(
  repo: PropertyDocumentRepository,
  propertyId: number,
): Promise<TChecklist['yearBuilt']> {
  const years = await repo.yearsBuilt(propertyId);
  // A listing's form is what the MLS or the public page shows, so it wins over a stated year.
  if (years.mls !== null) return { year: years.mls, source: 'mls' };
  if (years.fsbo !== null) return { year: years.fsbo, source: 'fsbo' };
  if (years.stated !== null) return { year: years.stated, source: 'stated' };
  return { year: null, source: null };
}

/** The checklist of a property (already access-checked) for a transaction kind. */
async function checklistFor(
  repo: PropertyDocumentRepository,
  property: DocumentProperty,
  kind: TTransactionKind,
): Promise<TChecklist> {
  const built = await yearBuilt(repo, property.id);
  const latest = new Map((await repo.latest(property.id, kind)).map((r) => [r.doc.type, r]));
  const items = documentChecklist(kind, built.year).map(({ type, need }) => {
    const row = latest.get(type);
    const state = row?.doc.state ?? null;
    return {
      type,
      label: DOCUMENT_TYPES[type].label,
      need,
      missing: need !== 'optional' && !isDone(state),
      canUpload: canUpload(state),
      latest: row ? view(row) : null,
    };
  });
  return {
    property: { hash: property.hash, address: address(property) },
    kind,
    yearBuilt: built,
    items,
    missing: items.filter((i) => i.missing).length,
  };
}

/** Read the rest of an upload nobody will store, so the request can end. */
async function drain(part: IncomingDocument | undefined) {
  if (!part) return;
  part.file.resume();
  await finished(part.file).catch(() => undefined);
}

/** The upload streamed to storage while its bytes and size are checked; a refusal removes it. */
async function storeChecked(
  storage: FileStorage,
  key: string,
  part: IncomingDocument,
): Promise<Outcome<{ bytes: number; check: ReturnType<typeof documentCheck> }>> {
  const check = documentCheck();
  check.stream.on('error', () => undefined);
  part.file.once('error', (err) => check.stream.destroy(err));
  part.file.pipe(check.stream);
  try {
    const bytes = await storage.put(key, check.stream, {
      contentType: 'application/octet-stream',
    });
    return ok({ bytes, check });
  } catch (err) {
    part.file.unpipe(check.stream);
    await drain(part);
    await storage.delete([key]);
    const cause = check.stream.errored ?? err;
    if (cause instanceof Refused) return refuse(422, cause.text, { file: [cause.text] });
    throw err;
  }
}

/** One file for a checklist item: checked by its bytes and size while it is stored. */
async function upload(
  { repo, storage }: DocumentDeps,
  userId: number,
  target: { property: string; kind: TTransactionKind; type: TDocumentType },
  part: IncomingDocument | undefined,
  commit: Commit,
): Promise<Outcome<TDocument>> {
  const property = await repo.propertyOf(userId, target.property);
  if (!property) {
    await drain(part);
    return refuse(404, MESSAGES.notFound);
  }
  if (!part) return refuse(422, DOCUMENT_TEXTS.noFile, { file: [DOCUMENT_TEXTS.noFile] });
  const hash = repo.newHash();
  const key = `properties/${property.hash}/documents/${hash}`;
  const stored = await storeChecked(storage, key, part);
  if (!stored.ok) return stored;
  const { bytes, check } = stored.value;
  // The file is stored; its row commits with the route's activity row, or the file goes.
  let row: Awaited<ReturnType<typeof repo.add>>;
  try {
    row = await commit(async () => {
      const added = await repo.add({
        propertyId: property.id,
        kind: target.kind,
        type: target.type,
        hash,
        storageKey: key,
        fileName: displayName(part.filename),
        contentType: check.type ?? 'application/octet-stream',
        bytes,
        sha256: check.digest(),
        uploadedBy: userId,
      });
      // A refusal found inside rolls the unit back, so no activity row is written for it.
      if (added === 'closed') throw new ChecklistClosed();
      return added;
    });
  } catch (err) {
    await storage.delete([key]);
    if (err instanceof ChecklistClosed) return refuse(409, DOCUMENT_TEXTS.closed);
    throw err;
  }
  const found = await repo.find(row.hash);
  if (!found) return refuse(404, MESSAGES.notFound);
  return ok(view(found));
}

/** The checklists and the year built the customer states. */
function documentChecklists({ repo }: DocumentDeps) {
  return {
    /** The checklist of a property (already access-checked) for a transaction kind. */
    checklistFor: (property: DocumentProperty, kind: TTransactionKind) =>
      checklistFor(repo, property, kind),

    async checklist(
      userId: number,
      propertyHash: string,
      kind: TTransactionKind,
    ): Promise<TChecklist | undefined> {
      const property = await repo.propertyOf(userId, propertyHash);
      return property ? checklistFor(repo, property, kind) : undefined;
    },

    /** The customer states the year built; the listings' year still wins when there is one. */
    async stateYearBuilt(userId: number, propertyHash: string, year: number): Promise<boolean> {
      const property = await repo.propertyOf(userId, propertyHash);
      if (!property) return false;
      await repo.stateYearBuilt(property.id, year, userId);
      return true;
    },
  };
}

/** Files in and out: uploads checked while stored, and a document's bytes. */
function documentFiles(deps: DocumentDeps) {
  const { repo, storage } = deps;
  return {
    upload: (
      userId: number,
      target: { property: string; kind: TTransactionKind; type: TDocumentType },
      part: IncomingDocument | undefined,
      commit: Commit,
    ) => upload(deps, userId, target, part, commit),

    /**
     * A document's bytes, with `userId` only on a property the user takes part in (another's is
     * not found). S3 answers a short-lived link instead.
     */
    async fileOf(
      hash: string,
      userId?: number,
      /** Only a document of this property: the vendor area's check (issue 24). */
      propertyId?: number,
    ): Promise<
      | { name: string; contentType: string; redirect: string }
      | { name: string; contentType: string; stream: Readable }
      | undefined
    > {
      const found = await repo.find(hash, userId, propertyId);
      if (!found) return undefined;
      const { storageKey, fileName, contentType } = found.doc;
      const url = await storage.signedUrl(storageKey, { expiresInSeconds: 300 });
      if (url) return { name: fileName, contentType, redirect: url };
      const stream = await storage.get(storageKey);
      return stream ? { name: fileName, contentType, stream } : undefined;
    },
  };
}

/** Staff's list, the reasons to send a document back, and the review itself. */
function documentReviews(deps: DocumentDeps) {
  const { repo, brand } = deps;
  return {
    page: (q: TAdminDocumentsQuery) => repo.page(q),
    adminRow,

    async reasons(): Promise<TRejectReason[]> {
      return (await repo.reasons()).map((r) => ({
        key: r.key,
        label: r.label,
        retired: r.retiredAt !== null,
      }));
    },

    async addReason(label: string): Promise<Outcome<string>> {
      const added = await repo.addReason(label);
      if (added === 'exists') {
        return refuse(422, DOCUMENT_TEXTS.reasonExists, { label: [DOCUMENT_TEXTS.reasonExists] });
      }
      return ok(added.key);
    },

    setReasonRetired: (key: string, retired: boolean) => repo.setReasonRetired(key, retired),

    async adminDetail(hash: string): Promise<TAdminDocumentRow | undefined> {
      const found = await repo.find(hash);
      return found ? adminRow(found) : undefined;
    },

    /** Staff decide, under the row's lock; a document sent back is mailed to its uploader. */
    async review(
      staffId: number,
      hash: string,
      input: TDocumentReviewRequest,
    ): Promise<Outcome<{ before: TDocumentState; after: TDocumentState }>> {
      const reason = input.decision === 'reject' ? input.reason : null;
      const note = input.decision === 'reject' ? (input.note ?? '') : '';
      const outcome = await repo.review(
        hash,
        (doc) => {
          if (!doc.latest) return { refuse: DOCUMENT_TEXTS.notLatest };
          return (
            documentTransition(doc.state, input.decision) ?? { refuse: DOCUMENT_TEXTS.decided }
          );
        },
        {
          decision: input.decision,
          reviewedBy: staffId,
          reason,
          note,
          reasonRefused: DOCUMENT_TEXTS.reasonRetired,
        },
      );
      if (!outcome) return refuse(404, MESSAGES.notFound);
      if (!outcome.ok) {
        return outcome.field
          ? refuse(422, outcome.text, { reason: [outcome.text] })
          : refuse(409, outcome.text);
      }
      if (outcome.after === 'rejected') {
        const found = await repo.find(hash);
        if (found?.uploaderEmail) {
          await deps.mail({
            to: found.uploaderEmail,
            ...documentRejected(brand, {
              document: DOCUMENT_TYPES[found.doc.type].label,
              address: address(found),
              reason: found.reasonLabel ?? '',
              note,
              url: `${brand.publicUrl}${DOCUMENTS_PAGES.documents(found.propertyHash, found.doc.kind)}`,
            }),
          });
        }
      }
      return ok({ before: outcome.before, after: outcome.after });
    },
  };
}

/**
 * Documents per property and transaction (issue 23, "Documents"): the checklist by transaction
 * kind and year built, uploads checked by their bytes and streamed to storage, files behind the
 * property's access check, and staff's review (approve, send back with a reason, not needed).
 * The vendor area's seller documents page (issue 24) calls `checklistFor` and `fileOf` with the
 * property it may see.
 */
export function createDocumentService(deps: DocumentDeps) {
  return {
    ...documentChecklists(deps),
    ...documentFiles(deps),
    ...documentReviews(deps),
  };
}
export type DocumentService = ReturnType<typeof createDocumentService>;
