import { createHash } from 'node:crypto';
import {
  formatListingDay,
  MESSAGES,
  SETTLEMENT_TEXTS as S,
  type TCdaRequest,
  type TSettlementTransactionCreate,
  type TSettlementTransactionUpdate,
  withoutControlCharacters,
  ZCdaRequestSchema,
  ZSettlementTransactionCreateSchema,
  ZSettlementTransactionUpdateSchema,
} from '@lantern/contracts';
import type { Commit } from '@lantern/db';
import { checkCdaAmounts, DOCUMENTS_PAGES, SETTLEMENT_PAGES } from '@lantern/domain';
import { documentTypeOf } from '../documents/sniff.ts';
import { settlementCdaDecided, settlementDocumentsReady } from '../mail/templates.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { SettlementRow } from './settlement.repository.ts';
import { fixed, signCda } from './settlement-signing.ts';
import type { SettlementDeps, StoredFile } from './settlement-types.ts';
import {
  addressOf,
  fileAt,
  sellerDocuments,
  settlementDetail,
  settlementRow,
} from './settlement-views.ts';

// Moved to settlement-types.ts so the sub-modules need not import this file; kept exported.
export type { SettlementDeps, StoredFile } from './settlement-types.ts';

/** Approved: the sellers find the statement and the signed CDA in their documents. */
async function tellSellers(deps: SettlementDeps, r: SettlementRow) {
  const mail = settlementDocumentsReady(deps.brand, {
    address: addressOf(r),
    closingDate: formatListingDay(r.t.closingDate),
    documentsUrl: `${deps.brand.publicUrl}${DOCUMENTS_PAGES.documents(r.propertyHash)}`,
  });
  for (const to of await deps.repo.sellerEmails(r.t.propertyId)) await deps.mail({ to, ...mail });
}

/** The transaction itself: made, its figures and status, its settlement statement. */
function settlementTransactions(deps: SettlementDeps) {
  const { repo, storage } = deps;
  return {
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
        ? fileAt(storage, r.t.statementKey, r.t.statementName ?? 'settlement-statement.pdf')
        : undefined,
  };
}

/** The CDA: written as a draft, signed by the agent, decided by staff, and its PDFs. */
function settlementCda(deps: SettlementDeps) {
  const { repo, storage } = deps;
  return {
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
      return signCda(deps, r, userId, consentVersion, meta, commit, record);
    },

    async cdaFile(r: SettlementRow, copy: 'unsigned' | 'signed') {
      if (!r.documentHash) return undefined;
      const doc = await deps.documents.findByHash(r.documentHash);
      if (!doc) return undefined;
      const key = copy === 'signed' ? doc.document.signedKey : doc.document.unsignedKey;
      if (!key) return undefined;
      return fileAt(storage, key, `commission-disbursement-${r.t.hash}-${copy}.pdf`);
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
      if (decision.approve) await tellSellers(deps, r);
      return ok(true);
    },
  };
}

/**
 * The settlement vendor's transactions and the commission disbursement authorisation (issue 24,
 * docs/decisions/049). The routes find the transaction through the vendor's assignment (or for
 * staff, any); the rules are here: figures fixed once signed, payees adding up to the commission,
 * the settlement statement a PDF by its bytes, one signature by the settlement agent through the
 * signing service, and staff's approval after which nothing changes.
 */
export function createSettlementService(deps: SettlementDeps) {
  return {
    row: settlementRow,
    detail: (r: SettlementRow, viewerEmail: string | null) =>
      settlementDetail(deps, r, viewerEmail),
    ...settlementTransactions(deps),
    ...settlementCda(deps),
    /** The sellers' view of approved sales (decision 066): what they can download. */
    sellerDocuments: (rows: SettlementRow[]) => sellerDocuments(deps, rows),
  };
}
export type SettlementService = ReturnType<typeof createSettlementService>;
