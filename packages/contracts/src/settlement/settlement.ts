import {
  CDA_MAX_PAYEES,
  CDA_PAYEE_ROLES,
  CDA_STATUSES,
  SALE_PRICE_MAX_CENTS,
  SETTLEMENT_TRANSACTION_STATUSES,
  type TCdaPayeeRole,
  type TCdaStatus,
  type TSettlementTransactionStatus,
} from '@lantern/domain';
import { z } from 'zod';
import { pageSchema, ZListQuerySchema } from '../admin/table.ts';
import { ZSigningDocumentSchema } from '../listings/mls-listing-lifecycle.ts';
import { multilineText, singleLineText } from '../text.ts';

/**
 * The settlement vendor's page (issue 24, docs/decisions/049): the transactions a title or escrow
 * company closes on the properties staff assigned to it, the settlement statement (a PDF), and the
 * commission disbursement authorisation (CDA): who is paid what from the commission, signed by the
 * settlement agent through the signing service, approved by staff and fixed from then on.
 */

export const CDA_PAYEE_ROLE_LABELS: Record<TCdaPayeeRole, string> = {
  listing_brokerage: 'Listing brokerage',
  buyer_brokerage: 'Buyer’s brokerage',
  referral: 'Referral fee',
  transaction_fee: 'Transaction fee',
  other: 'Other',
};

export const CDA_STATUS_LABELS: Record<TCdaStatus, string> = {
  draft: 'Draft',
  signed: 'Signed, waiting for approval',
  approved: 'Approved',
};

export const SETTLEMENT_STATUS_LABELS: Record<TSettlementTransactionStatus, string> = {
  open: 'Open',
  closed: 'Closed',
};

/** The version of the CDA's wording; on every copy, changed with every change of the text. */
export const CDA_TEMPLATE_VERSION = 'cda-2026-11-24';

export const SETTLEMENT_TEXTS = {
  property: 'Choose one of the properties assigned to you.',
  noSettlementVendor:
    'No settlement vendor is assigned to this property. Assign one on their page first.',
  salePrice: 'Enter the sale price in dollars and cents.',
  salePriceTooLarge: 'A sale price is at most $1,000,000,000.00.',
  closingDate: 'Enter the closing date.',
  escrowNumberTooLong: 'Keep the file number under 40 characters.',
  openAlready:
    'This property already has an open transaction. Close that one before starting another.',
  payeeName: 'Enter who is paid.',
  payeeNameTooLong: 'Keep the name under 120 characters.',
  payeeRole: 'Choose what the payment is for.',
  instructionsTooLong: 'Keep the payment instructions under 500 characters.',
  noStatement: 'Upload the settlement statement before signing the authorisation.',
  statementNotPdf: 'The settlement statement must be a PDF.',
  statementMissing: 'Choose the settlement statement (a PDF).',
  statementTooLarge: 'The settlement statement must be at most 25 MB.',
  statementEmpty: 'The file is empty.',
  noCda: 'Fill in the commission and its payees first.',
  cdaSigned:
    'The authorisation is signed and waiting for our team. Ask us to send it back if it needs a change.',
  cdaApproved: 'The authorisation is approved and can no longer change.',
  cdaChanged:
    'The authorisation changed while it was being signed. Read it again and sign the new copy.',
  notSigned: 'Only a signed authorisation can be approved or sent back.',
  returnNote: 'Say what needs to change, for the settlement agent.',
  returnNoteTooLong: 'Keep the note under 1000 characters.',
  figuresFixed:
    'The sale price and closing date are on the signed authorisation. Ask our team to send it back to change them.',
  transactionClosed: 'This transaction is closed. Open it again to change it.',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};
const closingDate = singleLineText()
  .trim()
  .regex(ISO_DATE, SETTLEMENT_TEXTS.closingDate)
  .refine(isRealDay, SETTLEMENT_TEXTS.closingDate);
const salePrice = z
  .number({ error: SETTLEMENT_TEXTS.salePrice })
  .int(SETTLEMENT_TEXTS.salePrice)
  .min(1, SETTLEMENT_TEXTS.salePrice)
  .max(SALE_PRICE_MAX_CENTS, SETTLEMENT_TEXTS.salePriceTooLarge);
const escrowNumber = singleLineText()
  .trim()
  .max(40, SETTLEMENT_TEXTS.escrowNumberTooLong)
  .transform((v) => v || null)
  .nullable();
const hashParam = singleLineText().min(1).max(64);

export const ZSettlementParamsSchema = z.object({ hash: hashParam });
export const ZSettlementFileQuerySchema = z.object({
  copy: z.enum(['unsigned', 'signed']).default('signed'),
});

export const ZSettlementTransactionCreateSchema = z.object({
  property: singleLineText({ error: SETTLEMENT_TEXTS.property })
    .min(1, SETTLEMENT_TEXTS.property)
    .max(64),
  escrowNumber: escrowNumber.default(null),
  salePriceCents: salePrice,
  closingDate,
});
export type TSettlementTransactionCreate = z.input<typeof ZSettlementTransactionCreateSchema>;

export const ZSettlementTransactionUpdateSchema = z.object({
  escrowNumber: escrowNumber.default(null),
  salePriceCents: salePrice,
  closingDate,
  status: z.enum(SETTLEMENT_TRANSACTION_STATUSES),
});
export type TSettlementTransactionUpdate = z.input<typeof ZSettlementTransactionUpdateSchema>;

export const ZCdaPayeeInputSchema = z.object({
  name: singleLineText({ error: SETTLEMENT_TEXTS.payeeName })
    .trim()
    .min(1, SETTLEMENT_TEXTS.payeeName)
    .max(120, SETTLEMENT_TEXTS.payeeNameTooLong),
  role: z.enum(CDA_PAYEE_ROLES, { error: SETTLEMENT_TEXTS.payeeRole }),
  // Bounds and the sum are checked by checkCdaAmounts, with words on each field.
  amountCents: z.number({ error: 'Enter the amount in dollars and cents.' }),
  instructions: multilineText()
    .trim()
    .max(500, SETTLEMENT_TEXTS.instructionsTooLong)
    .transform((v) => v || null)
    .nullable()
    .default(null),
});
export type TCdaPayeeInput = z.input<typeof ZCdaPayeeInputSchema>;

export const ZCdaRequestSchema = z.object({
  commissionCents: z.number({ error: 'Enter the commission in dollars and cents.' }),
  payees: z.array(ZCdaPayeeInputSchema).max(CDA_MAX_PAYEES + 1),
});
export type TCdaRequest = z.input<typeof ZCdaRequestSchema>;

/** The settlement agent's consent and signature (the CDA's own ESIGN disclosure). */
export const SETTLEMENT_ESIGN_VERSION = 'settlement-2026-11-24';
export const SETTLEMENT_ESIGN_DISCLOSURE = {
  version: SETTLEMENT_ESIGN_VERSION,
  title: 'Signing the authorisation electronically',
  sections: [
    {
      heading: 'Electronic records and signatures',
      text: 'You sign commission disbursement authorisations here for the company you close transactions for. An electronic signature has the same effect as signing on paper.',
    },
    {
      heading: 'Paper copies and withdrawing consent',
      text: 'You may ask us for a paper copy of any authorisation at no charge, and withdraw your consent to electronic records at any time by writing to us; after that we send authorisations on paper. Authorisations signed before stay valid.',
    },
    {
      heading: 'What you need',
      text: 'A current browser and a program that opens PDF files. Download the authorisation below before you sign: if it opens, your device can read the records we keep.',
    },
  ],
  consentLabel:
    'I have read the above, I can open the PDF, and I sign this authorisation electronically.',
} as const;

export const ZSettlementSignRequestSchema = z.object({
  consent: z.literal(true, {
    error: 'Tick the box to sign electronically, or ask us for a paper copy instead.',
  }),
  consentVersion: z.literal(SETTLEMENT_ESIGN_VERSION, {
    error: 'The disclosure has changed since you opened this page. Reload it and read it again.',
  }),
});

export const ZCdaReturnRequestSchema = z.object({
  note: multilineText()
    .trim()
    .min(1, SETTLEMENT_TEXTS.returnNote)
    .max(1000, SETTLEMENT_TEXTS.returnNoteTooLong),
});

export const ZCdaPayeeSchema = z.object({
  name: z.string(),
  role: z.enum(CDA_PAYEE_ROLES),
  amountCents: z.number().int(),
  instructions: z.string().nullable(),
});
export type TCdaPayee = z.infer<typeof ZCdaPayeeSchema>;

export const ZCdaSchema = z.object({
  status: z.enum(CDA_STATUSES),
  commissionCents: z.number().int(),
  payees: z.array(ZCdaPayeeSchema),
  document: ZSigningDocumentSchema.nullable(),
  signedAt: z.string().nullable(),
  signedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  /** Staff's note when they sent it back (cleared when signed again). */
  returnNote: z.string().nullable(),
  updatedAt: z.string(),
});
export type TCda = z.infer<typeof ZCdaSchema>;

export const ZSettlementStatementSchema = z.object({
  fileName: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.string(),
});

export const ZSettlementTransactionSchema = z.object({
  hash: z.string(),
  property: z.object({ hash: z.string(), address: z.string() }),
  escrowNumber: z.string().nullable(),
  salePriceCents: z.number().int(),
  closingDate: z.string(),
  status: z.enum(SETTLEMENT_TRANSACTION_STATUSES),
  cdaStatus: z.enum(CDA_STATUSES).nullable(),
  commissionCents: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TSettlementTransaction = z.infer<typeof ZSettlementTransactionSchema>;

export const ZSettlementTransactionDetailSchema = ZSettlementTransactionSchema.extend({
  statement: ZSettlementStatementSchema.nullable(),
  cda: ZCdaSchema.nullable(),
});
export type TSettlementTransactionDetail = z.infer<typeof ZSettlementTransactionDetailSchema>;

export const ZSettlementTransactionsPageSchema = pageSchema(ZSettlementTransactionSchema);
export const ZSettlementTransactionsQuerySchema = ZListQuerySchema.extend({
  status: z.enum(SETTLEMENT_TRANSACTION_STATUSES).optional(),
});
export type TSettlementTransactionsQuery = z.infer<typeof ZSettlementTransactionsQuerySchema>;

/** Staff's queue: CDAs by state (signed first: those wait for approval). */
export const ZAdminCdaQuerySchema = ZListQuerySchema.extend({
  cda: z.enum(CDA_STATUSES).default('signed'),
});
export type TAdminCdaQuery = z.infer<typeof ZAdminCdaQuerySchema>;

/** The properties assigned to the settlement vendor, for the "new transaction" form. */
export const ZSettlementPropertiesSchema = z.object({
  properties: z.array(
    z.object({ hash: z.string(), address: z.string(), openTransaction: z.string().nullable() }),
  ),
});

export const SETTLEMENT_API = {
  properties: '/api/vendor/settlement/properties',
  list: '/api/vendor/settlement/transactions',
  one: (hash: string) => `/api/vendor/settlement/transactions/${encodeURIComponent(hash)}`,
  statement: (hash: string) =>
    `/api/vendor/settlement/transactions/${encodeURIComponent(hash)}/statement`,
  cda: (hash: string) => `/api/vendor/settlement/transactions/${encodeURIComponent(hash)}/cda`,
  sign: (hash: string) =>
    `/api/vendor/settlement/transactions/${encodeURIComponent(hash)}/cda/sign`,
  cdaFile: (hash: string, copy: 'unsigned' | 'signed') =>
    `/api/vendor/settlement/transactions/${encodeURIComponent(hash)}/cda/file?copy=${copy}`,
  adminList: '/api/admin/settlement',
  adminProperties: '/api/admin/settlement/properties',
  adminOne: (hash: string) => `/api/admin/settlement/${encodeURIComponent(hash)}`,
  adminApprove: (hash: string) => `/api/admin/settlement/${encodeURIComponent(hash)}/approve`,
  adminReturn: (hash: string) => `/api/admin/settlement/${encodeURIComponent(hash)}/return`,
  adminStatement: (hash: string) => `/api/admin/settlement/${encodeURIComponent(hash)}/statement`,
  adminCdaFile: (hash: string, copy: 'unsigned' | 'signed') =>
    `/api/admin/settlement/${encodeURIComponent(hash)}/cda/file?copy=${copy}`,
} as const;

/**
 * The sellers' closing documents (decision 066): each sale of the property whose CDA staff
 * approved, with its settlement statement and the signed CDA. Only the property's selling side
 * (SELLING_ROLES) sees them (anyone else: 404).
 */
export const ZSellerSettlementDocumentSchema = z.object({
  hash: z.string(),
  closingDate: z.string(),
  salePriceCents: z.number().int(),
  escrowNumber: z.string().nullable(),
  approvedAt: z.string(),
  statement: z
    .object({ fileName: z.string(), bytes: z.number().int(), url: z.string() })
    .nullable(),
  cda: z.object({ url: z.string(), sha256: z.string().nullable() }),
});
export type TSellerSettlementDocument = z.infer<typeof ZSellerSettlementDocumentSchema>;
export const ZSellerSettlementDocumentsSchema = z.object({
  transactions: z.array(ZSellerSettlementDocumentSchema),
});
export type TSellerSettlementDocuments = z.infer<typeof ZSellerSettlementDocumentsSchema>;
export const ZSellerSettlementFileParamsSchema = z.object({
  hash: hashParam,
  file: z.enum(['statement', 'cda']),
});

export const SELLER_SETTLEMENT_API = {
  list: '/api/dashboard/settlement-documents',
  file: (hash: string, file: 'statement' | 'cda') =>
    `/api/dashboard/settlement-documents/${encodeURIComponent(hash)}/${file}`,
} as const;

export const SELLER_SETTLEMENT_TEXTS = {
  title: 'Closing documents',
  hint: 'The settlement statement and the signed commission disbursement authorisation of each sale, once we approve them.',
  sale: (closingDate: string, price: string) => `Sale closing ${closingDate}, ${price}`,
  statement: 'Settlement statement (PDF)',
  cda: 'Commission disbursement authorisation, signed (PDF)',
  fingerprint: (sha256: string) => `SHA-256 of the signed copy: ${sha256}`,
} as const;
