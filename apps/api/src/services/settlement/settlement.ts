import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CDA_TEMPLATE_VERSION,
  checkCdaAmounts,
  DOCUMENTS_PAGES,
  formatCents,
  formatListingDay,
  MESSAGES,
  SETTLEMENT_TEXTS as S,
  SELLER_SETTLEMENT_API,
  SETTLEMENT_PAGES,
  streetAddressUnit,
  type TCdaRequest,
  type TSellerSettlementDocument,
  type TSettlementTransaction,
  type TSettlementTransactionCreate,
  type TSettlementTransactionDetail,
  type TSettlementTransactionUpdate,
  todayUtc,
  withoutControlCharacters,
  ZCdaRequestSchema,
  ZSettlementTransactionCreateSchema,
  ZSettlementTransactionUpdateSchema,
} from '@lantern/contracts';
import type { Commit } from '@lantern/db';
import type { SettlementRepository, SettlementRow } from '../../repositories/settlement.ts';
import type { SigningDocumentRepository } from '../../repositories/signing-documents.ts';
import type { UserRepository } from '../../repositories/users.ts';
import { documentTypeOf } from '../documents/sniff.ts';
import type { OutgoingMail } from '../mail/index.ts';
import {
  type BrandData,
  settlementCdaDecided,
  settlementCdaSigned,
  settlementDocumentsReady,
} from '../mail/templates.ts';
import type { SigningService } from '../signing/signing.ts';
import { commissionDisbursement } from '../signing/templates/commission-disbursement.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { FileStorage } from '../storage/index.ts';

/**
 * The settlement vendor's transactions and the commission disbursement authorisation (issue 24,
 * docs/decisions/049). The routes find the transaction through the vendor's assignment (or for
 * staff, any); the rules are here: figures fixed once signed, payees adding up to the commission,
 * the settlement statement a PDF by its bytes, one signature by the settlement agent through the
 * signing service, and staff's approval after which nothing changes.
 */
export interface SettlementDeps {
  repo: SettlementRepository;
  signing: SigningService;
  documents: Pick<SigningDocumentRepository, 'findByHash' | 'supersede'>;
  /** The signer, and the staff told that a signed CDA waits for them. */
  users: Pick<UserRepository, 'findById' | 'staffEmailsWith'>;
  storage: FileStorage;
  /** The listing brokerage, as the CDA names it. */
  broker: string;
  mail: (mail: OutgoingMail) => Promise<unknown>;
  brand: BrandData;
}

/** Thrown inside the signing transaction to roll the signature back. */
class ChangedWhileSigning extends Error {}

export type StoredFile =
  | { name: string; contentType: string; redirect: string }
  | { name: string; contentType: string; stream: Readable };

const addressOf = (r: SettlementRow) =>
  `${streetAddressUnit(r.street, r.unit)}, ${r.city}, ${r.state} ${r.zip}`;

export function createSettlementService(deps: SettlementDeps) {
  const { repo, signing, storage } = deps;

  function row(r: SettlementRow): TSettlementTransaction {
    return {
      hash: r.t.hash,
      property: { hash: r.propertyHash, address: addressOf(r) },
      escrowNumber: r.t.escrowNumber,
      salePriceCents: r.t.salePriceCents,
      closingDate: r.t.closingDate,
      status: r.t.status,
      cdaStatus: r.cda?.status ?? null,
      commissionCents: r.cda?.commissionCents ?? null,
      createdAt: r.t.createdAt.toISOString(),
    };
  }

  async function detail(
    r: SettlementRow,
    viewerEmail: string | null,
  ): Promise<TSettlementTransactionDetail> {
    const { t, cda } = r;
    const doc = r.documentHash ? await deps.documents.findByHash(r.documentHash) : undefined;
    return {
      ...row(r),
      statement:
        t.statementKey && t.statementUploadedAt
          ? {
              fileName: t.statementName ?? 'settlement-statement.pdf',
              bytes: t.statementBytes ?? 0,
              sha256: t.statementSha256 ?? '',
              uploadedAt: t.statementUploadedAt.toISOString(),
            }
          : null,
      cda: cda
        ? {
            status: cda.status,
            commissionCents: cda.commissionCents,
            payees: await repo.payees(cda.id),
            document: doc ? signing.view(doc, viewerEmail) : null,
            signedAt: cda.signedAt?.toISOString() ?? null,
            signedBy: r.signedByName,
            approvedAt: cda.approvedAt?.toISOString() ?? null,
            approvedBy: r.approvedByName,
            returnNote: cda.returnNote,
            updatedAt: cda.updatedAt.toISOString(),
          }
        : null,
    };
  }

  const fixed = (r: SettlementRow): Outcome<never> | null => {
    if (r.cda?.status === 'approved') return refuse(409, S.cdaApproved);
    if (r.cda?.status === 'signed') return refuse(409, S.cdaSigned);
    return null;
  };

  async function fileAt(key: string, name: string): Promise<StoredFile | undefined> {
    const url = await storage.signedUrl(key, { expiresInSeconds: 300 });
    if (url) return { name, contentType: 'application/pdf', redirect: url };
    const stream = await storage.get(key);
    return stream ? { name, contentType: 'application/pdf', stream } : undefined;
  }

  /** The CDA's document made from the draft as it is now, waiting for the agent's signature. */
  async function prepareCda(
    r: SettlementRow,
    cda: { revision: number; commissionCents: number },
    payees: Awaited<ReturnType<SettlementRepository['payees']>>,
    agent: { name: string; email: string },
    userId: number,
  ) {
    const body = commissionDisbursement({
      broker: deps.broker,
      address: addressOf(r),
      escrowNumber: r.t.escrowNumber,
      salePriceCents: r.t.salePriceCents,
      closingDate: r.t.closingDate,
      commissionCents: cda.commissionCents,
      payees,
      agent,
      preparedOn: todayUtc(),
    });
    return signing.prepare({
      kind: 'settlement_cda',
      listingId: null,
      templateVersion: CDA_TEMPLATE_VERSION,
      body: { ...body, footer: `${deps.broker} · ${body.title}` },
      data: {
        transaction: r.t.hash,
        revision: cda.revision,
        statementSha256: r.t.statementSha256,
        commissionCents: cda.commissionCents,
        payees,
      },
      createdBy: userId,
      replacing: false,
    });
  }

  /** Staff who approve hear of a signature at once, not on their next look at the queue. */
  async function tellApprovers(r: SettlementRow, agent: string, commissionCents: number) {
    const mail = settlementCdaSigned(deps.brand, {
      address: addressOf(r),
      agent,
      commission: formatCents(commissionCents),
      url: `${deps.brand.publicUrl}${SETTLEMENT_PAGES.adminOne(r.t.hash)}`,
    });
    for (const to of await deps.users.staffEmailsWith('settlement.approve'))
      await deps.mail({ to, ...mail });
  }

  /** Approved: the sellers find the statement and the signed CDA in their documents. */
  async function tellSellers(r: SettlementRow) {
    const mail = settlementDocumentsReady(deps.brand, {
      address: addressOf(r),
      closingDate: formatListingDay(r.t.closingDate),
      documentsUrl: `${deps.brand.publicUrl}${DOCUMENTS_PAGES.documents(r.propertyHash)}`,
    });
    for (const to of await repo.sellerEmails(r.t.propertyId)) await deps.mail({ to, ...mail });
  }

  return {
    row,
    detail,

    /**
     * A new transaction: by the settlement vendor on a property assigned to them (`vendorId`), or
     * by staff (`vendorId` null) on a property some settlement vendor is assigned — 422 otherwise,
     * since nobody could work on it.
     */
    async create(
      vendorId: number | null,
      createdBy: number,
      input: TSettlementTransactionCreate,
    ): Promise<Outcome<SettlementRow>> {
      const body = ZSettlementTransactionCreateSchema.parse(input);
      const made = await repo.create(vendorId, createdBy, body.property, {
        escrowNumber: body.escrowNumber,
        salePriceCents: body.salePriceCents,
        closingDate: body.closingDate,
      });
      if (made === 'notFound')
        return vendorId === null
          ? refuse(422, S.noSettlementVendor, { property: [S.noSettlementVendor] })
          : refuse(404, MESSAGES.notFound);
      if (made === 'openExists') return refuse(409, S.openAlready, { property: [S.openAlready] });
      const found = await repo.find(made.hash, vendorId);
      return found ? ok(found) : refuse(404, MESSAGES.notFound);
    },

    /**
     * The figures (sale price, closing date, file number) are on the CDA's PDF, so they change
     * only while it is a draft; the status (open/closed) may change at any time.
     */
    async update(r: SettlementRow, input: TSettlementTransactionUpdate): Promise<Outcome<true>> {
      const body = ZSettlementTransactionUpdateSchema.parse(input);
      const done = await repo.update(r.t.id, body, (t, cda) => {
        const figuresChanged =
          t.salePriceCents !== body.salePriceCents ||
          t.closingDate !== body.closingDate ||
          t.escrowNumber !== body.escrowNumber;
        if (figuresChanged && cda && cda.status !== 'draft') return refuse(409, S.figuresFixed);
        return null;
      });
      if (done === 'openExists') return refuse(409, S.openAlready, { status: [S.openAlready] });
      if (done !== 'done') return done;
      return ok(true);
    },

    /** The settlement statement: a PDF by its first bytes, at most the multipart limit. */
    async uploadStatement(
      r: SettlementRow,
      userId: number,
      file: { filename: string; bytes: Buffer } | 'missing' | 'tooLarge',
      commit: Commit,
    ): Promise<Outcome<true>> {
      if (file === 'missing')
        return refuse(422, S.statementMissing, { file: [S.statementMissing] });
      if (file === 'tooLarge')
        return refuse(422, S.statementTooLarge, { file: [S.statementTooLarge] });
      const locked = fixed(r);
      if (locked) return locked;
      if (file.bytes.length === 0)
        return refuse(422, S.statementEmpty, { file: [S.statementEmpty] });
      if (documentTypeOf(file.bytes.subarray(0, 8)) !== 'application/pdf')
        return refuse(422, S.statementNotPdf, { file: [S.statementNotPdf] });
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      const key = `settlement/${r.t.hash}/statement-${sha256.slice(0, 16)}.pdf`;
      await storage.put(key, file.bytes, { contentType: 'application/pdf' });
      const name = (withoutControlCharacters(file.filename).trim() || 'statement.pdf').slice(
        0,
        255,
      );
      // The key is the content's: a failed commit leaves a file no row points at, or the same
      // bytes an earlier row does, so it is left in place.
      await commit(() =>
        repo.setStatement(r.t.id, { key, name, bytes: file.bytes.length, sha256, userId }),
      );
      return ok(true);
    },

    statementFile: async (r: SettlementRow): Promise<StoredFile | undefined> =>
      r.t.statementKey
        ? fileAt(r.t.statementKey, r.t.statementName ?? 'settlement-statement.pdf')
        : undefined,

    /** Write the CDA (a draft only); the amounts are checked to add up to the commission. */
    async saveCda(r: SettlementRow, userId: number, input: TCdaRequest): Promise<Outcome<true>> {
      const body = ZCdaRequestSchema.parse(input);
      const locked = fixed(r);
      if (locked) return locked;
      if (r.t.status === 'closed') return refuse(409, S.transactionClosed);
      const check = checkCdaAmounts(body.commissionCents, body.payees);
      if (!check.ok) {
        const first = Object.values(check.errors)[0]?.[0] ?? S.noCda;
        return refuse(422, first, check.errors);
      }
      const saved = await repo.saveCda(r.t.id, userId, body.commissionCents, body.payees);
      if (saved === 'approved') return refuse(409, S.cdaApproved);
      if (saved === 'signed') return refuse(409, S.cdaSigned);
      return ok(true);
    },

    /**
     * The settlement agent signs: the CDA's PDF is made from the draft as it is now and signed in
     * one step (the agent is its only signer). Its files are stored first; `commit` then holds
     * the signature, the CDA marked signed (still the same draft, its revision, or it all rolls
     * back), the approvers' mail and `record` (the activity row's).
     */
    async sign(
      r: SettlementRow,
      userId: number,
      consentVersion: string,
      meta: { ip: string; userAgent: string },
      commit: Commit,
      record: (document: string) => void = () => {},
    ): Promise<Outcome<true>> {
      const locked = fixed(r);
      if (locked) return locked;
      if (!r.cda) return refuse(409, S.noCda);
      if (r.t.status === 'closed') return refuse(409, S.transactionClosed);
      if (!r.t.statementKey) return refuse(409, S.noStatement);
      const user = await deps.users.findById(userId);
      if (!user) return refuse(404, MESSAGES.notFound);
      const payees = await repo.payees(r.cda.id);
      // The same check as when saved: a draft that does not add up is never signed.
      if (!checkCdaAmounts(r.cda.commissionCents, payees).ok) return refuse(409, S.noCda);
      const agent = { name: user.name?.trim() || user.email, email: user.email };
      const { revision, commissionCents } = r.cda;
      // The document's row precedes the signed copy stored outside any transaction. The CDA
      // links to it only as the signature commits; a failure supersedes it, so it never
      // stands for a signature.
      const doc = await prepareCda(r, { revision, commissionCents }, payees, agent, userId);
      try {
        const signed = await signing.sign(
          doc.document,
          { userId, email: user.email, consentVersion, ...meta },
          commit,
          {
            finish: async (tx, done) => {
              if (!(await repo.markSigned(tx, r.t.id, revision, done.document.id, userId)))
                throw new ChangedWhileSigning();
            },
            recorded: async (done) => {
              if (!done.completed) throw new ChangedWhileSigning();
              await tellApprovers(r, agent.name, commissionCents);
              record(doc.document.hash);
            },
          },
        );
        if (!signed.ok) throw new ChangedWhileSigning();
      } catch (err) {
        await deps.documents.supersede(doc.document.id);
        if (err instanceof ChangedWhileSigning) return refuse(409, S.cdaChanged);
        throw err;
      }
      return ok(true);
    },

    /** The sellers' view of approved sales (decision 066): what they can download. */
    async sellerDocuments(rows: SettlementRow[]): Promise<TSellerSettlementDocument[]> {
      return Promise.all(
        rows.map(async ({ t, cda, documentHash }) => {
          const doc = documentHash ? await deps.documents.findByHash(documentHash) : undefined;
          return {
            hash: t.hash,
            closingDate: t.closingDate,
            salePriceCents: t.salePriceCents,
            escrowNumber: t.escrowNumber,
            approvedAt: (cda?.approvedAt ?? t.updatedAt).toISOString(),
            statement: t.statementKey
              ? {
                  fileName: t.statementName ?? 'settlement-statement.pdf',
                  bytes: t.statementBytes ?? 0,
                  url: SELLER_SETTLEMENT_API.file(t.hash, 'statement'),
                }
              : null,
            cda: {
              url: SELLER_SETTLEMENT_API.file(t.hash, 'cda'),
              sha256: doc?.document.signedSha256 ?? null,
            },
          };
        }),
      );
    },

    async cdaFile(r: SettlementRow, copy: 'unsigned' | 'signed') {
      if (!r.documentHash) return undefined;
      const doc = await deps.documents.findByHash(r.documentHash);
      if (!doc) return undefined;
      const key = copy === 'signed' ? doc.document.signedKey : doc.document.unsignedKey;
      if (!key) return undefined;
      return fileAt(key, `commission-disbursement-${r.t.hash}-${copy}.pdf`);
    },

    /** Staff's decision on a signed CDA (409 otherwise, also for the second of two at once). */
    async decide(
      r: SettlementRow,
      staffId: number,
      decision: { approve: true } | { approve: false; note: string },
    ): Promise<Outcome<true>> {
      const done = await repo.decide(r.t.id, staffId, decision);
      if (done === 'notFound') return refuse(409, S.notSigned);
      if (done === 'notSigned') return refuse(409, S.notSigned);
      // The agent who signed hears of it (the row was read before the decision: signed then).
      if (r.signedByEmail)
        await deps.mail({
          to: r.signedByEmail,
          ...settlementCdaDecided(deps.brand, {
            address: addressOf(r),
            approved: decision.approve,
            note: decision.approve ? null : decision.note,
            url: `${deps.brand.publicUrl}${SETTLEMENT_PAGES.vendorOne(r.t.hash)}`,
          }),
        });
      if (decision.approve) await tellSellers(r);
      return ok(true);
    },
  };
}
export type SettlementService = ReturnType<typeof createSettlementService>;
