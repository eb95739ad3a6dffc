import { describe, expect, it } from 'vitest';
import {
  canUpload,
  DOCUMENT_STATE_KEYS,
  documentChecklist,
  documentTransition,
  isDone,
  type TDocumentDecision,
  type TDocumentState,
} from './document-rules.ts';

const types = (kind: Parameters<typeof documentChecklist>[0], year: number | null) =>
  documentChecklist(kind, year)
    .filter((i) => i.need !== 'optional')
    .map((i) => `${i.type}:${i.need}`);

describe('documentChecklist', () => {
  it('asks for the lead-based paint disclosure for a home built before 1978', () => {
    expect(types('sale_seller', 1977)).toContain('lead_paint_disclosure:required');
    expect(types('sale_buyer', 1900)).toContain('lead_paint_disclosure:required');
    expect(types('lease_landlord', 1977)).toContain('lead_paint_disclosure:required');
  });

  it('leaves it out from 1978 on', () => {
    for (const year of [1978, 1979, 2020]) {
      expect(types('sale_seller', year).some((t) => t.startsWith('lead_paint'))).toBe(false);
    }
  });

  it('asks for the year when it is not known', () => {
    expect(types('sale_seller', null)).toContain('lead_paint_disclosure:ask');
  });

  it('lists each kind’s own documents', () => {
    expect(types('sale_seller', 2000)).toEqual([
      'listing_agreement:required',
      'sellers_disclosure:required',
      'purchase_contract:required',
    ]);
    expect(types('sale_buyer', 2000)).toEqual(['purchase_contract:required']);
    expect(types('lease_landlord', 2000)).toEqual(['lease:required']);
    expect(
      documentChecklist('lease_landlord', 2000)
        .filter((i) => i.need === 'optional')
        .map((i) => i.type),
    ).toEqual(['addendum', 'other']);
  });
});

describe('documentTransition', () => {
  const table: [TDocumentState, TDocumentDecision, TDocumentState | null][] = [
    ['submitted', 'approve', 'approved'],
    ['submitted', 'reject', 'rejected'],
    ['submitted', 'exempt', 'exempt'],
    ['approved', 'approve', null],
    ['approved', 'reject', null],
    ['approved', 'exempt', null],
    ['rejected', 'approve', null],
    ['rejected', 'reject', null],
    ['rejected', 'exempt', null],
    ['exempt', 'approve', null],
    ['exempt', 'reject', null],
    ['exempt', 'exempt', null],
  ];
  it.each(table)('%s, %s → %s', (from, decision, to) => {
    expect(documentTransition(from, decision)).toBe(to);
  });
  it('covers every state', () => {
    expect(new Set(table.map((r) => r[0]))).toEqual(new Set(DOCUMENT_STATE_KEYS));
  });
});

describe('uploads and completion', () => {
  it.each([
    [null, true, false],
    ['submitted', true, false],
    ['rejected', true, false],
    ['approved', false, true],
    ['exempt', false, true],
  ] as const)('latest %s: upload %s, done %s', (state, upload, done) => {
    expect(canUpload(state)).toBe(upload);
    expect(isDone(state)).toBe(done);
  });
});
