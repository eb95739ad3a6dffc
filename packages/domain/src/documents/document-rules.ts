/**
 * Documents per property and transaction (issue 23, "Documents"): the kinds of transaction, the
 * types of document, their states and the checklist. No zod here, so packages/db can import it.
 */

/** Our own transaction kinds: whose side of which deal the documents are for. */
export const TRANSACTION_KINDS = {
  sale_seller: { label: 'Selling' },
  sale_buyer: { label: 'Buying' },
  lease_landlord: { label: 'Renting out' },
} as const satisfies Record<string, { label: string }>;
export type TTransactionKind = keyof typeof TRANSACTION_KINDS;
export const TRANSACTION_KIND_KEYS = Object.keys(TRANSACTION_KINDS) as [
  TTransactionKind,
  ...TTransactionKind[],
];

export const DOCUMENT_TYPES = {
  listing_agreement: { label: 'Listing agreement' },
  sellers_disclosure: { label: "Seller's property disclosure" },
  lead_paint_disclosure: { label: 'Lead-based paint disclosure' },
  purchase_contract: { label: 'Purchase contract' },
  lease: { label: 'Lease' },
  addendum: { label: 'Addendum' },
  other: { label: 'Other document' },
} as const satisfies Record<string, { label: string }>;
export type TDocumentType = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_TYPE_KEYS = Object.keys(DOCUMENT_TYPES) as [
  TDocumentType,
  ...TDocumentType[],
];

/**
 * submitted: waiting for staff. approved: accepted. rejected: sent back with a reason; the
 * uploader sends a new file. exempt: staff decided this transaction does not need it.
 */
export const DOCUMENT_STATES = {
  submitted: { label: 'Waiting for review' },
  approved: { label: 'Approved' },
  rejected: { label: 'Sent back' },
  exempt: { label: 'Not needed' },
} as const satisfies Record<string, { label: string }>;
export type TDocumentState = keyof typeof DOCUMENT_STATES;
export const DOCUMENT_STATE_KEYS = Object.keys(DOCUMENT_STATES) as [
  TDocumentState,
  ...TDocumentState[],
];

/** What staff may decide on a document. */
export type TDocumentDecision = 'approve' | 'reject' | 'exempt';
const DECISION_STATE: Record<TDocumentDecision, TDocumentState> = {
  approve: 'approved',
  reject: 'rejected',
  exempt: 'exempt',
};

/**
 * The state a decision leaves a document in, or null when it may not be taken from `from`. Only
 * a document waiting for review is decided; a decision is final for that file (a sent-back
 * document is answered by a new file, a new row).
 */
export function documentTransition(
  from: TDocumentState,
  decision: TDocumentDecision,
): TDocumentState | null {
  return from === 'submitted' ? DECISION_STATE[decision] : null;
}

/** Whether the uploader may send a new file of a type whose latest file is in this state. */
export function canUpload(latest: TDocumentState | null): boolean {
  return latest === null || latest === 'submitted' || latest === 'rejected';
}

/** A checklist item satisfies the checklist when approved or exempt. */
export function isDone(state: TDocumentState | null): boolean {
  return state === 'approved' || state === 'exempt';
}

/**
 * Federal law asks for the lead-based paint disclosure for housing built before 1978; a home of
 * 1978 or later does not need it.
 */
export const LEAD_PAINT_BEFORE_YEAR = 1978;

const REQUIRED: Record<TTransactionKind, readonly TDocumentType[]> = {
  sale_seller: ['listing_agreement', 'sellers_disclosure', 'purchase_contract'],
  sale_buyer: ['purchase_contract'],
  lease_landlord: ['lease'],
};
/** Uploaded when there is one; never missing. */
export const OPTIONAL_DOCUMENT_TYPES: readonly TDocumentType[] = ['addendum', 'other'];

export type TChecklistNeed = 'required' | 'optional' | 'ask';

/**
 * The document types a transaction needs. The lead-based paint disclosure is required when the
 * home was built before 1978, left out from 1978 on, and 'ask' (the year is asked for) when the
 * year is not known.
 */
export function documentChecklist(
  kind: TTransactionKind,
  yearBuilt: number | null,
): { type: TDocumentType; need: TChecklistNeed }[] {
  const items: { type: TDocumentType; need: TChecklistNeed }[] = REQUIRED[kind].map((type) => ({
    type,
    need: 'required',
  }));
  if (yearBuilt === null) items.push({ type: 'lead_paint_disclosure', need: 'ask' });
  else if (yearBuilt < LEAD_PAINT_BEFORE_YEAR) {
    items.push({ type: 'lead_paint_disclosure', need: 'required' });
  }
  for (const type of OPTIONAL_DOCUMENT_TYPES) items.push({ type, need: 'optional' });
  return items;
}

/** The files we take: PDF, JPEG or PNG, told apart by their first bytes, at most 25 MB. */
export const DOCUMENT_LIMITS = { maxBytes: 25 * 1024 * 1024 } as const;
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type TDocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];
