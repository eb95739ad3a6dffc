import {
  SELLER_SETTLEMENT_API,
  streetAddressUnit,
  type TSellerSettlementDocument,
  type TSettlementTransaction,
  type TSettlementTransactionDetail,
} from '@lantern/contracts';
import type { FileStorage } from '../storage/index.ts';
import type { SettlementRow } from './settlement.repository.ts';
import type { SettlementDeps, StoredFile } from './settlement-types.ts';

export const addressOf = (r: SettlementRow) =>
  `${streetAddressUnit(r.street, r.unit)}, ${r.city}, ${r.state} ${r.zip}`;

export function settlementRow(r: SettlementRow): TSettlementTransaction {
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

export async function settlementDetail(
  deps: SettlementDeps,
  r: SettlementRow,
  viewerEmail: string | null,
): Promise<TSettlementTransactionDetail> {
  const { t, cda } = r;
  const doc = r.documentHash ? await deps.documents.findByHash(r.documentHash) : undefined;
  return {
    ...settlementRow(r),
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
          payees: await deps.repo.payees(cda.id),
          document: doc ? deps.signing.view(doc, viewerEmail) : null,
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

/** The sellers' view of approved sales (decision 066): what they can download. */
export function sellerDocuments(
  deps: SettlementDeps,
  rows: SettlementRow[],
): Promise<TSellerSettlementDocument[]> {
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
}

/** A stored PDF: a short-lived link where the storage has them, else its bytes. */
export async function fileAt(
  storage: FileStorage,
  key: string,
  name: string,
): Promise<StoredFile | undefined> {
  const url = await storage.signedUrl(key, { expiresInSeconds: 300 });
  if (url) return { name, contentType: 'application/pdf', redirect: url };
  const stream = await storage.get(key);
  return stream ? { name, contentType: 'application/pdf', stream } : undefined;
}
